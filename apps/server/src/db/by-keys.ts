/**
 * The rows a look-up by a list of keys finds (`inArray(column, keys)`); an empty list finds none
 * without asking the database. The query gets its own copy of the keys, as `inArray` takes a
 * mutable array.
 */
export const rowsByKeys = async <K, R>(keys: readonly K[], query: (keys: K[]) => PromiseLike<R[]>): Promise<R[]> =>
  keys.length === 0 ? [] : query([...keys]);
