import { and, eq, gte, ilike, lt, type SQL, sql } from 'drizzle-orm';
import { rowsOf, type TDatabase, type TDb } from '../../db/client.js';
import { firstRow, hasRow } from '../../db/first.js';
import { pageOf } from '../../db/page.js';
import { orders, refundApplications, seatTerms, tenants } from '../../db/schema.js';
import { likeOf, newestFirst } from '../../db/sql.js';
import { withTenant } from '../../db/tenant.js';
import { batchedRows } from '../../http/xlsx-stream.js';

export type TRefundFilter = {
  tenantId?: number;
  kind?: string;
  state?: string;
  applyNo?: string;
  createdFrom?: number;
  createdTo?: number;
};
export type TRefundRow = typeof refundApplications.$inferSelect & { enterpriseName: string };

const columns = { refund: refundApplications, enterpriseName: tenants.name };
const flat = (r: { refund: typeof refundApplications.$inferSelect; enterpriseName: string }): TRefundRow => ({
  ...r.refund,
  enterpriseName: r.enterpriseName,
});

const where = (f: TRefundFilter): SQL | undefined =>
  and(
    f.tenantId !== undefined ? eq(refundApplications.tenantId, f.tenantId) : undefined,
    f.kind ? eq(refundApplications.kind, f.kind) : undefined,
    f.state ? eq(refundApplications.state, f.state) : undefined,
    f.applyNo ? ilike(refundApplications.applyNo, likeOf(f.applyNo)) : undefined,
    f.createdFrom !== undefined ? gte(refundApplications.createdAt, new Date(f.createdFrom)) : undefined,
    f.createdTo !== undefined ? lt(refundApplications.createdAt, new Date(f.createdTo)) : undefined,
  );

const select = (db: TDb) =>
  db.select(columns).from(refundApplications).innerJoin(tenants, eq(tenants.id, refundApplications.tenantId));

/** Whether an application of the tenant matching `of` is under review. */
const hasPending = (tx: TDb, tenantId: number, of: SQL) =>
  hasRow(
    tx
      .select({ id: refundApplications.id })
      .from(refundApplications)
      .where(and(eq(refundApplications.tenantId, tenantId), eq(refundApplications.state, 'pending'), of)),
  );

/** Refund applications (退订账单, 坐席退订, the platform's review; migration 0039). */
export const tradeRefundRepository = {
  /** Inserts the application unless the seat has one under review (null then). */
  insert: async (tx: TDb, row: typeof refundApplications.$inferInsert) =>
    (await tx.insert(refundApplications).values(row).onConflictDoNothing().returning({ id: refundApplications.id }))[0]
      ?.id ?? null,

  /** A paid seat term or a seat's 退订 application, ever (seat_terms_tenant_created_idx). */
  hasSeatHistory: async (tx: TDb, tenantId: number) => {
    const [row] = rowsOf<{ is_shown: boolean }>(
      await tx.execute(sql`select
        exists (select 1 from ${seatTerms} where ${seatTerms.tenantId} = ${tenantId})
        or exists (select 1 from ${refundApplications}
          where ${refundApplications.tenantId} = ${tenantId} and ${refundApplications.kind} = 'seat') as is_shown`),
    );
    return row?.is_shown === true;
  },

  pendingOfSeat: (tx: TDb, tenantId: number, seatId: number) =>
    hasPending(tx, tenantId, eq(refundApplications.seatId, seatId)),

  /** One application, locked FOR UPDATE when asked (two examinations of one run one after the other). */
  byId: async (db: TDb, id: number, lock = false) => {
    const q = select(db).where(eq(refundApplications.id, id)).limit(1);
    const [row] = lock ? await q.for('update', { of: refundApplications }) : await q;
    return row ? flat(row) : null;
  },

  /** One application by its number (a business key: the platform's own top-up refunds are found again by it). */
  byApplyNo: async (db: TDb, applyNo: string) => {
    const [row] = await select(db).where(eq(refundApplications.applyNo, applyNo)).limit(1);
    return row ? flat(row) : null;
  },

  update: (db: TDb, id: number, set: Partial<typeof refundApplications.$inferInsert>) =>
    db.update(refundApplications).set(set).where(eq(refundApplications.id, id)),

  page: async (db: TDb, f: TRefundFilter, q: { page: number; limit: number }) => {
    const w = where(f);
    const page = await pageOf(
      db.select({ n: sql<number>`count(*)::int` }).from(refundApplications).where(w),
      select(db)
        .where(w)
        .orderBy(...newestFirst(refundApplications))
        .$dynamic(),
      q,
    );
    return { records: page.records.map(flat), total: page.total };
  },

  /** The rows of an export, read after the request in batches, each its own short transaction. */
  rows: (database: TDatabase, tenantId: number, f: TRefundFilter) =>
    batchedRows((offset) =>
      withTenant(database, tenantId, async (tx) =>
        (
          await select(tx)
            .where(where({ ...f, tenantId }))
            .orderBy(...newestFirst(refundApplications))
            .limit(1000)
            .offset(offset)
        ).map(flat),
      ),
    ),

  /**
   * A top-up order of the tenant by number, locked FOR UPDATE unless only read: its refunds (the
   * enterprise's applications, the platform's own) run one at a time.
   */
  lockRechargeOrder: (tx: TDb, tenantId: number, orderNo: string, lock = true) => {
    const q = tx
      .select({
        id: orders.id,
        orderNo: orders.orderNo,
        state: orders.state,
        amount: orders.amount,
        refundedAmount: orders.refundedAmount,
      })
      .from(orders)
      .where(and(eq(orders.tenantId, tenantId), eq(orders.orderNo, orderNo), eq(orders.kind, 'recharge')));
    return firstRow(lock ? q.for('update') : q);
  },

  /** Whether an application under review takes money from the order (any of its parts). */
  pendingOfOrder: (tx: TDb, tenantId: number, orderId: number) =>
    hasPending(tx, tenantId, sql`${refundApplications.parts} @> ${JSON.stringify([{ orderId }])}::jsonb`),

  /** The order that granted a package (its number and state; the caller's tenant). */
  orderOf: (db: TDb, orderId: number) =>
    firstRow(
      db
        .select({ id: orders.id, orderNo: orders.orderNo, state: orders.state })
        .from(orders)
        .where(eq(orders.id, orderId)),
    ),
};
