import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ref, sameTenant, tenantId, tenantTable, ts } from '../../db/columns.js';
import { customers } from '../crm/crm.schema.js';

/** An enterprise's EC account: its ids, the sealed app secret, the field and staff mapping. */
export const ecConfigs = pgTable('ec_configs', {
  tenantId: tenantId().primaryKey(),
  corpId: text('corp_id').notNull(),
  appId: text('app_id').notNull(),
  /** AES-256-GCM under DATA_ENCRYPTION_KEY (security/seal.ts); never answered to anyone. */
  secretSealed: text('secret_sealed').notNull(),
  /** EC's operator (optUserId) for what a person without his own EC account did. */
  defaultEcUserId: text('default_ec_user_id').notNull(),
  isEnabled: boolean('is_enabled').notNull().default(false),
  /** Our customer field → EC's field name. */
  fieldMap: jsonb('field_map').$type<Record<string, string>>().notNull(),
  /** Our user id → his EC user id. */
  staffMap: jsonb('staff_map').$type<Record<string, string>>().notNull(),
  lastPulledAt: ts('last_pulled_at'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Our customer and the EC customer (crmId) he became or was found as. */
export const ecCustomerLinks = pgTable(
  'ec_customer_links',
  {
    tenantId: tenantId(),
    customerId: ref('customer_id').notNull(),
    crmId: text('crm_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    sameTenant('ec_customer_links_customer_id_fkey', t, t.customerId, customers, 'cascade'),
    primaryKey({ columns: [t.tenantId, t.customerId] }),
    index('ec_customer_links_customer_idx').on(t.customerId),
    uniqueIndex('ec_customer_links_crm_idx').on(t.tenantId, t.crmId),
  ],
);

/** One thing to carry to EC (or a pull from it) and its result: the sync log and the outbox at once. */
export const ecSyncItems = tenantTable(
  'ec_sync_items',
  {
    /** customer | followup | call | pull */
    kind: text('kind').notNull(),
    /** The customer, follow-up or call record it carries. */
    refId: ref('ref_id'),
    subject: text('subject').notNull().default(''),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** pending | succeeded | failed; pending with attempts is 重试中. */
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    nextAttemptAt: ts('next_attempt_at'),
    lastError: text('last_error').notNull().default(''),
    lastAttemptAt: ts('last_attempt_at'),
    /** What EC gave back: the crmId of a customer. */
    ecId: text('ec_id').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('ec_sync_items_tenant_idx').on(t.tenantId, t.id.desc()),
    index('ec_sync_items_state_idx').on(t.tenantId, t.state, t.id.desc()),
    index('ec_sync_items_kind_idx').on(t.tenantId, t.kind, t.id.desc()),
  ],
);
