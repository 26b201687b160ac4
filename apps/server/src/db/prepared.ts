import { getTableColumns, is, type Query, Table } from 'drizzle-orm';
import { PgDialect, QueryBuilder, type SelectedFieldsOrdered } from 'drizzle-orm/pg-core';
import type { TDb } from './client.js';

/** The selection's fields in the order drizzle writes them into the select list (a table: its columns). */
const orderedFields = (selection: Record<string, unknown>, prefix: string[] = []): SelectedFieldsOrdered =>
  Object.entries(selection).flatMap(([name, field]) => {
    const path = [...prefix, name];
    if (is(field, Table)) return orderedFields(getTableColumns(field), path);
    return [{ path, field: field as SelectedFieldsOrdered[number]['field'] }];
  });

/** The builder of statements written once: drizzle's query builder, bound to no database. */
export const statementBuilder = new QueryBuilder(new PgDialect());

/**
 * A select whose text is fixed, built once where it is declared, with `sql.placeholder(name)` for
 * each value: a request sends it under `name` as a prepared statement on its own transaction's
 * connection, so neither drizzle builds nor PostgreSQL parses and plans it again on that connection
 * (node-postgres remembers which of its connections have it). drizzle's `.prepare()` binds a
 * statement to the database or transaction it was built on, not to a request's transaction.
 * `selection` is the object handed to `select`; the rows come back mapped as drizzle maps them.
 */
export const preparedSelect = <TQuery extends { toSQL: () => Query; _: { result: unknown[] } }>(
  name: string,
  selection: Record<string, unknown>,
  query: TQuery,
) => {
  const text = query.toSQL();
  const fields = orderedFields(selection);
  type TRows = TQuery['_']['result'];
  return (db: TDb, values: Record<string, unknown>): Promise<TRows> =>
    db._.session
      .prepareQuery<{ execute: TRows; all: unknown; values: unknown }>(text, fields, name, true)
      .execute(values);
};
