import {
  beijingTime,
  packetStateLabel,
  packetTypeLabel,
  packetTypes,
  type TPacket,
  type TPacketProduct,
  type TPacketState,
  type TPacketType,
  type TRouteInput,
  toPage,
  yuan,
} from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import { asPlatform, type TRequestContext } from '../../http/context.js';
import type { TColumn } from '../../http/xlsx-stream.js';
import { agentPacketRepository } from './agent-packet.repository.js';
import { packetErrors } from './packet.errors.js';
import { packetRepository as repo, type TGrant } from './packet.repository.js';
import { packetShareRepository } from './packet-share.repository.js';

type TProductRow = Awaited<ReturnType<typeof repo.products>>[number];

const toProduct = ({ product: p, lineName }: TProductRow): TPacketProduct => ({
  id: p.id,
  type: p.type as TPacketType,
  lineId: p.lineId,
  lineName,
  name: p.name,
  minutes: p.minutes,
  price: p.price,
  validityDays: p.validityDays,
  isEnabled: p.isEnabled,
  updatedAt: p.updatedAt.getTime(),
});

/**
 * The enabled catalogue entries of these ids, read in the caller's transaction: what an order is
 * priced from (the trade area asks; the client's figures are never taken).
 */
export const enabledProducts = async (tx: TDb, ids: number[], tenantId?: number): Promise<TBuyableProduct[]> => {
  // An enterprise buys only what it may see (its agent's opened lines, its agent's own packages).
  const buyer = tenantId === undefined ? undefined : await agentPacketRepository.buyerOf(tx, tenantId);
  return Promise.all(
    (await repo.products(tx, { ids, buyer })).map(async (row) => ({
      ...toProduct(row),
      agentId: row.product.agentId,
      basePrice: await baseOf(tx, row.product),
    })),
  );
};

/** A catalogue entry as an order prices it: an agent's own package carries the platform's base cost. */
export type TBuyableProduct = TPacketProduct & { agentId: number | null; basePrice: number };

/**
 * The platform's base cost of a catalogue row (decision 0020): its own price for the platform's,
 * the base rule for an agent's (`agentPacketRepository.basePrice`; a closed line has none and is not sold).
 */
const baseOf = async (
  tx: TDb,
  p: { agentId: number | null; price: number; lineId: number; minutes: number; validityDays: number },
) => (p.agentId === null ? p.price : ((await agentPacketRepository.basePrice(tx, p)) ?? p.price));

/** Grants a paid order item's packages in the caller's transaction (the trade area, once per item). */
export const grantPackets = (tx: TDb, g: TGrant, quantity: number) => repo.grant(tx, g, quantity);

/**
 * One of the enterprise's packages, locked FOR UPDATE in the caller's transaction (the trade area's
 * 退订; billing takes the same lock when a call consumes it).
 */
export const lockPacket = (tx: TDb, tenantId: number, packetId: number) => repo.lock(tx, tenantId, packetId);

/**
 * A package's status for its 退订: `active` → `frozen` (under review: billing takes only active
 * packages) → `refunded` (approved) or back to `active` (rejected). Answers false when it was not in `from`.
 */
export const setPacketStatus = (
  tx: TDb,
  tenantId: number,
  packetId: number,
  from: 'active' | 'frozen',
  to: 'active' | 'frozen' | 'refunded',
) => repo.setStatus(tx, tenantId, packetId, from, to);

export type TPacketService = ReturnType<typeof createPacketService>;

/**
 * The prices an enterprise pays per item (its agent's), by item id: a package product, or a line for
 * a seat's month price. Bound by app.ts to the trade area's, for this area and the seat area.
 */
export type TPricesFor = (
  tx: TDb,
  tenantId: number,
  items: { id: number; price: number }[],
) => Promise<Map<number, number>>;

/** 套餐: the catalogue (the platform writes it) and the packages an enterprise bought. */
export const createPacketService = (deps: { pricesFor?: TPricesFor } = {}) => {
  const productById = async (db: TDb, id: number) => {
    const [row] = await repo.products(db, { ids: [id], withDisabled: true });
    if (!row) throw packetErrors.productMissing();
    return toProduct(row);
  };
  return {
    typeList: async () => packetTypes.map((type) => ({ type, name: packetTypeLabel[type] })),

    list: async (ctx: TRequestContext, q: TRouteInput<'packet', 'list'>) => {
      if (ctx.auth.isSuper) {
        return (await repo.products(ctx.tx, { ...q, withDisabled: Boolean(q.withDisabled) })).map(toProduct);
      }
      // An enterprise of an agent sees the platform's packages on its agent's opened lines
      // and its agent's own, at the price it will pay (the agent's, never below the base), as its order is priced.
      const rows = await repo.products(ctx.tx, {
        ...q,
        withDisabled: false,
        buyer: await agentPacketRepository.buyerOf(ctx.tx, ctx.auth.tenantId),
      });
      const priced = await Promise.all(
        rows.map(async (row) => ({
          ...toProduct(row),
          agentId: row.product.agentId,
          base: await baseOf(ctx.tx, row.product),
        })),
      );
      const platformOnes = priced.filter((p) => p.agentId === null);
      const prices = deps.pricesFor
        ? await deps.pricesFor(ctx.tx, ctx.auth.tenantId, platformOnes)
        : new Map<number, number>();
      return priced.map(({ agentId, base, ...p }) => ({
        ...p,
        price: agentId === null ? (prices.get(p.id) ?? p.price) : Math.max(p.price, base),
      }));
    },

    save: (ctx: TRequestContext, input: TRouteInput<'packet', 'save'>) =>
      asPlatform(ctx, async (db) => {
        if (!(await repo.lineExists(db, input.lineId))) throw packetErrors.lineMissing();
        const { id, ...fields } = input;
        if (id === undefined) return productById(db, await repo.insertProduct(db, fields));
        if ((await repo.updateProduct(db, id, fields)) === 0) throw packetErrors.productMissing();
        return productById(db, id);
      }),

    setEnabled: (ctx: TRequestContext, input: TRouteInput<'packet', 'setEnabled'>) =>
      asPlatform(ctx, async (db) => {
        if ((await repo.updateProduct(db, input.id, { isEnabled: input.isEnabled })) === 0) {
          throw packetErrors.productMissing();
        }
        return null;
      }),

    lineOptions: (ctx: TRequestContext) => asPlatform(ctx, (db) => repo.activeLines(db)),

    /** 已购套餐's rows for the download: the page's filter, read in the request (an enterprise's packages, capped). */
    mineRows: async (ctx: TRequestContext, f: TRouteInput<'packet', 'mineExport'>) =>
      (await mineOf(ctx, { ...f, page: 1, limit: mineExportCap })).records,

    mine: (ctx: TRequestContext, q: TRouteInput<'packet', 'mine'>) => mineOf(ctx, q),
  };
};

/** The most rows 已购套餐's download carries. */
export const mineExportCap = 20_000;

const minutesOf = (seconds: number) => Math.floor(seconds / 60);

/** 已购套餐's download columns. */
export const mineColumns: TColumn<TPacket>[] = [
  { header: '线路', width: 18, value: (r) => r.lineName },
  { header: '套餐名称', width: 22, value: (r) => r.name },
  { header: '总时长（分钟）', width: 14, value: (r) => minutesOf(r.totalSeconds) },
  { header: '剩余时长（分钟）', width: 16, value: (r) => minutesOf(r.remainingSeconds) },
  { header: '价格（元）', width: 12, value: (r) => yuan(r.price) },
  { header: '购买时间', width: 20, value: (r) => beijingTime(r.boughtAt) },
  { header: '到期时间', width: 20, value: (r) => beijingTime(r.expireAt) },
  { header: '状态', width: 10, value: (r) => packetStateLabel[r.state] },
  { header: '订单号', width: 26, value: (r) => r.orderNo ?? '' },
  {
    header: '共享给',
    width: 24,
    value: (r) => (r.sharedWith.length === 0 ? '全员共享' : r.sharedWith.map((u) => u.realName).join('、')),
  },
];

const mineOf = async (ctx: TRequestContext, q: { state?: string; page: number; limit: number }) => {
  const { records, total } = await repo.mine(ctx.tx, ctx.auth.tenantId, q, q, new Date());
  const shared = await packetShareRepository.usersOf(
    ctx.tx,
    ctx.auth.tenantId,
    records.map((r) => r.packet.id),
  );
  return toPage(
    records.map(
      ({ packet: p, lineName, state, orderNo }): TPacket => ({
        id: p.id,
        lineId: p.lineId,
        lineName,
        name: p.name,
        totalSeconds: p.totalMinutes * 60,
        // A transferred (or line-changed) package's remainder now belongs to its successor.
        remainingSeconds:
          state === 'transferred' || state === 'changed' ? 0 : Math.max(0, p.totalMinutes * 60 - p.usedSeconds),
        price: p.price,
        boughtAt: p.boughtAt.getTime(),
        expireAt: p.expireAt.getTime(),
        state: state as TPacketState,
        orderNo,
        sharedWith: shared.get(p.id) ?? [],
      }),
    ),
    total,
    q,
  );
};
