import { type AnyPgColumn, foreignKey } from 'drizzle-orm/pg-core';

/**
 * A key from a tenant table to another's row names the enterprise on both sides: (tenant_id, column)
 * → (tenant_id, id), so a row points only at its own enterprise's rows (docs/decisions/0105). Its
 * 'set null' clears only the column (SET NULL (column) in the migrations), never tenant_id.
 */
export const sameTenant = (
  name: string,
  self: { tenantId: AnyPgColumn },
  column: AnyPgColumn,
  parent: { tenantId: AnyPgColumn; id: AnyPgColumn },
  onDelete?: 'cascade' | 'set null',
) => {
  const key = foreignKey({ name, columns: [self.tenantId, column], foreignColumns: [parent.tenantId, parent.id] });
  return onDelete ? key.onDelete(onDelete) : key;
};
