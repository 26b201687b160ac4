import { and, asc, count, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import { rowsOf, type TDatabase, type TDb } from '../../db/client.js';
import { firstRow } from '../../db/first.js';
import { pageOf } from '../../db/page.js';
import { tenants } from '../../db/schema.js';
import { likeOf, newestFirst } from '../../db/sql.js';
import { withTenant } from '../../db/tenant.js';
import { batchedRows } from '../../http/xlsx-stream.js';
import { accounts, orders, payments, payNotifications } from './trade.schema.js';

export type TOrderFilter = {
  tenantId?: number;
  orderNo?: string;
  kind?: string;
  state?: string;
  createdFrom?: number;
  createdTo?: number;
};
export type TOrderRow = typeof orders.$inferSelect & { enterpriseName: string };
export type TPaymentRow = typeof payments.$inferSelect;

const orderColumns = { order: orders, enterpriseName: tenants.name };

const orderWhere = (f: TOrderFilter): SQL | undefined => {
  const conds: SQL[] = [];
  if (f.tenantId !== undefined) conds.push(eq(orders.tenantId, f.tenantId));
  if (f.orderNo) conds.push(ilike(orders.orderNo, likeOf(f.orderNo)));
  if (f.kind) conds.push(eq(orders.kind, f.kind));
  if (f.state) conds.push(eq(orders.state, f.state));
  if (f.createdFrom !== undefined) conds.push(gte(orders.createdAt, new Date(f.createdFrom)));
  if (f.createdTo !== undefined) conds.push(lt(orders.createdAt, new Date(f.createdTo)));
  return and(...conds);
};

const flat = (r: { order: typeof orders.$inferSelect; enterpriseName: string }): TOrderRow => ({
  ...r.order,
  enterpriseName: r.enterpriseName,
});

export const tradeRepository = {
  insertOrder: async (tx: TDb, row: typeof orders.$inferInsert) =>
    (await tx.insert(orders).values(row).returning())[0]!,

  /** Inserts the order unless one of its request key exists (a parallel twin): null then. */
  insertOrderOnce: async (tx: TDb, row: typeof orders.$inferInsert) =>
    (await tx.insert(orders).values(row).onConflictDoNothing().returning())[0] ?? null,

  /** The order a request key made (a renewal's dialog, or auto:seat:period). */
  orderByRequestKey: async (tx: TDb, tenantId: number, requestKey: string) => {
    const [row] = await tx
      .select(orderColumns)
      .from(orders)
      .innerJoin(tenants, eq(tenants.id, orders.tenantId))
      .where(and(eq(orders.tenantId, tenantId), eq(orders.requestKey, requestKey)))
      .limit(1);
    return row ? flat(row) : null;
  },

  /** The order by number within the tenant, locked FOR UPDATE when asked. */
  order: async (tx: TDb, tenantId: number, orderNo: string, lock = false) => {
    const q = tx
      .select(orderColumns)
      .from(orders)
      .innerJoin(tenants, eq(tenants.id, orders.tenantId))
      .where(and(eq(orders.tenantId, tenantId), eq(orders.orderNo, orderNo)))
      .limit(1);
    const [row] = lock ? await q.for('update', { of: orders }) : await q;
    return row ? flat(row) : null;
  },

  orderById: async (tx: TDb, id: number, opts: { lock?: 'update' | 'skip' } = {}) => {
    const q = tx
      .select(orderColumns)
      .from(orders)
      .innerJoin(tenants, eq(tenants.id, orders.tenantId))
      .where(eq(orders.id, id))
      .limit(1);
    const [row] =
      opts.lock === 'update'
        ? await q.for('update', { of: orders })
        : opts.lock === 'skip'
          ? await q.for('update', { of: orders, skipLocked: true })
          : await q;
    return row ? flat(row) : null;
  },

  updateOrder: (tx: TDb, id: number, set: Partial<typeof orders.$inferInsert>) =>
    tx.update(orders).set(set).where(eq(orders.id, id)),

  orderPage: async (db: TDb, f: TOrderFilter, q: { page: number; limit: number }) => {
    const where = orderWhere(f);
    const page = await pageOf(
      db.select({ n: count() }).from(orders).where(where),
      db
        .select(orderColumns)
        .from(orders)
        .innerJoin(tenants, eq(tenants.id, orders.tenantId))
        .where(where)
        .orderBy(...newestFirst(orders))
        .$dynamic(),
      q,
    );
    return { records: page.records.map(flat), total: page.total };
  },

  /** The orders of an export, read after the request in batches of 1000, each its own short transaction. */
  orderRows: (database: TDatabase, tenantId: number, f: TOrderFilter) =>
    batchedRows((offset) =>
      withTenant(database, tenantId, async (tx) => {
        const rows = await tx
          .select(orderColumns)
          .from(orders)
          .innerJoin(tenants, eq(tenants.id, orders.tenantId))
          .where(orderWhere({ ...f, tenantId }))
          .orderBy(...newestFirst(orders))
          .limit(1000)
          .offset(offset);
        return rows.map(flat);
      }),
    ),

  paymentCount: async (tx: TDb, orderId: number) =>
    (await tx.select({ n: count() }).from(payments).where(eq(payments.orderId, orderId)))[0]?.n ?? 0,

  insertPayment: async (tx: TDb, row: typeof payments.$inferInsert) =>
    (await tx.insert(payments).values(row).returning())[0]!,

  paymentsOf: (tx: TDb, orderId: number) =>
    tx.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id)),

  paymentByNo: (tx: TDb, outTradeNo: string) =>
    firstRow(tx.select().from(payments).where(eq(payments.outTradeNo, outTradeNo))),

  /** A payment by its trade number, locked FOR UPDATE (notifications of one trade run one at a time). */
  lockPayment: async (tx: TDb, outTradeNo: string) =>
    (await tx.select().from(payments).where(eq(payments.outTradeNo, outTradeNo)).limit(1).for('update'))[0] ?? null,

  updatePayment: (tx: TDb, id: number, set: Partial<typeof payments.$inferInsert>) =>
    tx
      .update(payments)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(payments.id, id)),

  /** Which tenant a trade number belongs to: asked before any tenant is known (a notification). */
  tenantOfTrade: async (db: TDb, outTradeNo: string) =>
    (
      await firstRow(
        db.select({ tenantId: payments.tenantId }).from(payments).where(eq(payments.outTradeNo, outTradeNo)),
      )
    )?.tenantId ?? null,

  logNotification: (db: TDb, row: typeof payNotifications.$inferInsert) => db.insert(payNotifications).values(row),

  notificationsOf: (db: TDb, outTradeNo: string) =>
    db
      .select()
      .from(payNotifications)
      .where(eq(payNotifications.outTradeNo, outTradeNo))
      .orderBy(asc(payNotifications.id)),

  /** Unpaid orders past their expiry or older than `since` (to ask the channel), across tenants. */
  unpaidDue: async (db: TDb, now: Date, limit: number) =>
    rowsOf<{ id: string | number; tenant_id: string | number }>(
      await db.execute(sql`select id, tenant_id from orders where state = 'unpaid' and expire_at <= ${now}
        order by expire_at limit ${limit}`),
    ).map((r) => ({ id: Number(r.id), tenantId: Number(r.tenant_id) })),

  /** Recent unpaid orders with a waiting payment: the job asks their channel (a lost notification). */
  unpaidRecent: async (db: TDb, now: Date, limit: number) =>
    rowsOf<{ id: string | number; tenant_id: string | number }>(
      await db.execute(sql`select o.id, o.tenant_id from orders o where o.state = 'unpaid' and o.expire_at > ${now}
        and exists (select 1 from payments p where p.order_id = o.id and p.state = 'waiting')
        order by o.expire_at limit ${limit}`),
    ).map((r) => ({ id: Number(r.id), tenantId: Number(r.tenant_id) })),

  accountPage: async (db: TDb, f: { name?: string }, q: { page: number; limit: number }) => {
    const conds: SQL[] = [eq(tenants.isSuper, false)];
    if (f.name) conds.push(or(ilike(tenants.name, likeOf(f.name)), ilike(tenants.code, likeOf(f.name)))!);
    const where = and(...conds);
    return pageOf(
      db.select({ n: count() }).from(tenants).where(where),
      db
        .select({
          tenantId: tenants.id,
          enterpriseName: tenants.name,
          balance: sql<number>`coalesce(${accounts.balance}, 0)::bigint`.mapWith(Number),
          frozen: sql<number>`coalesce(${accounts.frozen}, 0)::bigint`.mapWith(Number),
        })
        .from(tenants)
        .leftJoin(accounts, eq(accounts.tenantId, tenants.id))
        .where(where)
        .orderBy(desc(tenants.id))
        .$dynamic(),
      q,
    );
  },

  enterpriseName: async (db: TDb, tenantId: number) =>
    (await db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId)).limit(1))[0]?.name ?? null,
};
