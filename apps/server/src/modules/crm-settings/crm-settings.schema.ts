import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ref, sameTenant, tenantId, tenantTable, ts } from '../../db/columns.js';
import { users } from '../org/org.schema.js';

// The CRM settings' tables: tags, custom fields, quick replies, the pool rules, list configs.

/** 标签 (crm-user-tag). */
export const crmTags = tenantTable(
  'crm_tags',
  {
    name: text('name').notNull(),
    color: text('color').notNull().default('blue'),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('crm_tags_name_idx').on(t.tenantId, t.name)],
);

/** 自定义字段 (sys-customer-field). type: text, textarea, number, date, select, multiselect. */
export const crmCustomFields = tenantTable(
  'crm_custom_fields',
  {
    name: text('name').notNull(),
    type: text('type').notNull(),
    options: text('options').array().notNull().default(sql`'{}'::text[]`),
    isRequired: boolean('is_required').notNull().default(false),
    isInList: boolean('is_in_list').notNull().default(true),
    isInFilter: boolean('is_in_filter').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('crm_custom_fields_name_idx').on(t.tenantId, t.name)],
);

/** 快捷回复 (quick-content): user_id null = shared by the enterprise. */
export const crmQuickContents = tenantTable(
  'crm_quick_contents',
  {
    userId: ref('user_id'),
    content: text('content').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('crm_quick_contents_idx').on(t.tenantId, t.userId)],
);

/** 业务规则 (business) and the privacy switch (config-function/crm-privacy): one row per tenant; 0 = no limit. */
export const crmSettings = pgTable('crm_settings', {
  tenantId: tenantId().primaryKey(),
  maxOwned: integer('max_owned').notNull().default(0),
  dailyClaimLimit: integer('daily_claim_limit').notNull().default(0),
  reclaimBlockDays: integer('reclaim_block_days').notNull().default(0),
  releaseNoFollowDays: integer('release_no_follow_days').notNull().default(0),
  releaseNoDealDays: integer('release_no_deal_days').notNull().default(0),
  remindBeforeDays: integer('remind_before_days').notNull().default(0),
  /** Mask customer mobiles for people without `crm:customer:mobile`. */
  isPrivacyOn: boolean('is_privacy_on').notNull().default(true),
  updatedBy: ref('updated_by'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Per-user screen settings: columns shown and their order, saved filters (get-config / save-user-config). */
export const crmUserConfigs = pgTable(
  'crm_user_configs',
  {
    tenantId: tenantId(),
    userId: ref('user_id').notNull(),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    sameTenant('crm_user_configs_user_id_users_id_fk', t, t.userId, users, 'cascade'),
    primaryKey({ columns: [t.tenantId, t.userId, t.key] }),
  ],
);
