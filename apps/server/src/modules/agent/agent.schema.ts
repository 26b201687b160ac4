import { bigint, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ref, refTo, ts } from '../../db/columns.js';
import { tenants } from '../org/org.schema.js';

// Resellers (migration 0046, docs/decisions/0020-resellers.md). Money is integer fen.

/** The agent (its tenant) a row belongs to: required. */
export const agentRef = () => refTo('agent_id', () => tenants.id);

/**
 * An agent's own price (myPrice) of a package product (`packet`, item = product id) or of a line's
 * seat per month (`seat`, item = line id), never below the platform's. Not a tenant table: the
 * buying enterprise's transaction reads its agent's prices.
 */
export const agentPrices = pgTable(
  'agent_prices',
  {
    agentId: agentRef(),
    itemKind: text('item_kind').notNull(),
    itemId: ref('item_id').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    updatedBy: ref('updated_by'),
    updatedByName: text('updated_by_name').notNull().default(''),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'agent_prices_pk', columns: [t.agentId, t.itemKind, t.itemId] })],
);
