import { bigint, boolean, index, integer, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ref, sameTenant, tenantTable, ts } from '../../db/columns.js';
import { lineRef, lines } from '../line/line.schema.js';
import { users } from '../org/org.schema.js';

/** A seat (坐席): a licence binding a user to a line for a period. */
export const seats = tenantTable(
  'seats',
  {
    userId: ref('user_id'),
    lineId: lineRef(),
    startAt: ts('start_at').notNull(),
    expireAt: ts('expire_at').notNull(),
    autoRenewal: boolean('auto_renewal').notNull().default(false),
    status: text('status').notNull().default('active'),
    /** The order that bought it and its item × 1000 + unit: created once (migration 0039). */
    orderId: ref('order_id'),
    orderItem: integer('order_item'),
    /** The expiry the administrator was last told the balance could not renew. */
    renewalNotifiedFor: ts('renewal_notified_for'),
  },
  (t) => [
    sameTenant('seats_user_id_users_id_fk', t, t.userId, users),
    index('seats_tenant_user_idx').on(t.tenantId, t.userId),
    uniqueIndex('seats_order_item_idx').on(t.orderId, t.orderItem, t.tenantId),
  ],
);

/** Each paid period of a seat (a purchase or a renewal), what a cancellation may refund. */
export const seatTerms = tenantTable(
  'seat_terms',
  {
    seatId: ref('seat_id').notNull(),
    orderId: ref('order_id').notNull(),
    orderNo: text('order_no').notNull(),
    /** seatPurchase | seatRenewal (the order's kind). */
    kind: text('kind').notNull(),
    months: integer('months').notNull(),
    /** Fen per month paid. */
    pricePerMonth: bigint('price_per_month', { mode: 'number' }).notNull(),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    refundedMonths: integer('refunded_months').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    sameTenant('seat_terms_seat_id_fkey', t, t.seatId, seats, 'cascade'),
    uniqueIndex('seat_terms_order_seat_idx').on(t.orderId, t.seatId, t.tenantId),
    index('seat_terms_seat_idx').on(t.seatId, t.endsAt),
    // 坐席汇总 (migration 0048): an enterprise's seat months bought in a month.
    index('seat_terms_tenant_created_idx').on(t.tenantId, t.createdAt),
  ],
);

/**
 * Per-staff calling settings (呼叫管理, DESIGN.md section 6): default line, caller number, allowed
 * hours and daily limits. A staff member without a row gets the code defaults (calling.service).
 */
export const callingSettings = tenantTable(
  'calling_settings',
  {
    userId: ref('user_id').notNull(),
    /** Default line; null = the line of his seat. */
    lineId: ref('line_id').references(() => lines.id),
    /** 外显号码; null = the line's first number. */
    callerNumber: text('caller_number'),
    /** 'HH:mm', local time of the enterprise (Asia/Shanghai). */
    allowedFrom: text('allowed_from').notNull().default('08:00'),
    allowedTo: text('allowed_to').notNull().default('21:00'),
    /** Calls to one number per day. */
    perNumberDailyLimit: integer('per_number_daily_limit').notNull().default(3),
    /** Dials per day in total. */
    dailyLimit: integer('daily_limit').notNull().default(300),
    recording: boolean('recording').notNull().default(true),
    /** Whether his recorded calls are analysed (通话分析). */
    analysis: boolean('analysis').notNull().default(true),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    sameTenant('calling_settings_user_id_users_id_fk', t, t.userId, users),
    uniqueIndex('calling_settings_tenant_user_idx').on(t.tenantId, t.userId),
  ],
);
