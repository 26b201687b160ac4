import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, ref, sameTenant, tenantId, tenantTable, ts } from '../../db/columns.js';
import { crmImports } from '../crm-import/crm-import.schema.js';
import { tenants, users } from '../org/org.schema.js';

/** A contact as an unlock keeps it: what the enterprise paid to see. */
export type TStoredContact = { name: string; role: string; mobile: string; phone: string };

/**
 * The registry's companies, platform-wide (no tenant): the development source's generated set or the
 * real source's cached answers. grams: clue_grams(name || scope), the keyword index (migration 0078).
 */
export const clueCompanies = pgTable(
  'clue_companies',
  {
    id: id(),
    creditCode: text('credit_code').notNull(),
    name: text('name').notNull(),
    kind: text('kind').notNull().default(''),
    legalPerson: text('legal_person').notNull().default(''),
    capitalWan: integer('capital_wan').notNull().default(0),
    province: text('province').notNull().default(''),
    city: text('city').notNull().default(''),
    district: text('district').notNull().default(''),
    address: text('address').notNull().default(''),
    industry: text('industry').notNull().default(''),
    scope: text('scope').notNull().default(''),
    status: text('status').notNull().default('存续'),
    foundedOn: date('founded_on', { mode: 'string' }).notNull(),
    staffBand: smallint('staff_band').notNull().default(0),
    hasMobile: boolean('has_mobile').notNull().default(false),
    source: text('source').notNull().default('dev'),
    grams: text('grams').array().notNull().default(sql`'{}'::text[]`),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('clue_companies_credit_code_idx').on(t.creditCode),
    index('clue_companies_grams_idx').using('gin', t.grams),
    index('clue_companies_founded_idx').on(t.foundedOn.desc(), t.id.desc()),
    index('clue_companies_capital_idx').on(t.capitalWan.desc(), t.id.desc()),
    index('clue_companies_place_idx').on(t.province, t.city, t.district),
    index('clue_companies_industry_idx').on(t.industry, t.province),
    index('clue_companies_name_idx').on(t.name),
  ],
);

export const clueContacts = pgTable(
  'clue_contacts',
  {
    id: id(),
    companyId: ref('company_id')
      .notNull()
      .references(() => clueCompanies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    role: text('role').notNull().default(''),
    mobile: text('mobile').notNull().default(''),
    phone: text('phone').notNull().default(''),
    sort: smallint('sort').notNull().default(0),
  },
  (t) => [index('clue_contacts_company_idx').on(t.companyId, t.sort)],
);

/** A company this enterprise unlocked: once per (tenant, company), its contacts as they were then. */
export const clueUnlocks = tenantTable(
  'clue_unlocks',
  {
    companyId: ref('company_id')
      .notNull()
      .references(() => clueCompanies.id),
    userId: ref('user_id').notNull(),
    deptId: ref('dept_id'),
    userName: text('user_name').notNull(),
    contacts: jsonb('contacts').$type<TStoredContact[]>().notNull().default(sql`'[]'::jsonb`),
    customerId: ref('customer_id'),
    convertedAt: ts('converted_at'),
    createdAt: createdAt(),
  },
  (t) => [
    sameTenant('clue_unlocks_user_id_fkey', t, t.userId, users),
    uniqueIndex('clue_unlocks_tenant_company_idx').on(t.tenantId, t.companyId),
    index('clue_unlocks_tenant_created_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
    index('clue_unlocks_user_created_idx').on(t.tenantId, t.userId, t.createdAt),
    index('clue_unlocks_company_idx').on(t.companyId),
  ],
);

/** The quota's append-only ledger, unique on (tenant, business key). */
export const clueQuotaLedger = tenantTable(
  'clue_quota_ledger',
  {
    /** trial | grant | unlock */
    kind: text('kind').notNull(),
    units: integer('units').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    businessKey: text('business_key').notNull(),
    companyId: ref('company_id').references(() => clueCompanies.id),
    userId: ref('user_id'),
    userName: text('user_name').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    sameTenant('clue_quota_ledger_user_id_fkey', t, t.userId, users),
    uniqueIndex('clue_quota_ledger_key_idx').on(t.tenantId, t.businessKey),
    index('clue_quota_ledger_tenant_idx').on(t.tenantId, t.id.desc()),
    index('clue_quota_ledger_company_idx').on(t.companyId),
  ],
);

export const clueSettings = pgTable('clue_settings', {
  tenantId: bigint('tenant_id', { mode: 'number' })
    .primaryKey()
    .references(() => tenants.id),
  dailyLimit: integer('daily_limit').notNull().default(10),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * 批量匹配's matches: a row of an uploaded list and the company it named, written by the import
 * runner's confirm (the staging keeps the refused rows), read by the result and by 解锁并转为客户.
 */
export const clueMatchRows = pgTable(
  'clue_match_rows',
  {
    tenantId: tenantId(),
    importId: uuid('import_id').notNull(),
    rowNo: integer('row_no').notNull(),
    input: text('input').notNull(),
    companyId: ref('company_id')
      .notNull()
      .references(() => clueCompanies.id),
    createdAt: createdAt(),
  },
  (t) => [
    sameTenant('clue_match_rows_import_id_fkey', t, t.importId, crmImports, 'cascade'),
    primaryKey({ columns: [t.tenantId, t.importId, t.rowNo] }),
    index('clue_match_rows_company_idx').on(t.companyId),
    index('clue_match_rows_import_idx').on(t.importId),
  ],
);

/**
 * 线索包: the platform's catalogue of quota sold through commerce (migration 0092). No tenant:
 * every enterprise reads it, only the platform operator writes it. Price in fen.
 */
export const cluePackages = pgTable(
  'clue_packages',
  {
    id: id(),
    name: text('name').notNull(),
    units: integer('units').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('clue_packages_price_idx').on(t.isEnabled, t.price, t.id)],
);
