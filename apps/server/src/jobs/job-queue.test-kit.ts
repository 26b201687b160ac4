import type pg from 'pg';
import { openDatabase, type TDatabase } from '../db/client.js';

/**
 * The database as a second server process sees it: on PostgreSQL a pool of its own to the same
 * database; on PGlite (one in-process session) the same handle, which the first one closes.
 */
export const secondServerDatabase = async (database: TDatabase): Promise<TDatabase> => {
  if (database.kind === 'pglite') return { ...database, close: async () => undefined };
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  return openDatabase({ databaseUrl: pool.options.connectionString ?? null, dataDir: null });
};
