import { boolean, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { tenantId, ts } from '../../db/columns.js';

/** 应用中心's catalogue: one row per add-on the product has; the platform edits its words and listing. */
export const appProducts = pgTable('app_products', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  priceText: text('price_text').notNull().default(''),
  isListed: boolean('is_listed').notNull().default(true),
  /** false: not built yet, listed as 即将上线 with nothing to switch on. */
  isBuilt: boolean('is_built').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  /** The price of one period in fen; 0: free, on unless switched off. */
  priceFen: integer('price_fen').notNull().default(0),
  /** Days of the one trial an enterprise may take of a priced add-on; 0: no trial. */
  trialDays: integer('trial_days').notNull().default(0),
  /** Days one paid order keeps the add-on on. */
  periodDays: integer('period_days').notNull().default(365),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** An enterprise's switch of an add-on; no row: on (what every enterprise had before the centre). */
export const tenantApps = pgTable(
  'tenant_apps',
  {
    tenantId: tenantId(),
    appCode: text('app_code')
      .notNull()
      .references(() => appProducts.code),
    isOn: boolean('is_on').notNull(),
    changedBy: text('changed_by').notNull().default(''),
    /** When its trial or paid period ends (off from then); null: no end. */
    endsAt: ts('ends_at'),
    /** The window is the trial. */
    isTrial: boolean('is_trial').notNull().default(false),
    /** The enterprise has taken its one trial. */
    trialUsed: boolean('trial_used').notNull().default(false),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.appCode] }), index('tenant_apps_app_code_idx').on(t.appCode)],
);
