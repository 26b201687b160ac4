import { and, asc, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { hasRow } from '../../db/first.js';
import { pageOf } from '../../db/page.js';
import { lines, orders } from '../../db/schema.js';
import { tenantRowIs } from '../../db/tenant-rows.js';
import { agentPacketRepository, type TBuyer } from './agent-packet.repository.js';
import { packetProducts, packets } from './packet.schema.js';
import { packetStateSql } from './packet-state.repository.js';

/** `buyer`: the rows that enterprise may buy; absent, the platform's own catalogue only. */
export type TProductFilter = { lineId?: number; type?: string; ids?: number[]; withDisabled?: boolean; buyer?: TBuyer };
export type TProductFields = Omit<typeof packetProducts.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type TGrant = {
  tenantId: number;
  productId: number;
  lineId: number;
  name: string;
  minutes: number;
  price: number;
  validityDays: number;
  orderId: number;
  orderItem: number;
  at: Date;
};

const productColumns = { product: packetProducts, lineName: lines.name };

export const packetRepository = {
  products: async (db: TDb, f: TProductFilter) => {
    const conds: SQL[] = [f.buyer ? agentPacketRepository.visibleTo(f.buyer) : isNull(packetProducts.agentId)];
    if (f.lineId) conds.push(eq(packetProducts.lineId, f.lineId));
    if (f.type) conds.push(eq(packetProducts.type, f.type));
    if (f.ids) conds.push(inArray(packetProducts.id, f.ids));
    if (!f.withDisabled) conds.push(eq(packetProducts.isEnabled, true), eq(lines.status, 'active'));
    return db
      .select(productColumns)
      .from(packetProducts)
      .innerJoin(lines, eq(lines.id, packetProducts.lineId))
      .where(and(...conds))
      .orderBy(asc(packetProducts.lineId), asc(packetProducts.price), asc(packetProducts.id));
  },

  activeLines: (db: TDb) =>
    db.select({ id: lines.id, name: lines.name }).from(lines).where(eq(lines.status, 'active')).orderBy(asc(lines.id)),

  lineExists: (db: TDb, lineId: number) => hasRow(db.select({ id: lines.id }).from(lines).where(eq(lines.id, lineId))),

  insertProduct: async (db: TDb, fields: TProductFields) =>
    (await db.insert(packetProducts).values(fields).returning({ id: packetProducts.id }))[0]!.id,

  updateProduct: async (db: TDb, id: number, fields: Partial<TProductFields>) =>
    (
      await db
        .update(packetProducts)
        .set({ ...fields, updatedAt: new Date() })
        // The platform edits its catalogue, never an agent's own package.
        .where(and(eq(packetProducts.id, id), isNull(packetProducts.agentId)))
        .returning({ id: packetProducts.id })
    ).length,

  /** Grants the packages of one paid order item; a second grant of the same item adds nothing. */
  grant: async (tx: TDb, g: TGrant, quantity: number) => {
    const rows = Array.from({ length: quantity }, (_, i) => ({
      tenantId: g.tenantId,
      lineId: g.lineId,
      name: g.name,
      totalMinutes: g.minutes,
      price: g.price,
      boughtAt: g.at,
      expireAt: new Date(g.at.getTime() + g.validityDays * 86_400_000),
      productId: g.productId,
      orderId: g.orderId,
      orderItem: g.orderItem * 1000 + i,
    }));
    return (await tx.insert(packets).values(rows).onConflictDoNothing().returning({ id: packets.id })).length;
  },

  /**
   * One of the enterprise's packages locked FOR UPDATE — the lock billing's consumption takes
   * (packet-usage.repository.ts), so a 退订 and a call's charge of one package run one after the other.
   */
  lock: async (tx: TDb, tenantId: number, packetId: number) =>
    (
      await tx
        .select({ packet: packets, lineName: lines.name })
        .from(packets)
        .innerJoin(lines, eq(lines.id, packets.lineId))
        .where(tenantRowIs(packets, tenantId, packetId))
        .for('update', { of: packets })
    )[0] ?? null,

  /** Moves a package between active, frozen (退订 under review) and refunded; answers whether it was in `from`. */
  setStatus: async (tx: TDb, tenantId: number, packetId: number, from: string, to: string) =>
    (
      await tx
        .update(packets)
        .set({ status: to })
        .where(and(eq(packets.tenantId, tenantId), eq(packets.id, packetId), eq(packets.status, from)))
        .returning({ id: packets.id })
    ).length > 0,

  mine: async (tx: TDb, tenantId: number, f: { state?: string }, q: { page: number; limit: number }, now: Date) => {
    const state = packetStateSql('packets', now);
    const conds: SQL[] = [eq(packets.tenantId, tenantId)];
    if (f.state) conds.push(sql`${state} = ${f.state}`);
    const where = and(...conds);
    return pageOf(
      tx.select({ n: count() }).from(packets).where(where),
      tx
        .select({ packet: packets, lineName: lines.name, state, orderNo: orders.orderNo })
        .from(packets)
        .innerJoin(lines, eq(lines.id, packets.lineId))
        .leftJoin(orders, and(eq(orders.tenantId, packets.tenantId), eq(orders.id, packets.orderId)))
        .where(where)
        .orderBy(asc(packets.expireAt), asc(packets.id))
        .$dynamic(),
      q,
    );
  },
};
