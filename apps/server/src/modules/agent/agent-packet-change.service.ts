import { type TPacketChange, type TRouteInput, toPage } from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import type { TRequestContext } from '../../http/context.js';
import { agentPacketChangeRepository as repo } from './agent-packet-change.repository.js';
import { movablePackets, movePacket, toPacketMove } from './agent-packet-move.js';
import { agentStockErrors as errors } from './agent-stock.errors.js';
import { agentTransferRepository } from './agent-transfer.repository.js';
import { asAgent } from './agent-wall.js';

type TRow = NonNullable<Awaited<ReturnType<typeof repo.byId>>>;

const toChange = ({ change: c, enterpriseName, fromLineName, toLineName }: TRow): TPacketChange => ({
  ...toPacketMove(c),
  id: c.id,
  enterpriseId: c.enterpriseId,
  enterpriseName,
  fromLineName,
  toLineName,
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

    queryPacketForChange: (ctx: TRequestContext, { enterpriseId }: TRouteInput<'agent', 'queryPacketForChange'>) =>
      asAgent(ctx, async (db, agent) => {
        await enterpriseOf(db, agent.id, enterpriseId);
        return movablePackets(db, enterpriseId);
      }),

    queryLineForChangePacket: (ctx: TRequestContext, q: TRouteInput<'agent', 'queryLineForChangePacket'>) =>
      asAgent(ctx, async (db, agent) => {
        await enterpriseOf(db, agent.id, q.enterpriseId);
        const live = (await movablePackets(db, q.enterpriseId)).find((p) => p.id === q.packetId);
        if (!live) throw errors.changePacketMissing();
        return repo.targetLines(db, agent.id, live.lineId);
      }),

    /** Moves the remainder to the new line, within the enterprise (movePacket: one of parallel changes wins). */
    changePacket: (ctx: TRequestContext, input: TRouteInput<'agent', 'changePacket'>) =>
      asAgent(ctx, async (db, agent) => {
        const enterprise = await enterpriseOf(db, agent.id, input.enterpriseId);
        const { source, record } = await movePacket(
          ctx,
          db,
          {
            from: enterprise.id,
            packetId: input.packetId,
            to: enterprise.id,
            lineId: input.lineId,
            closeAs: 'changed',
            check: async (live) => {
              const targets = await repo.targetLines(db, agent.id, live.lineId);
              if (!targets.some((l) => l.id === input.lineId)) throw errors.changeLineUnavailable();
            },
          },
          { missing: errors.changePacketMissing, notLive: errors.changePacketNotLive },
        );
        const id = await repo.insert(db, {
          ...record,
          agentId: agent.id,
          enterpriseId: enterprise.id,
          fromLineId: source.lineId,
          toLineId: input.lineId,
        });
        return found(db, agent.id, id);
      }),

    changePage: (ctx: TRequestContext, q: TRouteInput<'agent', 'changePage'>) =>
      asAgent(ctx, async (db, agent) => {
        const { records, total } = await repo.page(db, agent.id, q, q);
        return toPage(records.map(toChange), total, q);
      }),
  };
};
