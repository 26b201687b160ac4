import { type agentRoutes, type TPacketTransfer, type TParsedRequestOf, toPage } from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import type { TRequestContext } from '../../http/context.js';
import { lockPacket, packetTransferRepository as packets, whyPacketNotLive } from '../packet/index.js';
import { newDocumentNo } from '../trade/index.js';
import { agentErrors as errors } from './agent.errors.js';
import { agentTransferRepository as repo } from './agent-transfer.repository.js';
import { asAgent as agentWall } from './agent-wall.js';

type TReq<K extends keyof typeof agentRoutes> = TParsedRequestOf<(typeof agentRoutes)[K]>;
type TRow = NonNullable<Awaited<ReturnType<typeof repo.byId>>>;

const toTransfer = ({ transfer: x, fromEnterpriseName, toEnterpriseName, lineName }: TRow): TPacketTransfer => ({
  id: x.id,
  transferNo: x.transferNo,
  fromEnterpriseId: x.fromTenantId,
  fromEnterpriseName,
  toEnterpriseId: x.toTenantId,
  toEnterpriseName,
  fromPacketId: x.fromPacketId,
  toPacketId: x.toPacketId,
  lineId: x.lineId,
  lineName,
  packetName: x.packetName,
  seconds: x.seconds,
  sourceTotalSeconds: x.sourceTotalSeconds,
  sourceUsedSeconds: x.sourceUsedSeconds,
  expireAt: x.expireAt.getTime(),
  createdByName: x.createdByName,
  createdAt: x.createdAt.getTime(),
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
    packets: (ctx: TRequestContext, { enterpriseId }: TReq<'transferPackets'>) =>
      asAgent(ctx, async (db, agentId) => {
        await enterpriseOf(db, agentId, enterpriseId, '转出企业');
        return (await packets.live(db, enterpriseId, new Date())).map(({ packet: p, lineName }) => ({
          id: p.id,
          lineId: p.lineId,
          lineName,
          name: p.name,
          remainingSeconds: p.totalMinutes * 60 - p.usedSeconds,
          expireAt: p.expireAt.getTime(),
        }));
      }),

    /**
     * Moves the package's remainder. The source row is locked FOR UPDATE — the lock billing's
     * charging and 退订 take — and checked after the lock: of parallel transfers one moves it and the
     * others find it transferred; a call charged at the same moment either commits first (its
     * seconds are used, the rest moves) or waits and then finds the package closed.
     */
    transfer: (ctx: TRequestContext, input: TReq<'packetTransfer'>) =>
      asAgent(ctx, async (db, agentId) => {
        if (input.fromEnterpriseId === input.toEnterpriseId) throw errors.transferSameEnterprise();
        const from = await enterpriseOf(db, agentId, input.fromEnterpriseId, '转出企业');
        const to = await enterpriseOf(db, agentId, input.toEnterpriseId, '转入企业');
        if (to.status !== 'active') throw errors.transferTargetInactive();
        const locked = await lockPacket(db, from.id, input.packetId);
        if (!locked) throw errors.transferPacketMissing();
        const source = locked.packet;
        const now = new Date();
        const why = whyPacketNotLive(source, now);
        if (why) throw errors.transferPacketNotLive(why);
        const totalSeconds = source.totalMinutes * 60;
        const seconds = totalSeconds - source.usedSeconds;
        if (!(await packets.close(db, from.id, source.id))) throw errors.transferPacketNotLive('已转出');
        const toPacketId = await packets.grant(db, {
          tenantId: to.id,
          lineId: source.lineId,
          name: source.name,
          productId: source.productId,
          seconds,
          expireAt: source.expireAt,
          at: now,
        });
        let transferNo = newDocumentNo('ZY', now);
        while (await repo.numberTaken(db, transferNo)) transferNo = newDocumentNo('ZY', now);
        const id = await repo.insert(db, {
          transferNo,
          agentId,
          fromTenantId: from.id,
          toTenantId: to.id,
          fromPacketId: source.id,
          toPacketId,
          lineId: source.lineId,
          packetName: source.name,
          seconds,
          sourceTotalSeconds: totalSeconds,
          sourceUsedSeconds: source.usedSeconds,
          expireAt: source.expireAt,
          createdBy: ctx.auth.userId,
          createdByName: ctx.auth.realName,
          createdAt: now,
        });
        return found(db, agentId, id);
      }),

    page: (ctx: TRequestContext, q: TReq<'transferPage'>) =>
      asAgent(ctx, async (db, agentId) => {
        const { records, total } = await repo.page(db, agentId, q, q);
        return toPage(records.map(toTransfer), total, q);
      }),

    find: (ctx: TRequestContext, { id }: TReq<'findPacketTransfer'>) =>
      asAgent(ctx, (db, agentId) => found(db, agentId, id)),
  };
};
