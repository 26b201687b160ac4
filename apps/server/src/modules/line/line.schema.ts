import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, ref, refTo, sameTenant, tenantTable, ts } from '../../db/columns.js';
import { users } from '../org/org.schema.js';

/** A call line (线路) offered by the platform. mode 2 = soft-phone SIP, 0 = carrier call-back, other = app. */
export const lines = pgTable('lines', {
  id: id(),
  name: text('name').notNull(),
  mode: integer('mode').notNull(),
  /** Price per minute in fen. */
  pricePerMinute: integer('price_per_minute').notNull(),
  /** Price of one seat on this line for one month, in fen (seat-price/list-by-tenant-code). */
  seatPricePerMonth: integer('seat_price_per_month').notNull().default(5000),
  area: text('area').notNull().default(''),
  callerNumbers: text('caller_numbers').array().notNull().default(sql`'{}'::text[]`),
  status: text('status').notNull().default('active'),
  createdAt: createdAt(),
});

/** The line a row belongs to (a seat, a number, a package, a rate, a report…): required. */
export const lineRef = () => refTo('line_id', () => lines.id);

/**
 * The enterprise's own numbers on a line (外显号码 sys-call-num), which also form its number pool
 * (号码池 lineNum): each may be distributed to one staff member, whose calls then show it.
 */
export const tenantNumbers = tenantTable(
  'tenant_numbers',
  {
    lineId: lineRef(),
    number: text('number').notNull(),
    remark: text('remark').notNull().default(''),
    /** The staff member the number is distributed to; null = still in the pool. */
    userId: ref('user_id'),
    distributedAt: ts('distributed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    sameTenant('tenant_numbers_user_id_users_id_fk', t, t.userId, users),
    uniqueIndex('tenant_numbers_tenant_number_idx').on(t.tenantId, t.number),
    index('tenant_numbers_tenant_line_idx').on(t.tenantId, t.lineId),
  ],
);

/**
 * China Mobile work numbers (移动工作号, cmcc-work-num-pool): numbers the carrier assigns to the
 * enterprise, each bound to at most one staff member.
 */
export const cmccWorkNumbers = tenantTable(
  'cmcc_work_numbers',
  {
    workNumber: text('work_number').notNull(),
    /** The carrier's own description (province, package); shown as is. */
    remark: text('remark').notNull().default(''),
    userId: ref('user_id'),
    boundAt: ts('bound_at'),
    createdAt: createdAt(),
  },
  (t) => [
    sameTenant('cmcc_work_numbers_user_id_users_id_fk', t, t.userId, users),
    uniqueIndex('cmcc_work_numbers_number_idx').on(t.workNumber),
    index('cmcc_work_numbers_tenant_user_idx').on(t.tenantId, t.userId),
  ],
);
