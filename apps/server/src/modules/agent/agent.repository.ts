import { and, asc, count, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { firstRow } from '../../db/first.js';
import { pageOf } from '../../db/page.js';
import { accounts, lines, orders, packetProducts, seatPrices, seats, tenants, users } from '../../db/schema.js';
import { likeOf, newestFirst } from '../../db/sql.js';
import { isAccountTaken } from '../../db/staff.js';
import { agentPrices } from './agent.schema.js';

// Resellers. Every statement names the agent it reads for; the service runs the ones
// that read enterprises' rows (orders, seats) past the tenant wall, for the agent's own enterprises only.

const tenantIdCol = sql.raw('"tenants"."id"');
const firstUser = (column: 'real_name' | 'username' | 'mobile') =>
  sql<
    string | null
  >`(select u.${sql.raw(column)} from ${users} u where u.tenant_id = ${tenantIdCol} order by u.id limit 1)`;
const paidStates = ['paid', 'partRefunded', 'refunded'];

const agentColumns = {
  id: tenants.id,
  code: tenants.code,
  name: tenants.name,
  status: tenants.status,
  inviteCode: sql<string>`coalesce(${tenants.inviteCode}, '')`,
  adminName: firstUser('real_name'),
  adminUsername: firstUser('username'),
  adminMobile: firstUser('mobile'),
  enterpriseCount: sql<number>`(select count(*)::int from ${tenants} e where e.agent_id = ${tenantIdCol})`,
  reviewsReports: tenants.reviewsReports,
  balance: sql<number>`coalesce((select a.balance from ${accounts} a where a.tenant_id = ${tenantIdCol}), 0)`.mapWith(
    Number,
  ),
  createdAt: tenants.createdAt,
};

const agentWhere = (name?: string): SQL => {
  const conds: SQL[] = [eq(tenants.kind, 'agent')];
  if (name) conds.push(ilike(tenants.name, likeOf(name)));
  return and(...conds)!;
};

/** The platform's base prices (packages: the catalogue's; seats: the line's month price) beside an agent's own. */
const priceRows = async (db: TDb, agentId: number) => {
  const mine = (kind: 'packet' | 'seat', item: SQL) =>
    sql<
      number | null
    >`(select p.price from ${agentPrices} p where p.agent_id = ${agentId} and p.item_kind = ${kind} and p.item_id = ${item})`.mapWith(
      (v) => (v === null ? null : Number(v)),
    );
  const packets = await db
    .select({
      itemId: packetProducts.id,
      lineId: lines.id,
      lineName: lines.name,
      name: packetProducts.name,
      minutes: packetProducts.minutes,
      basePrice: packetProducts.price,
      myPrice: mine('packet', sql.raw('"packet_products"."id"')),
    })
    .from(packetProducts)
    .innerJoin(lines, eq(lines.id, packetProducts.lineId))
    .where(and(eq(packetProducts.isEnabled, true), eq(lines.status, 'active')))
    .orderBy(asc(lines.id), asc(packetProducts.price), asc(packetProducts.id));
  const seatRows = await db
    .select({
      itemId: lines.id,
      lineId: lines.id,
      lineName: lines.name,
      name: sql<string>`'坐席'`,
      minutes: sql<number>`0`,
      basePrice: sql<number>`coalesce(${seatPrices.pricePerMonth}, ${lines.seatPricePerMonth})::bigint`.mapWith(Number),
      myPrice: mine('seat', sql.raw('"lines"."id"')),
    })
    .from(lines)
    .leftJoin(seatPrices, eq(seatPrices.lineId, lines.id))
    .where(eq(lines.status, 'active'))
    .orderBy(asc(lines.id));
  return [
    ...seatRows.map((r) => ({ ...r, itemKind: 'seat' as const, minutes: 0 })),
    ...packets.map((r) => ({ ...r, itemKind: 'packet' as const })),
  ];
};

export const agentRepository = {
  agentPage: async (db: TDb, f: { name?: string }, q: { page: number; limit: number }) => {
    return pageOf(
      db.select({ n: count() }).from(tenants).where(agentWhere(f.name)),
      db
        .select(agentColumns)
        .from(tenants)
        .where(agentWhere(f.name))
        .orderBy(...newestFirst(tenants))
        .$dynamic(),
      q,
    );
  },

  /** An agent by id (kind agent), or null: another tenant's id finds nothing. */
  agent: (db: TDb, id: number) =>
    firstRow(
      db
        .select(agentColumns)
        .from(tenants)
        .where(and(eq(tenants.id, id), eq(tenants.kind, 'agent'))),
    ),

  /** Lets an agent review its enterprises' caller-number reports, or stops it; false: no such agent. */
  setReviewsReports: async (db: TDb, id: number, isAllowed: boolean) =>
    (
      await db
        .update(tenants)
        .set({ reviewsReports: isAllowed })
        .where(and(eq(tenants.id, id), eq(tenants.kind, 'agent')))
        .returning({ id: tenants.id })
    ).length > 0,

  /** Whether an account (case-insensitive) or a mobile is in use anywhere (the platform's transaction). */
  accountTaken: isAccountTaken,

  priceRows,

  /** The base price of one item (a live package product or line), or null. */
  basePrice: async (db: TDb, itemKind: 'packet' | 'seat', itemId: number) => {
    const rows = (await priceRows(db, 0)).filter((r) => r.itemKind === itemKind && r.itemId === itemId);
    return rows[0] ?? null;
  },

  setPrice: (db: TDb, row: typeof agentPrices.$inferInsert) =>
    db
      .insert(agentPrices)
      .values(row)
      .onConflictDoUpdate({
        target: [agentPrices.agentId, agentPrices.itemKind, agentPrices.itemId],
        set: { price: row.price, updatedBy: row.updatedBy, updatedByName: row.updatedByName, updatedAt: new Date() },
      }),

  /** 我的企业: the agent's enterprises, with their live seats and paid orders (read across tenants). */
  enterprisePage: async (
    db: TDb,
    agentId: number,
    f: { name?: string; distributorId?: number | null },
    q: { page: number; limit: number },
  ) => {
    const conds: SQL[] = [eq(tenants.agentId, agentId)];
    // A distributor's login: the enterprises registered with its own code (decision 0020 "Distributors").
    if (f.distributorId) conds.push(eq(tenants.distributorId, f.distributorId));
    if (f.name) conds.push(ilike(tenants.name, likeOf(f.name)));
    const where = and(...conds);
    return pageOf(
      db.select({ n: count() }).from(tenants).where(where),
      db
        .select({
          id: tenants.id,
          name: tenants.name,
          status: tenants.status,
          createdAt: tenants.createdAt,
          seatCount: sql<number>`(select count(*)::int from ${seats} s where s.tenant_id = ${tenantIdCol} and s.status = 'active' and s.expire_at > now())`,
          paidOrderCount: sql<number>`(select count(*)::int from ${orders} o where o.tenant_id = ${tenantIdCol} and o.state in ('paid', 'partRefunded', 'refunded'))`,
          paidAmount:
            sql<number>`(select coalesce(sum(o.amount), 0) from ${orders} o where o.tenant_id = ${tenantIdCol} and o.state in ('paid', 'partRefunded', 'refunded'))`.mapWith(
              Number,
            ),
        })
        .from(tenants)
        .where(where)
        .orderBy(...newestFirst(tenants))
        .$dynamic(),
      q,
    );
  },

  /** 订单与利润: the paid orders the agent's enterprises placed through it (read across tenants). */
  orderPage: async (db: TDb, agentId: number, f: { enterpriseName?: string }, q: { page: number; limit: number }) => {
    const conds: SQL[] = [eq(orders.agentId, agentId), inArray(orders.state, paidStates)];
    if (f.enterpriseName) conds.push(ilike(tenants.name, likeOf(f.enterpriseName)));
    const where = and(...conds);
    return pageOf(
      db.select({ n: count() }).from(orders).innerJoin(tenants, eq(tenants.id, orders.tenantId)).where(where),
      db
        .select({
          orderNo: orders.orderNo,
          enterpriseName: tenants.name,
          subject: orders.subject,
          amount: orders.amount,
          refundedAmount: orders.refundedAmount,
          state: orders.state,
          agentMargin: orders.agentMargin,
          paidAt: orders.paidAt,
          createdAt: orders.createdAt,
        })
        .from(orders)
        .innerJoin(tenants, eq(tenants.id, orders.tenantId))
        .where(where)
        .orderBy(...newestFirst(orders))
        .$dynamic(),
      q,
    );
  },
};
