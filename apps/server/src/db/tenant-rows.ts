import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TDb } from './client.js';
import { firstRow } from './first.js';

/** A table of the enterprises' rows, each with its own id. */
export type TTenantTable = PgTable & { id: AnyPgColumn; tenantId: AnyPgColumn };

/** Row `id` of the enterprise `tenantId`: the one condition every by-id statement of a tenant's row takes. */
export const tenantRowIs = (table: TTenantTable, tenantId: number, id: number): SQL =>
  and(eq(table.tenantId, tenantId), eq(table.id, id))!;

/**
 * The by-id statements of one table of the enterprises' rows, written once for every area that keeps
 * a plain record (a folder, a quick reply): read (locked for the change that follows), insert,
 * update and delete, each inside the tenant. Lists, filters and rules stay in the area's repository.
 */
export const tenantRows = <T extends TTenantTable>(table: T) => {
  type TRow = T['$inferSelect'];
  type TInsert = T['$inferInsert'];
  return {
    /** The row locked for update, or null when the enterprise has none of that id. */
    lockOne: (db: TDb, tenantId: number, id: number): Promise<TRow | null> =>
      firstRow(
        db
          .select()
          .from(table as PgTable)
          .where(tenantRowIs(table, tenantId, id))
          .for('update'),
      ) as Promise<TRow | null>,
    /** The row, or null. */
    findOne: (db: TDb, tenantId: number, id: number): Promise<TRow | null> =>
      firstRow(
        db
          .select()
          .from(table as PgTable)
          .where(tenantRowIs(table, tenantId, id)),
      ) as Promise<TRow | null>,
    insertOne: async (db: TDb, row: TInsert): Promise<TRow> =>
      ((await db.insert(table).values(row).returning()) as TRow[])[0]!,
    /** The row as changed, or null when the enterprise has none of that id. */
    updateOne: async (db: TDb, tenantId: number, id: number, set: Partial<TInsert>): Promise<TRow | null> =>
      (
        (await db
          .update(table)
          .set(set)
          .where(tenantRowIs(table, tenantId, id))
          .returning()) as TRow[]
      )[0] ?? null,
    /** Whether there was such a row to delete. */
    deleteOne: async (db: TDb, tenantId: number, id: number): Promise<boolean> =>
      (
        await db
          .delete(table)
          .where(tenantRowIs(table, tenantId, id))
          .returning({ id: table.id })
      ).length > 0,
  };
};

/** Of `ids`, the rows the enterprise has (id and name), `also` narrowing further (not deleted). */
export const namedAmong = async (
  db: TDb,
  table: TTenantTable & {
    id: AnyPgColumn<{ data: number; notNull: true }>;
    name: AnyPgColumn<{ data: string; notNull: true }>;
  },
  tenantId: number,
  ids: readonly number[],
  also?: SQL,
): Promise<{ id: number; name: string }[]> =>
  ids.length === 0
    ? []
    : db
        .select({ id: table.id, name: table.name })
        .from(table as PgTable)
        .where(and(eq(table.tenantId, tenantId), inArray(table.id, [...ids]), also));
