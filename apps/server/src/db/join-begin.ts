import type pg from 'pg';

/** What a `begin` held back answers at once: PostgreSQL's own answer to BEGIN, without rows. */
const heldBegin = { command: 'BEGIN', rowCount: null, oid: 0, rows: [], fields: [] };

type TQueryConfig = { text?: unknown; name?: unknown; values?: unknown; submit?: unknown };

/**
 * Sends a transaction's BEGIN in the same round trip as its first statement (issue 13: a list
 * request spent a round trip on BEGIN alone). drizzle's transaction sends a bare `begin`; the
 * connection holds it back and prefixes it to the next query when that one is unparameterised
 * (`begin;<statement>` in one simple query: PostgreSQL runs both, the answer is the statement's).
 * A parameterised, prepared or cursor query after it gets the BEGIN sent first, as before. Nothing
 * runs outside the transaction: PostgreSQL takes a transaction's snapshot at its first statement
 * anyway, and a failing statement leaves the transaction aborted for the ROLLBACK that follows.
 */
export const joinBeginWithNextQuery = (client: pg.PoolClient): void => {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let held = false;
  const patched = (config: unknown, values?: unknown, callback?: unknown): unknown => {
    const c = (typeof config === 'string' ? { text: config } : (config ?? {})) as TQueryConfig;
    const params = Array.isArray(values) ? values : Array.isArray(c.values) ? c.values : [];
    const plain =
      typeof c.text === 'string' &&
      params.length === 0 &&
      !c.name &&
      typeof c.submit !== 'function' &&
      typeof values !== 'function' &&
      typeof callback !== 'function';
    if (!held) {
      if (plain && (c.text as string).trim().toLowerCase() === 'begin') {
        held = true;
        return Promise.resolve({ ...heldBegin });
      }
      return query(config, values, callback);
    }
    held = false;
    if (!plain) {
      // The connection runs its queries in order: BEGIN first, then this one. A BEGIN that fails
      // (a broken connection) fails the query after it too.
      (query('begin') as Promise<unknown>).catch(() => undefined);
      return query(config, values, callback);
    }
    const joined = typeof config === 'string' ? `begin;${config}` : { ...c, text: `begin;${c.text as string}` };
    // The answers after BEGIN's: one statement's alone, several as their list (as without BEGIN).
    return (query(joined, values) as Promise<pg.QueryResult | pg.QueryResult[]>).then((r) =>
      Array.isArray(r) ? (r.length === 2 ? r[1] : r.slice(1)) : r,
    );
  };
  client.query = patched as typeof client.query;
  /** A connection handed back with a BEGIN still held never opened the transaction: nothing to send. */
  (client as unknown as { heldBeginReset: () => void }).heldBeginReset = () => {
    held = false;
  };
};

/** Forgets a BEGIN still held when the connection goes back to its pool (see joinBeginWithNextQuery). */
export const resetHeldBegin = (client: pg.PoolClient): void =>
  (client as unknown as { heldBeginReset?: () => void }).heldBeginReset?.();
