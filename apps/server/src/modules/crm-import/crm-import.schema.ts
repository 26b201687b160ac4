import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ref, sameTenant, tenantId, ts } from '../../db/columns.js';

// The CRM imports' tables: an import and its staged rows.

/** A customer or follow-up import: checked (preview), then written on confirm. */
export const crmImports = pgTable(
  'crm_imports',
  {
    id: uuid('id').notNull(),
    tenantId: tenantId(),
    userId: ref('user_id').notNull(),
    /** customer or follow. */
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull().default(''),
    /** checking, previewed, running, done, failed. */
    status: text('status').notNull(),
    /** What to do with a mobile that is already a customer: skip or update. */
    duplicateMode: text('duplicate_mode').notNull().default('skip'),
    total: integer('total').notNull().default(0),
    validCount: integer('valid_count').notNull().default(0),
    invalidCount: integer('invalid_count').notNull().default(0),
    duplicateCount: integer('duplicate_count').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    inserted: integer('inserted').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    message: text('message').notNull().default(''),
    createdAt: createdAt(),
    finishedAt: ts('finished_at'),
    /** The process writing a running import (its lease), renewed with every chunk written. */
    runner: text('runner'),
    heartbeatAt: ts('heartbeat_at'),
    /** When its staged rows that will never be written were removed (the batch expired unwritten). */
    stagedRemovedAt: ts('staged_removed_at'),
  },
  // The sweep for imports left running by a dead process reads only the running ones.
  (t) => [
    primaryKey({ name: 'crm_imports_pkey', columns: [t.id, t.tenantId] }),
    index('crm_imports_running_idx').on(t.heartbeatAt).where(sql`status = 'running'`),
    // 导入批次: a tenant's customer imports, newest first (migration 0072).
    index('crm_imports_tenant_kind_created_idx').on(t.tenantId, t.kind, t.createdAt),
  ],
);

/** Staged rows of an import: the parsed values, the reason a row is refused, and its outcome. */
export const crmImportRows = pgTable(
  'crm_import_rows',
  {
    importId: uuid('import_id').notNull(),
    tenantId: tenantId(),
    rowNo: integer('row_no').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    /** Why the row cannot be imported (null = valid). */
    error: text('error'),
    /** The existing customer with this mobile, when there is one. */
    existingId: ref('existing_id'),
    /** inserted, updated, skipped. */
    outcome: text('outcome'),
    outcomeReason: text('outcome_reason'),
  },
  (t) => [
    sameTenant('crm_import_rows_import_id_crm_imports_id_fk', t, t.importId, crmImports, 'cascade'),
    primaryKey({ name: 'crm_import_rows_import_id_row_no_pk', columns: [t.importId, t.rowNo, t.tenantId] }),
  ],
);
