/**
 * The first row a query finds, or null: the query is read with `limit 1`. For look-ups by a key
 * or the "is there one?" question, where the caller wants a row or nothing, never a list.
 */
export const firstRow = async <R>(query: { limit: (n: number) => PromiseLike<R[]> }): Promise<R | null> =>
  (await query.limit(1))[0] ?? null;
