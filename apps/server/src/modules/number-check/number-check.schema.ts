import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ref, tenantId, tenantTable, ts } from '../../db/columns.js';

/** 空号检测's price per number from `validFrom` on (the platform's; no tenant), migration 0093. */
export const numberCheckRates = pgTable(
  'number_check_rates',
  {
    id: id(),
    /** Fen per number checked. */
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    validFrom: ts('valid_from').notNull(),
    createdByName: text('created_by_name').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('number_check_rates_from_idx').on(t.validFrom.desc(), t.id.desc())],
);

/**
 * A number checked for a batch (an import's or a clue match's id): once per (tenant, batch, mobile),
 * charged at `unitPrice`; `excludedAt` when 一键排除 left it out of the import or the conversion.
 */
export const numberCheckResults = pgTable(
  'number_check_results',
  {
    tenantId: tenantId(),
    batchId: uuid('batch_id').notNull(),
    mobile: text('mobile').notNull(),
    /** crmImport | clueMatch */
    source: text('source').notNull(),
    /** empty | real | stopped | unknown | silent | risk */
    result: text('result').notNull(),
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    checkedBy: ref('checked_by'),
    checkedAt: ts('checked_at').notNull().defaultNow(),
    excludedAt: ts('excluded_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.batchId, t.mobile] }),
    // 转为客户 asks which numbers were left out: only those rows are indexed.
    index('number_check_results_mobile_idx').on(t.tenantId, t.mobile).where(sql`${t.excludedAt} is not null`),
  ],
);

/**
 * A run of 空号检测 on a batch (migration 0095): the numbers it was priced for at `unitPrice`, checked
 * by the job in chunks. queued | running | done | failed (`errorReason`); one queued or running per batch.
 */
export const numberCheckRuns = tenantTable(
  'number_check_runs',
  {
    batchId: uuid('batch_id').notNull(),
    /** crmImport | clueMatch */
    source: text('source').notNull(),
    state: text('state').notNull().default('queued'),
    mobiles: text('mobiles').array().notNull(),
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    /** Numbers of `mobiles` the job has passed (checked now or found checked). */
    checked: integer('checked').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    errorReason: text('error_reason').notNull().default(''),
    requestedBy: ref('requested_by'),
    requestedByName: text('requested_by_name').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    uniqueIndex('number_check_runs_active_idx')
      .on(t.tenantId, t.batchId)
      .where(sql`${t.state} in ('queued', 'running')`),
    index('number_check_runs_batch_idx').on(t.tenantId, t.batchId, t.id.desc()),
    index('number_check_runs_due_idx').on(t.id).where(sql`${t.state} in ('queued', 'running')`),
  ],
);
