import { sql } from 'drizzle-orm';
import { bigserial, check, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, ref, tenantId, tenantTable, ts } from '../../db/columns.js';

/** Columns both lists share: the number, why, how it came, until when, and who changed it last. */
const entryColumns = () => ({
  id: id(),
  /** Normalised (`normaliseBlackNumber` of the contract): a mobile or the digits of a fixed line. */
  number: text('number').notNull(),
  reason: text('reason').notNull().default(''),
  /** manual | batch | import */
  source: text('source').notNull(),
  /** Null = for good; once passed the entry stays listed (已过期) but blocks nothing. */
  expiresAt: ts('expires_at'),
  createdBy: ref('created_by'),
  /** Kept by name: the platform's operators are not people of the enterprise that reads the entry. */
  createdByName: text('created_by_name').notNull().default(''),
  createdAt: createdAt(),
  updatedByName: text('updated_by_name').notNull().default(''),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** 企业黑名单: an enterprise's own list, one row per number. */
export const numberBlacklist = pgTable(
  'number_blacklist',
  { ...entryColumns(), id: bigserial('id', { mode: 'number' }).notNull(), tenantId: tenantId() },
  (t) => [
    primaryKey({ name: 'number_blacklist_pkey', columns: [t.id, t.tenantId] }),
    uniqueIndex('number_blacklist_tenant_number_idx').on(t.tenantId, t.number),
    // The list, newest first (its default order).
    index('number_blacklist_tenant_created_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * 平台黑名单: the platform operator's list, applied to every enterprise. It has no tenant (and so
 * no row-level policy): every enterprise reads it, only the platform's routes change it.
 */
export const platformNumberBlacklist = pgTable('platform_number_blacklist', entryColumns(), (t) => [
  uniqueIndex('platform_number_blacklist_number_idx').on(t.number),
  index('platform_number_blacklist_created_idx').on(t.createdAt.desc(), t.id.desc()),
]);

/** 黑名单拦截: a dial attempt refused because the number is on a list (written by the dial flow). */
export const blacklistIntercepts = tenantTable(
  'blacklist_intercepts',
  {
    userId: ref('user_id'),
    /** The caller's department when he dialled (the data scope of the log). */
    deptId: ref('dept_id'),
    number: text('number').notNull(),
    /** tenant | platform */
    level: text('level').notNull(),
    reason: text('reason').notNull(),
    via: text('via').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('blacklist_intercepts_tenant_created_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
    index('blacklist_intercepts_tenant_user_idx').on(t.tenantId, t.userId, t.createdAt),
  ],
);

/**
 * 企业黑名单 of companies: whose contacts never become customers (企业线索 refuses them). Named by credit
 * code, by name (compared by `name_key`, contract `companyNameKey`) or both; each is unique within the
 * enterprise, so one company is one row however many add it at once.
 */
export const companyBlacklist = tenantTable(
  'company_blacklist',
  {
    creditCode: text('credit_code').notNull().default(''),
    name: text('name').notNull().default(''),
    nameKey: text('name_key').notNull().default(''),
    remark: text('remark').notNull().default(''),
    createdBy: ref('created_by'),
    createdByName: text('created_by_name').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('company_blacklist_tenant_code_idx').on(t.tenantId, t.creditCode).where(sql`${t.creditCode} <> ''`),
    uniqueIndex('company_blacklist_tenant_name_idx').on(t.tenantId, t.nameKey).where(sql`${t.nameKey} <> ''`),
    index('company_blacklist_tenant_created_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
    check('company_blacklist_named_check', sql`${t.creditCode} <> '' or ${t.nameKey} <> ''`),
  ],
);
