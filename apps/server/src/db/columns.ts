import { bigint, bigserial, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from '../modules/org/org.schema.js';

// Column helpers every area's schema uses, so ids, tenant references and times look alike everywhere.

export const id = () => bigserial('id', { mode: 'number' }).primaryKey();
export const ref = (name: string) => bigint(name, { mode: 'number' });
export const ts = (name: string) => timestamp(name, { withTimezone: true });
export const createdAt = () => ts('created_at').notNull().defaultNow();
/** The owning enterprise; row-level security keys on this column (migration 0001). */
export const tenantId = () =>
  ref('tenant_id')
    .notNull()
    .references(() => tenants.id);
