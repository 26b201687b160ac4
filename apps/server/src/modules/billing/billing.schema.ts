import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, ref, tenantId, ts } from '../../db/columns.js';
import { lineRef } from '../line/line.schema.js';
import { tenants } from '../org/org.schema.js';

// Billing (migration 0041, docs/decisions/0018-billing.md). Money is integer fen.
const fen = (name: string) => bigint(name, { mode: 'number' });

/**
 * A line's rate from `validFrom` on (the platform's, no tenant): a call is rated by the row in force
 * at its start, so a new price never changes the calls before it. A line without a row is rated at
 * its `price_per_minute` per 60 s.
 */
export const lineRates = pgTable(
  'line_rates',
  {
    id: id(),
    lineId: lineRef(),
    /** Fen per billing unit. */
    unitPrice: integer('unit_price').notNull(),
    incrementSeconds: integer('increment_seconds').notNull(),
    minimumSeconds: integer('minimum_seconds').notNull().default(0),
    freeSeconds: integer('free_seconds').notNull().default(0),
    validFrom: ts('valid_from').notNull(),
    createdByName: text('created_by_name').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('line_rates_line_from_idx').on(t.lineId, t.validFrom.desc(), t.id.desc())],
);

/**
 * The platform's price per analysed minute from `validFrom` on (智能分析资费, no tenant): an analysis
 * is charged at the row in force when it finished; none in force: free.
 */
export const analysisRates = pgTable(
  'analysis_rates',
  {
    id: id(),
    /** Fen per minute of talk (a started minute counts). */
    unitPrice: integer('unit_price').notNull(),
    validFrom: ts('valid_from').notNull(),
    createdByName: text('created_by_name').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('analysis_rates_from_idx').on(t.validFrom.desc(), t.id.desc())],
);

/** What paid for a call: package seconds by package, then fen from the balance. */
export type TPaidBy = { packets: { packetId: number; name: string; seconds: number }[]; balance: number };

/**
 * One charged call (a record whose rating came to more than nothing), written once in the
 * transaction that writes its record; the key is the record's id. Person, department, line and
 * start are copied so the consumption list reads this table alone.
 */
export const callCharges = pgTable(
  'call_charges',
  {
    recordId: ref('record_id').notNull(),
    tenantId: tenantId(),
    userId: ref('user_id').notNull(),
    deptId: ref('dept_id'),
    lineId: ref('line_id').notNull(),
    startTime: ts('start_time').notNull(),
    duration: integer('duration').notNull(),
    billedSeconds: integer('billed_seconds').notNull(),
    units: integer('units').notNull(),
    unitPrice: integer('unit_price').notNull(),
    incrementSeconds: integer('increment_seconds').notNull(),
    /** The call's price at its rate (the record's postage). */
    amount: fen('amount').notNull(),
    packetSeconds: integer('packet_seconds').notNull(),
    /** Fen taken from the balance (the consumption ledger row's amount, negated). */
    balanceAmount: fen('balance_amount').notNull(),
    paidBy: jsonb('paid_by').$type<TPaidBy>().notNull(),
    /** The person's billing switch at the time: his cost is his own (true) or his department's. */
    isAllocated: boolean('is_allocated').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'call_charges_pkey', columns: [t.recordId, t.tenantId] }),
    index('call_charges_tenant_time_idx').on(t.tenantId, t.startTime.desc(), t.recordId.desc()),
    index('call_charges_tenant_user_time_idx').on(t.tenantId, t.userId, t.startTime.desc()),
  ],
);

/** The charges summed by Shanghai day, line, department and person (the bill and its analysis). */
export const billingDaily = pgTable(
  'billing_daily',
  {
    tenantId: tenantId(),
    day: date('day', { mode: 'string' }).notNull(),
    lineId: ref('line_id').notNull(),
    deptId: ref('dept_id'),
    userId: ref('user_id').notNull(),
    calls: integer('calls').notNull(),
    duration: fen('duration').notNull(),
    billedSeconds: fen('billed_seconds').notNull(),
    amount: fen('amount').notNull(),
    packetSeconds: fen('packet_seconds').notNull(),
    balanceAmount: fen('balance_amount').notNull(),
  },
  // NULLS NOT DISTINCT in migration 0041 (a person without a department is one group).
  (t) => [uniqueIndex('billing_daily_key_idx').on(t.tenantId, t.day, t.lineId, t.deptId, t.userId)],
);

/** An enterprise's low-balance notice: below `lowBalanceFen` its administrators are told once. */
export const billingSettings = pgTable('billing_settings', {
  tenantId: ref('tenant_id')
    .primaryKey()
    .references(() => tenants.id),
  lowBalanceFen: fen('low_balance_fen').notNull().default(0),
  isSms: boolean('is_sms').notNull().default(false),
  /** When the last notice went out; cleared when the balance is back above the threshold. */
  notifiedAt: ts('notified_at'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
