import type { Clock, Db, PGliteLike } from 'pg-boss';
import type { TDatabase } from '../db/client.js';

/** The server's pool as far as the queue uses it (node-postgres' Pool.query). */
type TPoolLike = { query: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }> };
type TPgliteLike = PGliteLike & { transaction: <T>(fn: (tx: PGliteLike) => Promise<T>) => Promise<T> };

const rowsOfAll = (results: { rows: unknown[] }[]) => ({ rows: results.flatMap((r) => r.rows ?? []) as never[] });

/**
 * pg-boss on the one in-process PGlite session, which the server's requests share. PGlite takes
 * each call between the server's transactions. A call without parameters may hold several
 * statements (exec()); pg-boss's transaction blocks (`BEGIN; …; COMMIT;`) run inside a PGlite
 * transaction, so that one failing is rolled back before any other statement reaches the session:
 * pg-boss's own adapter (fromPglite) sends its ROLLBACK afterwards, and a request or a second queue
 * in between found the transaction aborted (or ran inside it).
 */
const pgliteDb = (client: TPgliteLike): Db => ({
  executeSql: async (text, values) => {
    if (values?.length) return (await client.query(text, values)) as { rows: never[] };
    if (/^\s*BEGIN\s*;/i.test(text)) return rowsOfAll(await client.transaction((tx) => tx.exec(text)));
    return rowsOfAll(await client.exec(text));
  },
});

/**
 * The queue's connection is the server's own: on PGlite the one in-process session, on a
 * PostgreSQL server the server's pool (pg-boss's statements are short; a pool of its own would be
 * more connections for the same work).
 */
export const queueDbOf = (database: TDatabase): Db => {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind === 'pglite') return pgliteDb(client as TPgliteLike);
  const pool = client as TPoolLike;
  return { executeSql: (text, values) => pool.query(text, values) as Promise<{ rows: never[] }> };
};

/**
 * The system clock with timers that do not hold the process up: a server that closed, or a
 * script that forgot to, still exits. pg-boss schedules every poll, heartbeat and retry through it.
 */
export const unrefClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
  setInterval: (fn, ms) => setInterval(fn, ms).unref(),
  clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
};
