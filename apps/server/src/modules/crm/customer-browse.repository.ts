import { and, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import type { TDataScope } from '../../db/scope.js';
import { customers as c } from './crm.schema.js';
import {
  filterCondition,
  orderOf,
  poolCondition,
  resolveSearch,
  type TFilter,
  type TPool,
  type TSort,
} from './customer-filter.repository.js';

/** 客户详情's 上一个 / 下一个: a pool's list as its page reads it, seen from one of its rows. */
export const customerBrowseRepository = {
  /**
   * The ids before and after a customer in a pool's list (the scope, the filter, the page's order
   * with the id as its tie-break); null when he is not on that list.
   */
  neighbours: async (
    db: TDb,
    q: { tenantId: number; pool: TPool; scope: TDataScope; filter: TFilter; sort: TSort; id: number },
  ) => {
    const search = await resolveSearch(db, q.tenantId, q.filter);
    const where = and(poolCondition(q.tenantId, q.pool, q.scope), filterCondition(q.tenantId, q.filter, search));
    const order = sql.join(orderOf(q.sort), sql`, `);
    const listed = db
      .select({
        id: c.id,
        previousId: sql<string | number | null>`lag(${c.id}) over (order by ${order})`.as('previous_id'),
        nextId: sql<string | number | null>`lead(${c.id}) over (order by ${order})`.as('next_id'),
      })
      .from(c)
      .where(where)
      .as('listed');
    const [row] = await db.select().from(listed).where(eq(listed.id, q.id));
    if (!row) return null;
    const idOf = (v: string | number | null) => (v === null ? null : Number(v));
    return { previousId: idOf(row.previousId), nextId: idOf(row.nextId) };
  },
};
