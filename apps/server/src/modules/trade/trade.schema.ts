import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, ref, sameTenant, tenantTable, ts } from '../../db/columns.js';
import { lines } from '../line/line.schema.js';
import { tenants } from '../org/org.schema.js';
import { seats } from '../seat/seat.schema.js';

// Commerce (migration 0037, docs/decisions/0017-commerce.md). Money is integer fen.
const fen = (name: string) => bigint(name, { mode: 'number' });

/** One account per enterprise: its balance and frozen amount. Changed only by ledger.repository's `book`. */
export const accounts = pgTable('accounts', {
  tenantId: ref('tenant_id')
    .primaryKey()
    .references(() => tenants.id),
  balance: fen('balance').notNull().default(0),
  frozen: fen('frozen').notNull().default(0),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** The append-only ledger: each movement once per (kind, business object). */
export const ledgerEntries = tenantTable(
  'ledger_entries',
  {
    kind: text('kind').notNull(),
    /** Signed fen: + into the balance, − out of it. */
    amount: fen('amount').notNull(),
    balanceAfter: fen('balance_after').notNull(),
    /** The business object booked: its type (order, payment, adjustment…) and key (order number…). */
    bizType: text('biz_type').notNull(),
    bizKey: text('biz_key').notNull(),
    remark: text('remark').notNull().default(''),
    createdBy: ref('created_by'),
    createdByName: text('created_by_name').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_entries_kind_biz_idx').on(t.kind, t.bizType, t.bizKey, t.tenantId),
    index('ledger_entries_tenant_created_idx').on(t.tenantId, t.createdAt, t.id),
  ],
);

export type TOrderItem = {
  productId: number;
  name: string;
  lineId: number;
  minutes: number;
  validityDays: number;
  unitPrice: number;
  quantity: number;
  /** The platform's unit price when the enterprise bought at its agent's price. */
  baseUnitPrice?: number;
  /** Seat orders: months per seat; a renewal's seat. */
  months?: number;
  seatId?: number;
  /** Bought for these users: the packages granted are restricted to them. */
  userIds?: number[];
  /** 线索包: the quota units one package grants. */
  units?: number;
  /** 开通应用: the add-on (应用中心 code) a period is bought of; its days are `validityDays`. */
  appCode?: string;
};

export const orders = tenantTable(
  'orders',
  {
    orderNo: text('order_no').notNull(),
    kind: text('kind').notNull(),
    state: text('state').notNull().default('unpaid'),
    items: jsonb('items').$type<TOrderItem[]>().notNull(),
    amount: fen('amount').notNull(),
    refundedAmount: fen('refunded_amount').notNull().default(0),
    subject: text('subject').notNull(),
    expireAt: ts('expire_at').notNull(),
    paidAt: ts('paid_at'),
    closedAt: ts('closed_at'),
    channel: text('channel'),
    channelTradeNo: text('channel_trade_no'),
    createdBy: ref('created_by'),
    createdByName: text('created_by_name').notNull().default(''),
    /** A renewal's request key (the dialog's, or auto:seat:period): one order per key (migration 0039). */
    requestKey: text('request_key'),
    createdAt: createdAt(),
    /** The agent the enterprise bought through and its margin on the order (migration 0046). */
    agentId: ref('agent_id').references(() => tenants.id),
    agentMargin: fen('agent_margin').notNull().default(0),
  },
  (t) => [
    uniqueIndex('orders_order_no_idx').on(t.orderNo, t.tenantId),
    index('orders_tenant_created_idx').on(t.tenantId, t.createdAt, t.id),
  ],
);

/** One payment attempt (a QR code) of an order, with the channel's raw notification kept. */
export const payments = tenantTable(
  'payments',
  {
    orderId: ref('order_id').notNull(),
    outTradeNo: text('out_trade_no').notNull(),
    channel: text('channel').notNull(),
    amount: fen('amount').notNull(),
    /** waiting → paid | closed; paid → refunded (a second payment of one order). */
    state: text('state').notNull().default('waiting'),
    codeUrl: text('code_url').notNull().default(''),
    channelTradeNo: text('channel_trade_no'),
    rawNotification: text('raw_notification'),
    note: text('note').notNull().default(''),
    paidAt: ts('paid_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    sameTenant('payments_order_id_fkey', t, t.orderId, orders),
    uniqueIndex('payments_out_trade_no_idx').on(t.outTradeNo, t.tenantId),
    index('payments_order_idx').on(t.orderId),
  ],
);

/** Every notification a channel sent, verified or not (a forged one changes nothing but stays here). */
export const payNotifications = pgTable(
  'pay_notifications',
  {
    id: id(),
    channel: text('channel').notNull(),
    outTradeNo: text('out_trade_no'),
    isVerified: boolean('is_verified').notNull(),
    outcome: text('outcome').notNull(),
    raw: text('raw').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('pay_notifications_trade_idx').on(t.outTradeNo)],
);

/** The platform's monthly price of a seat per line (migration 0039); a line without one uses `lines.seat_price_per_month`. */
export const seatPrices = pgTable('seat_prices', {
  lineId: ref('line_id')
    .primaryKey()
    .references(() => lines.id),
  pricePerMonth: fen('price_per_month').notNull(),
  updatedBy: ref('updated_by'),
  updatedByName: text('updated_by_name').notNull().default(''),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** What one refund gives back of one order: its paid period (seat term) or package, and the months or seconds and fen. */
export type TRefundPart = {
  orderId: number;
  orderNo: string;
  termId: number | null;
  packetId?: number;
  seconds?: number;
  months: number;
  amount: number;
};

/** A refund application (退订 / 坐席退订), examined by the platform (migration 0039). */
export const refundApplications = tenantTable(
  'refund_applications',
  {
    applyNo: text('apply_no').notNull(),
    /** seat (坐席退订); package (退订 of a bought package, its id in `parts`). */
    kind: text('kind').notNull(),
    seatId: ref('seat_id'),
    subject: text('subject').notNull(),
    months: integer('months').notNull().default(0),
    amount: fen('amount').notNull(),
    parts: jsonb('parts').$type<TRefundPart[]>().notNull(),
    reason: text('reason').notNull().default(''),
    /** pending → approved | rejected. */
    state: text('state').notNull().default('pending'),
    rejectReason: text('reject_reason').notNull().default(''),
    /** Where the money went: balance (the account), or the payment channel (原路退回: sandbox, alipay, wechat). */
    channel: text('channel'),
    examinedByName: text('examined_by_name').notNull().default(''),
    examinedAt: ts('examined_at'),
    createdBy: ref('created_by'),
    createdByName: text('created_by_name').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    sameTenant('refund_applications_seat_id_fkey', t, t.seatId, seats, 'set null'),
    uniqueIndex('refund_applications_apply_no_idx').on(t.applyNo, t.tenantId),
    uniqueIndex('refund_applications_seat_pending_idx').on(t.seatId, t.tenantId).where(sql`state = 'pending'`),
    index('refund_applications_seat_idx').on(t.seatId),
    index('refund_applications_tenant_created_idx').on(t.tenantId, t.kind, t.createdAt, t.id),
    index('refund_applications_state_created_idx').on(t.state, t.createdAt, t.id),
  ],
);

/** A refund's state at its channel: pending (not accepted yet: retried), processing, success, failed. */
export type TChannelRefundState = 'pending' | 'processing' | 'success' | 'failed';

/**
 * Each order's part of an approved refund (migration 0049): through the channel that paid the order
 * (原路退回, under its own refund number) or back to the balance (`channel` = balance).
 */
export const channelRefunds = tenantTable(
  'channel_refunds',
  {
    applicationId: ref('application_id').notNull(),
    refundNo: text('refund_no').notNull(),
    orderId: ref('order_id').notNull(),
    orderNo: text('order_no').notNull(),
    channel: text('channel').notNull(),
    outTradeNo: text('out_trade_no'),
    /** The payment's amount (WeChat's `amount.total`). */
    total: fen('total').notNull().default(0),
    amount: fen('amount').notNull(),
    state: text('state').$type<TChannelRefundState>().notNull().default('pending'),
    /** Why it failed, or the last error of an attempt to retry. */
    reason: text('reason').notNull().default(''),
    attempts: integer('attempts').notNull().default(0),
    channelRefundId: text('channel_refund_id'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    sameTenant('channel_refunds_application_id_fkey', t, t.applicationId, refundApplications),
    sameTenant('channel_refunds_order_id_fkey', t, t.orderId, orders),
    uniqueIndex('channel_refunds_refund_no_idx').on(t.refundNo, t.tenantId),
    index('channel_refunds_application_idx').on(t.applicationId),
    index('channel_refunds_order_idx').on(t.orderId),
    index('channel_refunds_open_idx').on(t.updatedAt).where(sql`state IN ('pending', 'processing')`),
  ],
);

/** The sandbox channel's trades (development, migration 0049): a QR being paid survives a restart. */
export const sandboxTrades = pgTable('sandbox_trades', {
  outTradeNo: text('out_trade_no').primaryKey(),
  amount: fen('amount').notNull(),
  subject: text('subject').notNull(),
  expireAt: ts('expire_at').notNull(),
  state: text('state').notNull().default('waiting'),
  channelTradeNo: text('channel_trade_no'),
  paidAt: ts('paid_at'),
  /** Refunds by refund number (fen). */
  refunds: jsonb('refunds').$type<Record<string, number>>().notNull().default({}),
  createdAt: createdAt(),
});
