import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { id, ref, tenantId, ts } from '../../db/columns.js';
import { lines } from '../line/line.schema.js';

/** A bought call-minute package (套餐), consumed by calls oldest-expiring first. */
export const packets = pgTable(
  'packets',
  {
    id: id(),
    tenantId: tenantId(),
    lineId: ref('line_id')
      .notNull()
      .references(() => lines.id),
    name: text('name').notNull(),
    totalMinutes: integer('total_minutes').notNull(),
    usedSeconds: integer('used_seconds').notNull().default(0),
    /** Price paid, in fen. */
    price: integer('price').notNull(),
    boughtAt: ts('bought_at').notNull(),
    expireAt: ts('expire_at').notNull(),
    status: text('status').notNull().default('active'),
  },
  (t) => [index('packets_tenant_expire_idx').on(t.tenantId, t.expireAt)],
);
