import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../../db/client.js';
import { firstRow } from '../../db/first.js';
import { channelRefunds, orders, payments } from '../../db/schema.js';

export type TChannelRefundRow = typeof channelRefunds.$inferSelect;

/** Each order's part of an approved refund and its state at the channel (migration 0049). */
export const channelRefundRepository = {
  /** The parts of an approval, once per refund number (a retried approval inserts nothing). */
  insert: (db: TDb, rows: (typeof channelRefunds.$inferInsert)[]) =>
    rows.length === 0 ? Promise.resolve() : db.insert(channelRefunds).values(rows).onConflictDoNothing(),

  ofApplications: (db: TDb, applicationIds: number[]) =>
    applicationIds.length === 0
      ? Promise.resolve([] as TChannelRefundRow[])
      : db
          .select()
          .from(channelRefunds)
          .where(inArray(channelRefunds.applicationId, applicationIds))
          .orderBy(asc(channelRefunds.id)),

  ofOrder: (db: TDb, orderId: number) =>
    db.select().from(channelRefunds).where(eq(channelRefunds.orderId, orderId)).orderBy(asc(channelRefunds.id)),

  /** One part by its refund number, locked; `skip`: answers null when another holds it (the job). */
  lock: async (db: TDb, refundNo: string, skip = false) =>
    (
      await db
        .select()
        .from(channelRefunds)
        .where(eq(channelRefunds.refundNo, refundNo))
        .limit(1)
        .for('update', skip ? { skipLocked: true } : {})
    )[0] ?? null,

  update: (db: TDb, id: number, set: Partial<typeof channelRefunds.$inferInsert>) =>
    db
      .update(channelRefunds)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(channelRefunds.id, id)),

  /** The enterprise a refund number belongs to (a notification names the refund only; no tenant yet). */
  tenantOf: async (db: TDb, refundNo: string) =>
    (
      await firstRow(
        db
          .select({ tenantId: channelRefunds.tenantId })
          .from(channelRefunds)
          .where(eq(channelRefunds.refundNo, refundNo)),
      )
    )?.tenantId ?? null,

  /**
   * Refunds the job looks at: not accepted yet (sent again) or accepted and still processing (asked),
   * each waiting a minute per attempt (at most an hour) since it last changed.
   */
  due: async (db: TDb, now: Date, limit: number) =>
    rowsOf<{ refund_no: string; tenant_id: string | number }>(
      await db.execute(sql`select refund_no, tenant_id from channel_refunds
        where state in ('pending', 'processing')
          and updated_at <= ${now}::timestamptz - make_interval(mins => least(greatest(attempts, 1), 60))
        order by updated_at limit ${limit}`),
    ).map((r) => ({ refundNo: r.refund_no, tenantId: Number(r.tenant_id) })),

  /** How the orders were paid: the order's channel and its paid QR payment, if any. */
  paidBy: async (db: TDb, orderIds: number[]) => {
    if (orderIds.length === 0) return new Map<number, TPaidBy>();
    const rows = await db
      .select({
        orderId: orders.id,
        orderNo: orders.orderNo,
        orderChannel: orders.channel,
        outTradeNo: payments.outTradeNo,
        channel: payments.channel,
        amount: payments.amount,
      })
      .from(orders)
      .leftJoin(
        payments,
        and(eq(payments.tenantId, orders.tenantId), eq(payments.orderId, orders.id), eq(payments.state, 'paid')),
      )
      .where(inArray(orders.id, orderIds));
    return new Map(rows.map((r) => [r.orderId, r]));
  },
};

export type TPaidBy = {
  orderId: number;
  orderNo: string;
  orderChannel: string | null;
  outTradeNo: string | null;
  channel: string | null;
  amount: number | null;
};
