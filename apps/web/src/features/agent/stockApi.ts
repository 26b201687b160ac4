import { useQuery, useQueryClient } from '@tanstack/react-query';
import { agentRoutes, type TRequestOf } from '@yunhu/contract';
import { call } from '../../shared/http/api';

const r = agentRoutes;

// 开通线路, 线路库存, 套餐管理, 套餐变更.

/** 套餐管理's and 套餐变更's list keys (their query keys start with them). */
export const agentPacketPageKey = 'agentPackets';
export const agentChangePageKey = 'agentPacketChanges';

export const useOpenedLines = (agentId: number | null) =>
  useQuery({
    queryKey: ['agentStock', 'openings', agentId],
    queryFn: () => call(r.platformOpenedLines, { agentId: agentId! }),
    enabled: agentId !== null,
  });

export const useOpenLines = () => {
  const client = useQueryClient();
  return async (input: TRequestOf<typeof r.platformOpenLines>) => {
    const after = await call(r.platformOpenLines, input);
    await client.invalidateQueries({ queryKey: ['agentStock', 'openings', input.agentId] });
    return after;
  };
};

export const useLineStock = () => useQuery({ queryKey: ['agentStock', 'stock'], queryFn: () => call(r.lineStock, {}) });

export const useCallLines = () =>
  useQuery({ queryKey: ['agentStock', 'callLines'], queryFn: () => call(r.callLineList, {}) });

/** The base cost for the package form (refused on a line not opened). */
export const usePacketBase = (q: { lineId?: number; minutes?: number; validityDays?: number }) =>
  useQuery({
    queryKey: ['agentStock', 'base', q.lineId, q.minutes, q.validityDays],
    queryFn: () =>
      call(r.queryLineOfCreatePacket, { lineId: q.lineId!, minutes: q.minutes!, validityDays: q.validityDays! }),
    enabled: Boolean(q.lineId && q.minutes && q.validityDays),
    retry: false,
  });

export const useSavePacket = () => {
  const client = useQueryClient();
  return async (input: TRequestOf<typeof r.packetSave>) => {
    const saved = await call(r.packetSave, input);
    await client.invalidateQueries({ queryKey: [agentPacketPageKey] });
    return saved;
  };
};

export const useShelfPacket = () => {
  const client = useQueryClient();
  return async (input: TRequestOf<typeof r.packetShelf>) => {
    await call(r.packetShelf, input);
    await client.invalidateQueries({ queryKey: [agentPacketPageKey] });
  };
};

/** The agent's enterprises, for 套餐变更. */
export const useChangeEnterprises = () =>
  useQuery({ queryKey: ['agentChange', 'enterprises'], queryFn: () => call(r.changeEnterprises, {}) });

export const useChangeablePackets = (enterpriseId: number | null) =>
  useQuery({
    queryKey: ['agentChange', 'packets', enterpriseId],
    queryFn: () => call(r.queryPacketForChange, { enterpriseId: enterpriseId! }),
    enabled: enterpriseId !== null,
  });

export const useChangeLines = (enterpriseId: number | null, packetId: number | null) =>
  useQuery({
    queryKey: ['agentChange', 'lines', enterpriseId, packetId],
    queryFn: () => call(r.queryLineForChangePacket, { enterpriseId: enterpriseId!, packetId: packetId! }),
    enabled: enterpriseId !== null && packetId !== null,
  });

export const useChangePacket = () => {
  const client = useQueryClient();
  return async (input: TRequestOf<typeof r.changePacket>) => {
    const moved = await call(r.changePacket, input);
    await Promise.all([
      client.invalidateQueries({ queryKey: [agentChangePageKey] }),
      client.invalidateQueries({ queryKey: ['agentChange'] }),
    ]);
    return moved;
  };
};
