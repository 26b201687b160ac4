/**
 * The first row a query finds, or null: the query is read with `limit 1`. For look-ups by a key
 * or the "is there one?" question, where the caller wants a row or nothing, never a list.
 */
export const firstRow = async <R>(query: { limit: (n: number) => PromiseLike<R[]> }): Promise<R | null> =>
  (await query.limit(1))[0] ?? null;

/** Whether a query finds any row: the "is there one?" question, read with `limit 1`. */
export const hasRow = async (query: { limit: (n: number) => PromiseLike<unknown[]> }): Promise<boolean> =>
  (await query.limit(1)).length > 0;
