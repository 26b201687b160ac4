import type { BuildExtraConfigColumns } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  type PgColumnBuilderBase,
  type PgTableExtraConfigValue,
  pgTable,
  primaryKey,
  timestamp,
} from 'drizzle-orm/pg-core';
import { tenants } from '../modules/org/org.schema.js';

// Column helpers every area's schema uses, so ids, tenant references and times look alike everywhere.

export const id = () => bigserial('id', { mode: 'number' }).primaryKey();
export const ref = (name: string) => bigint(name, { mode: 'number' });
export const ts = (name: string) => timestamp(name, { withTimezone: true });
export const createdAt = () => ts('created_at').notNull().defaultNow();
/** A required reference to another table's row; `{ onDelete: 'cascade' }` for a part that goes with its whole. */
export const refTo = (name: string, target: () => AnyPgColumn, actions?: { onDelete: 'cascade' | 'set null' }) =>
  ref(name).notNull().references(target, actions);
/** The owning enterprise; row-level security keys on this column (migration 0001). */
export const tenantId = () => refTo('tenant_id', () => tenants.id);

const tenantRowColumns = () => ({ id: bigserial('id', { mode: 'number' }).notNull(), tenantId: tenantId() });

export { sameTenant } from './same-tenant.js';

/**
 * A table of the enterprises' rows, each with its own id: `id` and `tenant_id` first, then the
 * table's own columns. What `TTenantTable` (db/tenant-rows.ts) and row-level security rely on. Its
 * primary key is (id, tenant_id): ready to distribute by tenant, and a look-up by id alone keeps
 * the key's index.
 */
export const tenantTable = <TName extends string, TColumns extends Record<string, PgColumnBuilderBase>>(
  name: TName,
  columns: TColumns,
  extraConfig?: (
    self: BuildExtraConfigColumns<TName, ReturnType<typeof tenantRowColumns> & TColumns, 'pg'>,
  ) => PgTableExtraConfigValue[],
) =>
  pgTable<TName, ReturnType<typeof tenantRowColumns> & TColumns>(name, { ...tenantRowColumns(), ...columns }, (t) => [
    primaryKey({ name: `${name}_pkey`, columns: [t.id, t.tenantId] }),
    ...(extraConfig?.(t) ?? []),
  ]);
