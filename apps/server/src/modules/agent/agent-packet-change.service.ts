import { type agentRoutes, type TPacketChange, type TParsedRequestOf, toPage } from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import type { TRequestContext } from '../../http/context.js';
import { lockPacket, packetTransferRepository as packets, whyPacketNotLive } from '../packet/index.js';
import { agentPacketChangeRepository as repo } from './agent-packet-change.repository.js';
import { agentStockErrors as errors } from './agent-stock.errors.js';
import { agentTransferRepository } from './agent-transfer.repository.js';
import { asAgent } from './agent-wall.js';

type TReq<K extends keyof typeof agentRoutes> = TParsedRequestOf<(typeof agentRoutes)[K]>;
type TRow = NonNullable<Awaited<ReturnType<typeof repo.byId>>>;

const toChange = ({ change: c, enterpriseName, fromLineName, toLineName }: TRow): TPacketChange => ({
  id: c.id,
  enterpriseId: c.enterpriseId,
  enterpriseName,
  fromPacketId: c.fromPacketId,
  toPacketId: c.toPacketId,
  fromLineName,
  toLineName,
  packetName: c.packetName,
  seconds: c.seconds,
  sourceTotalSeconds: c.sourceTotalSeconds,
  sourceUsedSeconds: c.sourceUsedSeconds,
  expireAt: c.expireAt.getTime(),
  createdByName: c.createdByName,
  createdAt: c.createdAt.getTime(),
});

export type TAgentPacketChangeService = ReturnType<typeof createAgentPacketChangeService>;

/**
 * 套餐变更 (spec section 7 Agent `queryPacketForChange`, `queryLineForChangePacket`,
 * `changePacket`; decision 0020 "Line stock and the agent's packages"): the agent moves what is left
 * of an enterprise's live package to another of its opened lines, within the enterprise. The seconds
 * move as they are; no money moves, so a line of a higher per-minute rate is not offered.
 */
export const createAgentPacketChangeService = () => {
  const enterpriseOf = async (db: TDb, agentId: number, id: number) => {
    const e = await agentTransferRepository.enterprise(db, agentId, id);
    if (!e) throw errors.enterpriseMissing();
    return e;
  };

  const found = async (db: TDb, agentId: number, id: number) => toChange((await repo.byId(db, agentId, id))!);

  return {
    /** The agent's enterprises, to pick the one whose package changes line. */
    changeEnterprises: (ctx: TRequestContext) =>
      asAgent(ctx, (db, agent) => agentTransferRepository.enterprises(db, agent.id)),

    queryPacketForChange: (ctx: TRequestContext, { enterpriseId }: TReq<'queryPacketForChange'>) =>
      asAgent(ctx, async (db, agent) => {
        await enterpriseOf(db, agent.id, enterpriseId);
        return (await packets.live(db, enterpriseId, new Date())).map(({ packet: p, lineName }) => ({
          id: p.id,
          lineId: p.lineId,
          lineName,
          name: p.name,
          remainingSeconds: p.totalMinutes * 60 - p.usedSeconds,
          expireAt: p.expireAt.getTime(),
        }));
      }),

    queryLineForChangePacket: (ctx: TRequestContext, q: TReq<'queryLineForChangePacket'>) =>
      asAgent(ctx, async (db, agent) => {
        await enterpriseOf(db, agent.id, q.enterpriseId);
        const live = (await packets.live(db, q.enterpriseId, new Date())).find((r) => r.packet.id === q.packetId);
        if (!live) throw errors.changePacketMissing();
        return repo.targetLines(db, agent.id, live.packet.lineId);
      }),

    /**
     * Moves the remainder to the new line. The source row is locked FOR UPDATE — the lock billing's
     * charging, 退订 and 套餐转移 take — and checked after the lock: of parallel changes one moves it
     * and the others find it changed; a call charged at the same moment either commits first (its
     * seconds used, the rest moves) or waits and then finds the package closed.
     */
    changePacket: (ctx: TRequestContext, input: TReq<'changePacket'>) =>
      asAgent(ctx, async (db, agent) => {
        const enterprise = await enterpriseOf(db, agent.id, input.enterpriseId);
        const locked = await lockPacket(db, enterprise.id, input.packetId);
        if (!locked) throw errors.changePacketMissing();
        const source = locked.packet;
        const now = new Date();
        const why = whyPacketNotLive(source, now);
        if (why) throw errors.changePacketNotLive(why);
        const targets = await repo.targetLines(db, agent.id, source.lineId);
        if (!targets.some((l) => l.id === input.lineId)) throw errors.changeLineUnavailable();
        const totalSeconds = source.totalMinutes * 60;
        const seconds = totalSeconds - source.usedSeconds;
        if (!(await packets.close(db, enterprise.id, source.id, 'changed'))) throw errors.changePacketNotLive('已变更');
        const toPacketId = await packets.grant(db, {
          tenantId: enterprise.id,
          lineId: input.lineId,
          name: source.name,
          productId: source.productId,
          seconds,
          expireAt: source.expireAt,
          at: now,
        });
        const id = await repo.insert(db, {
          agentId: agent.id,
          enterpriseId: enterprise.id,
          fromPacketId: source.id,
          toPacketId,
          fromLineId: source.lineId,
          toLineId: input.lineId,
          packetName: source.name,
          seconds,
          sourceTotalSeconds: totalSeconds,
          sourceUsedSeconds: source.usedSeconds,
          expireAt: source.expireAt,
          createdBy: ctx.auth.userId,
          createdByName: ctx.auth.realName,
          createdAt: now,
        });
        return found(db, agent.id, id);
      }),

    changePage: (ctx: TRequestContext, q: TReq<'changePage'>) =>
      asAgent(ctx, async (db, agent) => {
        const { records, total } = await repo.page(db, agent.id, q, q);
        return toPage(records.map(toChange), total, q);
      }),
  };
};
