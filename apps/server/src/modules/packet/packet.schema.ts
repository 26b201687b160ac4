import { bigint, boolean, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, ref, sameTenant, tenantId, tenantTable, ts } from '../../db/columns.js';
import { lineRef } from '../line/line.schema.js';
import { tenants, users } from '../org/org.schema.js';

/**
 * The platform's package catalogue (套餐, migration 0037): what an enterprise may buy on a
 * line — minutes, price in fen, validity in days — by type. No tenant: every enterprise reads it,
 * only the platform operator writes it.
 */
export const packetProducts = pgTable(
  'packet_products',
  {
    id: id(),
    type: text('type').notNull(),
    lineId: lineRef(),
    name: text('name').notNull(),
    minutes: integer('minutes').notNull(),
    /** Fen. */
    price: bigint('price', { mode: 'number' }).notNull(),
    validityDays: integer('validity_days').notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
    /** The agent whose own package this is (migration 0052); null: the platform's catalogue. */
    agentId: ref('agent_id').references(() => tenants.id),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('packet_products_line_idx').on(t.lineId, t.type)],
);

/** A bought call-minute package (套餐), consumed by calls oldest-expiring first. */
export const packets = tenantTable(
  'packets',
  {
    lineId: lineRef(),
    name: text('name').notNull(),
    totalMinutes: integer('total_minutes').notNull(),
    usedSeconds: integer('used_seconds').notNull().default(0),
    /** Price paid, in fen. */
    price: integer('price').notNull(),
    boughtAt: ts('bought_at').notNull(),
    expireAt: ts('expire_at').notNull(),
    status: text('status').notNull().default('active'),
    /** The catalogue entry and the order (and its item) that granted it; null for the demo's. */
    productId: ref('product_id').references(() => packetProducts.id),
    orderId: ref('order_id'),
    orderItem: integer('order_item'),
  },
  (t) => [
    index('packets_tenant_expire_idx').on(t.tenantId, t.expireAt),
    index('packets_product_idx').on(t.productId),
    uniqueIndex('packets_order_item_idx').on(t.orderId, t.orderItem, t.tenantId),
  ],
);

/**
 * Package sharing (migration 0056): the users a package is restricted to. A package with
 * rows here is drawn on only by their calls; without rows every user of the enterprise draws on it.
 */
export const packetUsers = pgTable(
  'packet_users',
  {
    packetId: ref('packet_id').notNull(),
    userId: ref('user_id').notNull(),
    tenantId: tenantId(),
    createdAt: createdAt(),
  },
  (t) => [
    sameTenant('packet_users_packet_id_fkey', t, t.packetId, packets, 'cascade'),
    sameTenant('packet_users_user_id_fkey', t, t.userId, users),
    primaryKey({ name: 'packet_users_pk', columns: [t.packetId, t.userId, t.tenantId] }),
    index('packet_users_user_idx').on(t.userId),
    index('packet_users_tenant_idx').on(t.tenantId),
  ],
);
