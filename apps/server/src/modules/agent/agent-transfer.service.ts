import { type TPacketTransfer, type TRouteInput, toPage } from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import type { TRequestContext } from '../../http/context.js';
import { newDocumentNo } from '../trade/index.js';
import { agentErrors as errors } from './agent.errors.js';
import { movablePackets, movePacket, toPacketMove } from './agent-packet-move.js';
import { agentTransferRepository as repo } from './agent-transfer.repository.js';
import { asAgent as agentWall } from './agent-wall.js';

type TRow = NonNullable<Awaited<ReturnType<typeof repo.byId>>>;

const toTransfer = ({ transfer: x, fromEnterpriseName, toEnterpriseName, lineName }: TRow): TPacketTransfer => ({
  ...toPacketMove(x),
  id: x.id,
  transferNo: x.transferNo,
  fromEnterpriseId: x.fromTenantId,
  fromEnterpriseName,
  toEnterpriseId: x.toTenantId,
  toEnterpriseName,
  lineId: x.lineId,
  lineName,
});

export type TAgentTransferService = ReturnType<typeof createAgentTransferService>;

/**
 * 套餐转移 (spec section 7 Agent `packetTransfer`, `findPacketTransfer/{id}`; decision 0020
 * "Package transfers"): an agent moves what is left of a package of one of its enterprises to
 * another of its enterprises. No money moves: the source paid for the package and keeps its order.
 */
export const createAgentTransferService = () => {
  /** The caller's own agent (the second wall after the permission; a distributor refused), its enterprises' rows read across tenants. */
  const asAgent = <T>(ctx: TRequestContext, fn: (db: TDb, agentId: number) => Promise<T>): Promise<T> =>
    agentWall(ctx, (db, agent) => fn(db, agent.id));

  const enterpriseOf = async (db: TDb, agentId: number, id: number, side: '转出企业' | '转入企业') => {
    const e = await repo.enterprise(db, agentId, id);
    if (!e) throw errors.transferEnterpriseMissing(side);
    return e;
  };

  const found = async (db: TDb, agentId: number, id: number) => {
    const row = await repo.byId(db, agentId, id);
    if (!row) throw errors.transferMissing();
    return toTransfer(row);
  };

  return {
    enterprises: (ctx: TRequestContext) => asAgent(ctx, (db, agentId) => repo.enterprises(db, agentId)),

    /** The source enterprise's live packages: what could be moved. */
    packets: (ctx: TRequestContext, { enterpriseId }: TRouteInput<'agent', 'transferPackets'>) =>
      asAgent(ctx, async (db, agentId) => {
        await enterpriseOf(db, agentId, enterpriseId, '转出企业');
        return movablePackets(db, enterpriseId);
      }),

    /** Moves the package's remainder to the other enterprise, on its line (movePacket: one of parallel transfers wins). */
    transfer: (ctx: TRequestContext, input: TRouteInput<'agent', 'packetTransfer'>) =>
      asAgent(ctx, async (db, agentId) => {
        if (input.fromEnterpriseId === input.toEnterpriseId) throw errors.transferSameEnterprise();
        const from = await enterpriseOf(db, agentId, input.fromEnterpriseId, '转出企业');
        const to = await enterpriseOf(db, agentId, input.toEnterpriseId, '转入企业');
        if (to.status !== 'active') throw errors.transferTargetInactive();
        const { lineId, now, record } = await movePacket(
          ctx,
          db,
          { from: from.id, packetId: input.packetId, to: to.id, closeAs: 'transferred' },
          { missing: errors.transferPacketMissing, notLive: errors.transferPacketNotLive },
        );
        let transferNo = newDocumentNo('ZY', now);
        while (await repo.numberTaken(db, transferNo)) transferNo = newDocumentNo('ZY', now);
        const id = await repo.insert(db, {
          ...record,
          transferNo,
          agentId,
          fromTenantId: from.id,
          toTenantId: to.id,
          lineId,
        });
        return found(db, agentId, id);
      }),

    page: (ctx: TRequestContext, q: TRouteInput<'agent', 'transferPage'>) =>
      asAgent(ctx, async (db, agentId) => {
        const { records, total } = await repo.page(db, agentId, q, q);
        return toPage(records.map(toTransfer), total, q);
      }),

    find: (ctx: TRequestContext, { id }: TRouteInput<'agent', 'findPacketTransfer'>) =>
      asAgent(ctx, (db, agentId) => found(db, agentId, id)),
  };
};
