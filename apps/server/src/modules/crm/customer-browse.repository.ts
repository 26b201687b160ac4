import { and, asc, desc, eq, gt, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import type { TDataScope } from '../../db/scope.js';
import { customers as c } from './crm.schema.js';
import {
  filterCondition,
  isNullableSort,
  orderOf,
  poolCondition,
  resolveSearch,
  sortColumnOf,
  type TFilter,
  type TPool,
  type TSort,
} from './customer-filter.repository.js';

type TAt = { value: unknown; id: number };

/**
 * The rows after `at` in the list's order (`later`), or before it: empty sort values come last in
 * either direction (orderOf). A column that is never empty compares as a row value, which an index
 * on (column, id) serves as a range.
 */
const beyond = (sort: TSort, at: TAt, later: boolean): SQL | undefined => {
  const column = sortColumnOf(sort.field);
  const isAfter = later === (sort.order === 'ascend');
  const past = isAfter ? gt : lt;
  if (!isNullableSort(sort.field))
    return sql`(${column}, ${c.id}) ${sql.raw(isAfter ? '>' : '<')} (${sql.param(at.value, column)}, ${at.id})`;
  if (at.value === null) {
    return later
      ? and(isNull(column), past(c.id, at.id))
      : or(isNotNull(column), and(isNull(column), past(c.id, at.id)));
  }
  const beside = or(past(column, at.value), and(eq(column, at.value), past(c.id, at.id)));
  return later ? or(beside, isNull(column)) : beside;
};

/** The list's order walked backwards: from a row toward the top, empty sort values first. */
const reversedOrderOf = (sort: TSort): SQL[] => {
  const column = sortColumnOf(sort.field);
  const isAsc = sort.order === 'ascend';
  if (isNullableSort(sort.field))
    return [sql`${column} ${sql.raw(isAsc ? 'desc' : 'asc')} nulls first`, isAsc ? desc(c.id) : asc(c.id)];
  return isAsc ? [desc(column), desc(c.id)] : [asc(column), asc(c.id)];
};

/** 客户详情's 上一个 / 下一个: a pool's list as its page reads it, seen from one of its rows. */
export const customerBrowseRepository = {
  /**
   * The ids before and after a customer in a pool's list (the scope, the filter, the page's order
   * with the id as its tie-break); null when he is not on that list. Each side is one row read from
   * where he stands, not the list ranked whole: cheap at any size.
   */
  neighbours: async (
    db: TDb,
    q: { tenantId: number; pool: TPool; scope: TDataScope; filter: TFilter; sort: TSort; id: number },
  ) => {
    const search = await resolveSearch(db, q.tenantId, q.filter);
    const where = and(poolCondition(q.tenantId, q.pool, q.scope), filterCondition(q.tenantId, q.filter, search));
    const [here] = await db
      .select({ value: sortColumnOf(q.sort.field) })
      .from(c)
      .where(and(where, eq(c.id, q.id)));
    if (!here) return null;
    const at = { value: here.value, id: q.id };
    const nearest = async (later: boolean) => {
      const [row] = await db
        .select({ id: c.id })
        .from(c)
        .where(and(where, beyond(q.sort, at, later)))
        .orderBy(...(later ? orderOf(q.sort) : reversedOrderOf(q.sort)))
        .limit(1);
      return row?.id ?? null;
    };
    return { previousId: await nearest(false), nextId: await nearest(true) };
  },
};
