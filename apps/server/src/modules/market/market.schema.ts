import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, ref, sameTenant, tenantTable, ts } from '../../db/columns.js';
import { users } from '../org/org.schema.js';

/** 第三方市场: another vendor's add-on as the platform lists it (no tenant: every enterprise reads the listed ones). */
export const marketItems = pgTable(
  'market_items',
  {
    id: id(),
    name: text('name').notNull(),
    vendor: text('vendor').notNull(),
    description: text('description').notNull(),
    link: text('link').notNull().default(''),
    contact: text('contact').notNull().default(''),
    priceText: text('price_text').notNull().default(''),
    isListed: boolean('is_listed').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('market_items_listed_idx').on(t.isListed, t.sort, t.id)],
);

/** An enterprise's request (申请) for an item and where the platform's follow-up stands. */
export const marketRequests = tenantTable(
  'market_requests',
  {
    itemId: ref('item_id')
      .notNull()
      .references(() => marketItems.id),
    userId: ref('user_id').notNull(),
    /** Who sent it (his name then). */
    author: text('author').notNull(),
    contactName: text('contact_name').notNull(),
    phone: text('phone').notNull(),
    note: text('note').notNull().default(''),
    /** pending | contacted | done | rejected */
    state: text('state').notNull().default('pending'),
    reply: text('reply').notNull().default(''),
    handledBy: text('handled_by').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    sameTenant('market_requests_user_id_fkey', t, t.userId, users),
    // One open request per enterprise and item.
    uniqueIndex('market_requests_open_idx').on(t.tenantId, t.itemId).where(sql`${t.state} in ('pending', 'contacted')`),
    index('market_requests_tenant_idx').on(t.tenantId, t.id),
    index('market_requests_state_idx').on(t.state, t.id),
    index('market_requests_item_idx').on(t.itemId),
    index('market_requests_user_idx').on(t.userId),
  ],
);
