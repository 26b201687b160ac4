import { useQuery, useQueryClient } from '@tanstack/react-query';
import { packetRoutes, type TRequestOf, type TResponseOf, tradeRoutes } from '@yunhu/contract';
import { call } from '../../shared/http/api';

const r = tradeRoutes;

/** Page keys of the lists (their query keys start with them, so a change refreshes them). */
export const orderPageKey = 'tradeOrders';
export const ledgerPageKey = 'tradeLedger';
export const minePageKey = 'packetMine';
export const platformOrderPageKey = 'platformOrders';
export const platformAccountPageKey = 'platformAccounts';
export const refundPageKey = 'tradeRefunds';
export const seatCancelPageKey = 'tradeSeatCancels';
export const platformRefundPageKey = 'platformRefunds';
const seatPriceKey = ['trade', 'platformSeatPrices'] as const;
const accountKey = ['trade', 'account'] as const;

export type TOrderRow = TResponseOf<typeof r.orderPage>['records'][number];
export type TOrderDetails = TResponseOf<typeof r.orderDetails>;
export type TQrCode = TResponseOf<typeof r.generateQrCode>;
export type TAccountRow = TResponseOf<typeof r.platformAccountPage>['records'][number];
export type TBuyItem = TRequestOf<typeof r.buy>['items'][number];
export type TRefundRow = TResponseOf<typeof r.refundPage>['records'][number];
export type TSeatPriceRow = TResponseOf<typeof r.platformSeatPrices>[number];
export type TPacketRow = TResponseOf<typeof packetRoutes.mine>['records'][number];

/** About what a package's 退订 gives back: its unused seconds at the price paid, rounded down (the server decides). */
export const unsubscribeEstimate = (p: Pick<TPacketRow, 'price' | 'remainingSeconds' | 'totalSeconds'>) =>
  p.totalSeconds > 0 ? Math.floor((p.price * p.remainingSeconds) / p.totalSeconds) : 0;

/** The platform's seat prices per line. */
export const usePlatformSeatPrices = () =>
  useQuery({ queryKey: seatPriceKey, queryFn: () => call(r.platformSeatPrices, {}) });

/** Refund applications and their examination; each change refreshes the lists and the balance. */
export const useRefundActions = () => {
  const client = useQueryClient();
  const refresh = () =>
    Promise.all(
      [refundPageKey, seatCancelPageKey, platformRefundPageKey, orderPageKey, platformOrderPageKey, minePageKey].map(
        (k) => client.invalidateQueries({ queryKey: [k] }),
      ),
    );
  return {
    quote: (seatId: number) => call(r.seatCancelQuote, { seatId }),
    apply: async (input: TRequestOf<typeof r.seatCancelOrder>) => {
      const result = await call(r.seatCancelOrder, input);
      await refresh();
      return result;
    },
    /** 退订 of a bought package (frozen until the platform examines it). */
    unsubscribe: async (input: TRequestOf<typeof r.packetUnsubscribe>) => {
      const result = await call(r.packetUnsubscribe, input);
      await refresh();
      return result;
    },
    /** 充值退款: what of a top-up is unused, sent back the way it was paid once the platform approves. */
    rechargeRefund: async (input: TRequestOf<typeof r.rechargeRefundApply>) => {
      const result = await call(r.rechargeRefundApply, input);
      await Promise.all([refresh(), client.invalidateQueries({ queryKey: ['trade', 'order'] })]);
      return result;
    },
    /** What of a top-up the platform may refund now. */
    rechargeQuote: (input: TRequestOf<typeof r.platformRechargeRefundQuote>) =>
      call(r.platformRechargeRefundQuote, input),
    /** 充值退款 by the platform itself: back the way it was paid at once. */
    platformRechargeRefund: async (input: TRequestOf<typeof r.platformRechargeRefund>) => {
      const result = await call(r.platformRechargeRefund, input);
      await refresh();
      return result;
    },
    examine: async (input: TRequestOf<typeof r.examine>) => {
      const result = await call(r.examine, input);
      await refresh();
      return result;
    },
    savePrice: async (input: TRequestOf<typeof r.platformSeatPriceSave>) => {
      const result = await call(r.platformSeatPriceSave, input);
      await client.invalidateQueries({ queryKey: seatPriceKey });
      await client.invalidateQueries({ queryKey: ['seat', 'prices'] });
      return result;
    },
  };
};

export const useAccount = () => useQuery({ queryKey: accountKey, queryFn: () => call(r.account, {}) });

/** The enabled catalogue (all lines). */
export const useCatalogue = () =>
  useQuery({ queryKey: ['packet', 'catalogue'], queryFn: () => call(packetRoutes.list, {}), staleTime: 30_000 });

export const useOrderDetails = (orderNo: string) =>
  useQuery({
    queryKey: ['trade', 'order', orderNo],
    queryFn: () => call(r.orderDetails, { orderNo }),
    enabled: orderNo !== '',
  });

/** Orders and payment; each change refreshes the lists and the balance. */
export const useTradeActions = () => {
  const client = useQueryClient();
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: [orderPageKey] }),
      client.invalidateQueries({ queryKey: accountKey }),
      client.invalidateQueries({ queryKey: [ledgerPageKey] }),
      client.invalidateQueries({ queryKey: [minePageKey] }),
      client.invalidateQueries({ queryKey: ['trade', 'order'] }),
    ]);
  return {
    refresh,
    buy: (items: TBuyItem[]) => call(r.buy, { items }),
    recharge: (amount: number) => call(r.recharge, { amount }),
    qrCode: (orderNo: string) => call(r.generateQrCode, { orderNo }),
    result: (orderNo: string) => call(r.findPayResult, { orderNo }),
    close: async (orderNo: string) => {
      const result = await call(r.payTradeClose, { orderNo });
      await refresh();
      return result;
    },
    adjust: async (input: TRequestOf<typeof r.platformAdjust>) => {
      const result = await call(r.platformAdjust, input);
      await client.invalidateQueries({ queryKey: [platformAccountPageKey] });
      return result;
    },
  };
};
