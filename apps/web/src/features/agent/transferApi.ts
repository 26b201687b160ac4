import { useQuery, useQueryClient } from '@tanstack/react-query';
import { agentRoutes, type TRequestOf } from '@yunhu/contract';
import { call } from '../../shared/http/api';

const r = agentRoutes;

/** 套餐转移's list key (its query keys start with it). */
export const transferPageKey = 'agentTransfers';
const enterprisesKey = ['agentTransfer', 'enterprises'] as const;
const packetsKey = (enterpriseId: number | null) => ['agentTransfer', 'packets', enterpriseId] as const;

/** The agent's enterprises, to pick the source and the target. */
export const useTransferEnterprises = () =>
  useQuery({ queryKey: enterprisesKey, queryFn: () => call(r.transferEnterprises, {}) });

/** The source's live packages (active, unexpired, seconds left). */
export const useTransferablePackets = (enterpriseId: number | null) =>
  useQuery({
    queryKey: packetsKey(enterpriseId),
    queryFn: () => call(r.transferPackets, { enterpriseId: enterpriseId! }),
    enabled: enterpriseId !== null,
  });

/** One transfer (findPacketTransfer), for the detail drawer. */
export const usePacketTransfer = (id: number | null) =>
  useQuery({
    queryKey: ['agentTransfer', 'detail', id],
    queryFn: () => call(r.findPacketTransfer, { id: id! }),
    enabled: id !== null,
  });

/** Moves the package; the list and every enterprise's packages refresh. */
export const useTransferPacket = () => {
  const client = useQueryClient();
  return async (input: TRequestOf<typeof r.packetTransfer>) => {
    const moved = await call(r.packetTransfer, input);
    await Promise.all([
      client.invalidateQueries({ queryKey: [transferPageKey] }),
      client.invalidateQueries({ queryKey: ['agentTransfer', 'packets'] }),
    ]);
    return moved;
  };
};
