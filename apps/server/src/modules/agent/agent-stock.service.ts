import { type TAgentPacket, type TRouteInput, toPage, yuan } from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import { asPlatform, type TRequestContext } from '../../http/context.js';
import { agentPacketRepository as packets } from '../packet/index.js';
import { ms } from '../trade/index.js';
import { agentStockErrors as errors } from './agent-stock.errors.js';
import { agentStockRepository as repo } from './agent-stock.repository.js';
import { asAgent, requireAgent } from './agent-wall.js';

type TPacketRow = Awaited<ReturnType<typeof packets.page>>['records'][number];

/** A package of the agent's catalogue as the agent sees it, with the platform's base cost now. */
export const toAgentPacket = async (
  db: TDb,
  { product: p, lineName, soldCount }: TPacketRow,
): Promise<TAgentPacket> => ({
  id: p.id,
  lineId: p.lineId,
  lineName,
  name: p.name,
  minutes: p.minutes,
  validityDays: p.validityDays,
  price: p.price,
  basePrice: (await packets.basePrice(db, p)) ?? p.price,
  isEnabled: p.isEnabled,
  soldCount,
  updatedAt: p.updatedAt.getTime(),
});

export type TAgentStockService = ReturnType<typeof createAgentStockService>;

/**
 * Line stock and the agent's own packages (spec section 7 Agent `line-list`, `line-stock`,
 * `callLineList`, `packet-page`, `queryLineOfCreatePacket`; Product `findOpenedLine`,
 * `getMultiplePacket`; decision 0020 "Line stock and the agent's packages").
 */
export const createAgentStockService = () => {
  const openingsOf = async (db: TDb, agentId: number) =>
    (await repo.openings(db, agentId)).map((l) => ({ ...l, opened: l.openedAt !== null, openedAt: ms(l.openedAt) }));

  /** The base cost of a package on one of the agent's opened lines; refused on any other line. */
  const baseOn = async (db: TDb, agentId: number, g: { lineId: number; minutes: number; validityDays: number }) => {
    const base = (await packets.isOpened(db, agentId, g.lineId)) ? await packets.basePrice(db, g) : null;
    if (base === null) throw errors.lineNotOpened();
    return base;
  };

  const packetById = async (db: TDb, agentId: number, id: number) => {
    const { records } = await packets.page(db, agentId, {}, null);
    const row = records.find((r) => r.product.id === id);
    if (!row) throw errors.packetMissing();
    return toAgentPacket(db, row);
  };

  return {
    platformOpenedLines: (ctx: TRequestContext, { agentId }: TRouteInput<'agent', 'platformOpenedLines'>) =>
      asPlatform(ctx, async (db) => {
        await requireAgent(db, agentId);
        return openingsOf(db, agentId);
      }),

    /** 开通线路: the agent's opened set becomes exactly these active lines. */
    platformOpenLines: (ctx: TRequestContext, input: TRouteInput<'agent', 'platformOpenLines'>) =>
      asPlatform(ctx, async (db) => {
        await requireAgent(db, input.agentId);
        const ids = [...new Set(input.lineIds)];
        if ((await repo.activeLineCount(db, ids)) !== ids.length) throw errors.lineUnknown();
        await repo.setOpened(db, input.agentId, ids, ctx.auth.userId);
        return openingsOf(db, input.agentId);
      }),

    lineList: (ctx: TRequestContext) =>
      asAgent(ctx, async (db, agent) =>
        (await repo.opened(db, agent.id)).map((l) => ({ ...l, openedAt: l.openedAt.getTime() })),
      ),

    callLineList: (ctx: TRequestContext) =>
      asAgent(ctx, async (db, agent) =>
        (await repo.opened(db, agent.id)).map((l) => ({ id: l.lineId, name: l.lineName })),
      ),

    lineStock: (ctx: TRequestContext) => asAgent(ctx, (db, agent) => repo.stock(db, agent.id, new Date())),

    /** The base cost the agent's package must not go below, for the form. */
    queryLineOfCreatePacket: (ctx: TRequestContext, q: TRouteInput<'agent', 'queryLineOfCreatePacket'>) =>
      asAgent(ctx, async (db, agent) => ({ lineId: q.lineId, basePrice: await baseOn(db, agent.id, q) })),

    packetPage: (ctx: TRequestContext, q: TRouteInput<'agent', 'packetPage'>) =>
      asAgent(ctx, async (db, agent) => {
        const { records, total } = await packets.page(db, agent.id, q, q);
        return toPage(await Promise.all(records.map((r) => toAgentPacket(db, r))), total, q);
      }),

    /** Creates or edits one of the agent's packages: on an opened line, never below the base cost now. */
    packetSave: (ctx: TRequestContext, input: TRouteInput<'agent', 'packetSave'>) =>
      asAgent(ctx, async (db, agent) => {
        const { id, ...fields } = input;
        const base = await baseOn(db, agent.id, fields);
        if (fields.price < base) throw errors.packetBelowBase(yuan(fields.price), yuan(base));
        if (id === undefined) return packetById(db, agent.id, await packets.insert(db, agent.id, fields));
        if (!(await packets.update(db, agent.id, id, fields))) throw errors.packetMissing();
        return packetById(db, agent.id, id);
      }),

    /** 上架/下架: an off-shelf package is no longer sold; packages bought of it keep working. */
    packetShelf: (ctx: TRequestContext, input: TRouteInput<'agent', 'packetShelf'>) =>
      asAgent(ctx, async (db, agent) => {
        if (!(await packets.update(db, agent.id, input.id, { isEnabled: input.isEnabled }))) {
          throw errors.packetMissing();
        }
        return null;
      }),

    getMultiplePacket: (ctx: TRequestContext, q: TRouteInput<'agent', 'getMultiplePacket'>) =>
      asAgent(ctx, async (db, agent) => {
        const { records } = await packets.page(db, agent.id, { lineId: q.lineId, enabledOnly: true }, null);
        return Promise.all(records.map((r) => toAgentPacket(db, r)));
      }),
  };
};
