import { type SQL, sql } from 'drizzle-orm';
import { rowsOf, type TDatabase } from './client.js';
import { withTenant } from './tenant.js';

export type TCursorLimits = {
  /** Rows per fetch. */
  batch: number;
  /** For each statement of this transaction (the first fetch may sort the whole match). */
  statementTimeoutMs: number;
  /** How long the transaction may wait between fetches before PostgreSQL ends it. */
  idleInTransactionMs: number;
};

/**
 * Reads one query through a cursor in one read-only tenant transaction: a single scan and sort
 * whatever the count, a consistent snapshot, memory bounded by a batch. `each` gets every batch
 * in turn; when it throws, the transaction rolls back and its connection goes back to the pool.
 */
export const readCursor = <R = Record<string, unknown>>(
  database: TDatabase,
  tenantId: number,
  query: SQL,
  limits: TCursorLimits,
  each: (rows: R[]) => Promise<void>,
): Promise<void> =>
  withTenant(database, tenantId, async (tx) => {
    await tx.execute(sql`select set_config('statement_timeout', ${String(limits.statementTimeoutMs)}, true),
      set_config('idle_in_transaction_session_timeout', ${String(limits.idleInTransactionMs)}, true),
      set_config('transaction_read_only', 'on', true)`);
    await tx.execute(sql`declare reader no scroll cursor for ${query}`);
    for (;;) {
      const rows = rowsOf<R>(await tx.execute(sql.raw(`fetch ${Math.trunc(limits.batch)} from reader`)));
      if (rows.length === 0) return;
      await each(rows);
    }
  });

/** Statement timeout inside a download's cursor transaction: its first fetch may sort the whole match. */
export const downloadStatementTimeoutMs = 300_000;
/**
 * How long a download's transaction may wait between fetches: twice http/download.ts's stall bound
 * (60 s), so PostgreSQL ends it even if this process could not.
 */
export const downloadIdleMs = 120_000;

/**
 * The rows of one query as a download's row source (http/xlsx-stream.ts `TRowSource`): read through
 * a cursor in one read-only tenant transaction that lives as long as the download.
 */
export const cursorRows =
  <T>(database: TDatabase, tenantId: number, query: SQL, map: (raw: Record<string, unknown>) => T, batch = 2000) =>
  (sink: (rows: readonly T[]) => Promise<void>): Promise<void> =>
    readCursor(
      database,
      tenantId,
      query,
      { batch, statementTimeoutMs: downloadStatementTimeoutMs, idleInTransactionMs: downloadIdleMs },
      (rows) => sink(rows.map(map)),
    );
