import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, ref, refTo, sameTenant, tenantId, tenantTable, ts } from '../../db/columns.js';
import { crmImports } from '../crm-import/crm-import.schema.js';
import { departments, users } from '../org/org.schema.js';

/**
 * A customer (DESIGN.md section 4). owner null = public pool (公海); deleted_at set = in the
 * recycle bin (回收站), where the row keeps its whole history until deleted for good.
 */
export const customers = tenantTable(
  'customers',
  {
    name: text('name').notNull(),
    /** For pinyin search (张三 by `zhangsan` and `zs`, DESIGN.md section 7). */
    namePinyin: text('name_pinyin').notNull().default(''),
    nameInitials: text('name_initials').notNull().default(''),
    /** Normalised mainland mobile (no +86, spaces or dashes), unique per tenant, recycle bin included. */
    mobile: text('mobile').notNull(),
    company: text('company').notNull().default(''),
    address: text('address').notNull().default(''),
    remark: text('remark').notNull().default(''),
    source: text('source').notNull().default(''),
    /** A..E (意向等级, DESIGN.md section 4). */
    intentionLevel: text('intention_level').notNull().default('D'),
    isDeal: boolean('is_deal').notNull().default(false),
    dealAt: ts('deal_at'),
    /** Dictionary phone_label value (connected, no_answer, busy, power_off, suspended, invalid). */
    phoneLabel: text('phone_label'),
    /** crm_tags ids. */
    tagIds: bigint('tag_ids', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    /** Values of the tenant's custom fields keyed by crm_custom_fields id (string keys). */
    customValues: jsonb('custom_values')
      .$type<Record<string, string | number | string[] | null>>()
      .notNull()
      .default({}),
    ownerId: ref('owner_id'),
    deptId: ref('dept_id'),
    /** When the current owner got the customer; the automatic release counts from here. */
    ownedAt: ts('owned_at'),
    isProtected: boolean('is_protected').notNull().default(false),
    lastFollowAt: ts('last_follow_at'),
    lastFollowContent: text('last_follow_content'),
    /** Calls to the customer and the last one's start, kept by the call-record ingestion. */
    callCount: integer('call_count').notNull().default(0),
    lastCallAt: ts('last_call_at'),
    nextFollowAt: ts('next_follow_at'),
    /** When it last entered the public pool. */
    poolAt: ts('pool_at'),
    previousOwnerId: ref('previous_owner_id'),
    /** Reminder notice sent for the coming automatic release (reset when the clock restarts). */
    releaseRemindedAt: ts('release_reminded_at'),
    createdBy: ref('created_by'),
    /** The customer import that created it (导入批次; FK to crm_imports in migration 0072). */
    importBatchId: uuid('import_batch_id'),
    deletedAt: ts('deleted_at'),
    deletedBy: ref('deleted_by'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    sameTenant('customers_dept_id_departments_id_fk', t, t.deptId, departments),
    sameTenant('customers_import_batch_id_fkey', t, t.importBatchId, crmImports, 'set null'),
    sameTenant('customers_owner_id_users_id_fk', t, t.ownerId, users),
    uniqueIndex('customers_tenant_mobile_idx').on(t.tenantId, t.mobile),
    index('customers_import_batch_idx').on(t.importBatchId).where(sql`import_batch_id IS NOT NULL`),
    // Private pool lists: by owner, newest first (the default sort) and by follow-up times. Partial
    // on live rows, so counting a person's customers is an index-only scan (1,000,000-row bench).
    index('customers_tenant_owner_idx').on(t.tenantId, t.ownerId, t.createdAt).where(sql`deleted_at IS NULL`),
    // The whole private pool newest first (the 'all' data scope without an owner filter), in the
    // list's order; migration 0032 adds INCLUDE (owner_id, dept_id, intention_level), so a deep page
    // skips its rows in the index alone.
    index('customers_private_page_idx')
      .on(t.tenantId, t.createdAt.desc(), t.id.desc())
      .where(sql`owner_id IS NOT NULL AND deleted_at IS NULL`),
    // Counting the private pool by intention level (the usual filter) is an index-only scan, with
    // the data-scope columns in the index so a manager's count needs no heap either: 200,000 of
    // 1,000,000 rows counted in ~20-60 ms instead of a ~220 ms sequential scan. Since 0032 the id
    // follows the level (the list sorted by level) and the scope columns are INCLUDEd.
    index('customers_private_level_idx')
      .on(t.tenantId, t.intentionLevel, t.id)
      .where(sql`owner_id IS NOT NULL AND deleted_at IS NULL`),
    index('customers_owner_follow_idx').on(t.tenantId, t.ownerId, t.lastFollowAt),
    index('customers_owner_next_idx').on(t.tenantId, t.ownerId, t.nextFollowAt),
    // The whole private pool by follow-up times, in the list's order (desc nulls last, then id):
    // (id desc is NULLS FIRST in the query, so here too). Without these the 1,000,000-row bench sorted every live row (1.43x the created sort).
    index('customers_private_follow_idx')
      .on(t.tenantId, t.lastFollowAt.desc().nullsLast(), t.id.desc().nullsFirst())
      .where(sql`owner_id IS NOT NULL AND deleted_at IS NULL`),
    index('customers_private_next_idx')
      .on(t.tenantId, t.nextFollowAt.desc().nullsLast(), t.id.desc().nullsFirst())
      .where(sql`owner_id IS NOT NULL AND deleted_at IS NULL`),
    // The private pool by last call, in the list's order (as the follow-up sorts above). Migration
    // 0032 adds INCLUDE (owner_id, dept_id, intention_level) to these three: index-only deep pages.
    index('customers_private_call_idx')
      .on(t.tenantId, t.lastCallAt.desc().nullsLast(), t.id.desc().nullsFirst())
      .where(sql`owner_id IS NOT NULL AND deleted_at IS NULL`),
    index('customers_tenant_dept_idx').on(t.tenantId, t.deptId, t.createdAt),
    // Public pool: no owner, newest in the pool first, in the list's order (0032 adds INCLUDE (intention_level)).
    index('customers_pool_idx')
      .on(t.tenantId, t.poolAt.desc().nullsLast(), t.id.desc().nullsFirst())
      .where(sql`owner_id IS NULL AND deleted_at IS NULL`),
    // Newest first in the list's order (0032 adds INCLUDE (intention_level)), and counted by level.
    index('customers_pool_page_idx')
      .on(t.tenantId, t.createdAt.desc(), t.id.desc())
      .where(sql`owner_id IS NULL AND deleted_at IS NULL`),
    index('customers_pool_level_idx')
      .on(t.tenantId, t.intentionLevel)
      .where(sql`owner_id IS NULL AND deleted_at IS NULL`),
    // The recycle bin in its order (0032 adds INCLUDE (owner_id, dept_id, deleted_by): whose bin).
    index('customers_recycle_page_idx')
      .on(t.tenantId, t.deletedAt.desc(), t.id.desc())
      .where(sql`deleted_at IS NOT NULL`),
    // Keyword search: migration 0032's trigram index customers_search_trgm_idx over
    // customer_search_text(name, company, remark, mobile, name_pinyin, name_initials).
    index('customers_tags_idx').using('gin', t.tagIds),
  ],
);

/** The customer a row belongs to (a follow-up, a comment, a visit, a task's item): deleted with it. */
export const customerRef = () => refTo('customer_id', () => customers.id, { onDelete: 'cascade' });

/**
 * How many customers each group holds (pool or recycle bin, owner, department, who deleted it,
 * intention level), kept by statement triggers on customers (migration 0032): the lists' totals
 * without other filters sum these rows inside the data scope instead of counting the customers.
 */
export const customerCounts = pgTable('customer_counts', {
  tenantId: tenantId(),
  inBin: boolean('in_bin').notNull(),
  ownerId: ref('owner_id'),
  deptId: ref('dept_id'),
  /** Who deleted it (recycle bin rows only). */
  deletedBy: ref('deleted_by'),
  intentionLevel: text('intention_level').notNull(),
  n: bigint('n', { mode: 'number' }).notNull(),
});

/** 跟进记录: a follow-up by a person, with the next follow-up time it set. */
export const crmFollowRecords = tenantTable(
  'crm_follow_records',
  {
    customerId: ref('customer_id').notNull(),
    userId: ref('user_id'),
    /** phone, wechat, visit, other. */
    method: text('method').notNull().default('phone'),
    content: text('content').notNull(),
    nextFollowAt: ts('next_follow_at'),
    createdAt: createdAt(),
  },
  (t) => [
    sameTenant('crm_follow_records_customer_id_customers_id_fk', t, t.customerId, customers, 'cascade'),
    sameTenant('crm_follow_records_user_id_users_id_fk', t, t.userId, users),
    // Led by customer_id: the timeline reads one customer's rows, and purging customers from the
    // recycle bin cascades here (a tenant-led index made a large purge scan these tables per row).
    index('crm_follow_customer_idx').on(t.customerId, t.createdAt),
    index('crm_follow_day_idx').on(t.tenantId, t.createdAt),
  ],
);

/** 评论: a colleague's comment on a customer. */
export const crmComments = tenantTable(
  'crm_comments',
  {
    customerId: ref('customer_id').notNull(),
    userId: ref('user_id'),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    sameTenant('crm_comments_customer_id_customers_id_fk', t, t.customerId, customers, 'cascade'),
    sameTenant('crm_comments_user_id_users_id_fk', t, t.userId, users),
    index('crm_comments_customer_idx').on(t.customerId, t.createdAt),
  ],
);

/**
 * 客户操作记录 (CRM/operatingRecord): every change of owner or pool, with who, when and why.
 * action: create, import, allocate, claim, release, auto_release, transfer, recycle, recover.
 */
export const crmOwnerLogs = tenantTable(
  'crm_owner_logs',
  {
    customerId: ref('customer_id').notNull(),
    action: text('action').notNull(),
    fromUserId: ref('from_user_id'),
    toUserId: ref('to_user_id'),
    /** null for the automatic release job. */
    operatorId: ref('operator_id'),
    reason: text('reason').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    sameTenant('crm_owner_logs_customer_id_customers_id_fk', t, t.customerId, customers, 'cascade'),
    index('crm_owner_logs_tenant_idx').on(t.tenantId, t.createdAt),
    index('crm_owner_logs_customer_idx').on(t.customerId, t.createdAt),
    // The daily claim limit and the re-claim block look these up per person.
    index('crm_owner_logs_operator_idx').on(t.tenantId, t.operatorId, t.action, t.createdAt),
    index('crm_owner_logs_from_idx').on(t.tenantId, t.customerId, t.fromUserId, t.createdAt),
  ],
);

/** Field changes of a customer for its timeline: [{ field, label, from, to }]. */
export const crmChangeLogs = tenantTable(
  'crm_change_logs',
  {
    customerId: ref('customer_id').notNull(),
    userId: ref('user_id'),
    changes: jsonb('changes').$type<{ field: string; label: string; from: string; to: string }[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    sameTenant('crm_change_logs_customer_id_customers_id_fk', t, t.customerId, customers, 'cascade'),
    index('crm_change_logs_customer_idx').on(t.customerId, t.createdAt),
  ],
);

/**
 * 正在拨打: the one person calling a customer now (addRedisByUser), until he hangs up
 * (removeRedisByUser) or the claim expires (migration 0071).
 */
export const customerCallClaims = pgTable(
  'customer_call_claims',
  {
    customerId: bigint('customer_id', { mode: 'number' }).notNull(),
    tenantId: tenantId(),
    userId: ref('user_id').notNull(),
    userName: text('user_name').notNull(),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    sameTenant('customer_call_claims_customer_id_fkey', t, t.customerId, customers, 'cascade'),
    sameTenant('customer_call_claims_user_id_fkey', t, t.userId, users),
    primaryKey({ name: 'customer_call_claims_pkey', columns: [t.customerId, t.tenantId] }),
    index('customer_call_claims_tenant_user_idx').on(t.tenantId, t.userId),
  ],
);
