import type { PgSelect } from 'drizzle-orm/pg-core';
import { offsetOf } from './sql.js';

/**
 * One page of a list and the count of all it matches. `counted` is the list's `count()` over the
 * same tables and where; `listed` its rows in order, `$dynamic()` so the page's limit and offset
 * are added here. The count runs first, then the page, as one statement each.
 */
export const pageOf = async <T extends PgSelect>(
  counted: PromiseLike<{ n: number }[]>,
  listed: T,
  q: { page: number; limit: number },
): Promise<{ records: Awaited<T>; total: number }> => {
  const [total] = await counted;
  const records = await listed.limit(q.limit).offset(offsetOf(q));
  return { records, total: total?.n ?? 0 };
};
