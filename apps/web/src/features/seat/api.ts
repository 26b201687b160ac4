import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lineRoutes, seatRoutes, type TRequestOf, type TResponseOf, tradeRoutes } from '@yunhu/contract';
import { namedOptions } from '../../shared/form/options';
import { call } from '../../shared/http/api';
import { refreshAfter } from '../../shared/http/refreshAfter';

const r = seatRoutes;

/** Page keys of the lists (their query keys start with them, so a change refreshes them). */
export const seatPageKey = 'seatList';
export const callingPageKey = 'callingList';
const countKey = ['seat', 'countMap'] as const;

export type TSeatRow = TResponseOf<typeof r.list>['records'][number];
export type TCallingRow = TResponseOf<typeof r.callingList>['records'][number];
export type TCallingSave = TRequestOf<typeof r.callingSave>;
export type TCallingBatch = TRequestOf<typeof r.callingSaveBatch>;

/** What a seat costs per month on each line (the platform's price). */
export const useSeatPrices = () =>
  useQuery({ queryKey: ['seat', 'prices'], queryFn: () => call(r.seatPriceList, {}), staleTime: 60_000 });

export const useSeatCounts = () => useQuery({ queryKey: countKey, queryFn: () => call(r.countMap, {}) });

/** Staff of the user's data scope for the pickers. */
export const useStaffOptions = (enabled = true) =>
  useQuery({
    queryKey: ['seat', 'staffOptions'],
    queryFn: () => call(r.staffOptions, {}),
    enabled,
    staleTime: 60_000,
    select: (rows) =>
      rows.map((s) => ({ value: s.id, label: s.deptName ? `${s.realName}（${s.deptName}）` : s.realName })),
  });

/** The lines the enterprise holds seats on. */
export const useLineOptions = () =>
  useQuery({
    queryKey: ['line', 'options'],
    queryFn: () => call(lineRoutes.lineOptions, {}),
    staleTime: 60_000,
    select: (rows) => namedOptions(rows),
  });

export const useCallingOptions = () =>
  useQuery({ queryKey: ['seat', 'callingOptions'], queryFn: () => call(r.callingOptions, {}), staleTime: 60_000 });

/** Seat changes; each refreshes the list and the counts. */
export const useSeatActions = () => {
  const client = useQueryClient();
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: [seatPageKey] }),
      client.invalidateQueries({ queryKey: countKey }),
      client.invalidateQueries({ queryKey: ['line'] }),
    ]);
  const then = refreshAfter(refresh);
  return {
    assign: then((input: TRequestOf<typeof r.addSeat>) => call(r.addSeat, input)),
    handOver: then((input: TRequestOf<typeof r.updateSeat>) => call(r.updateSeat, input)),
    autoRenewal: then((ids: number[], autoRenewal: boolean) => call(r.autoRenewalSwitch, { ids, autoRenewal })),
    /** Paid from the balance, or an order left for a QR code (`isPaid` false). */
    renew: then((input: TRequestOf<typeof tradeRoutes.seatRenewal>) => call(tradeRoutes.seatRenewal, input)),
    /** An order for new seats, paid by QR (the seats exist once the server has the payment). */
    buy: (input: TRequestOf<typeof tradeRoutes.buySeat>) => call(tradeRoutes.buySeat, input),
    refresh,
    release: then((id: number) => call(r.releaseSeat, { id })),
    remove: then((id: number) => call(r.deleteSeat, { id })),
  };
};

export const useCallingActions = () => {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: [callingPageKey] });
  return {
    save: async (input: TCallingSave) => {
      await call(r.callingSave, input);
      await refresh();
    },
    saveBatch: async (input: TCallingBatch) => {
      await call(r.callingSaveBatch, input);
      await refresh();
    },
    reset: async (userIds: number[]) => {
      await call(r.callingReset, { userIds });
      await refresh();
    },
  };
};
