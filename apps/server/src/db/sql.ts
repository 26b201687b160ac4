import { desc, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** A `like` pattern matching `s` anywhere, its own `%`, `_` and `\` taken literally. */
export const likeOf = (s: string) => `%${s.replace(/[%_\\]/g, '\\$&')}%`;

/** The ids of a department and every department below it, as a subquery (`x in ${deptSubtree(…)}`). */
export const deptSubtree = (tenantId: number, deptId: number): SQL =>
  sql`(with recursive d(id) as (
      select id from departments where tenant_id = ${tenantId} and id = ${deptId}
      union all
      select c.id from departments c join d on c.parent_id = d.id where c.tenant_id = ${tenantId}
    ) select id from d)`;

/** The rows a page skips: pages count from 1 (DESIGN.md section 3). */
export const offsetOf = (q: { page: number; limit: number }) => (q.page - 1) * q.limit;

/**
 * The conditions keeping `column` inside an epoch-millisecond range whose either end may be open
 * (null); none for no range. Spread them into `and(…)`.
 */
export const dateRange = (column: AnyPgColumn, range: readonly [number | null, number | null] | undefined): SQL[] => {
  const [from, to] = range ?? [null, null];
  const conds: SQL[] = [];
  if (from !== null) conds.push(gte(column, new Date(from)));
  if (to !== null) conds.push(lte(column, new Date(to)));
  return conds;
};

/** Newest first, ties by id so that paging never repeats or skips a row: the order of every log and history list. */
export const newestFirst = (table: { createdAt: AnyPgColumn; id: AnyPgColumn }) => [
  desc(table.createdAt),
  desc(table.id),
];
