import { sql } from 'drizzle-orm';
import type { TDb } from './client.js';

/**
 * Holds a transaction-scoped advisory lock on (`name`, `key`) until the transaction ends: work of
 * the same key runs one at a time (two quick clicks cannot both pass a limit counted inside it).
 */
export const lockForTransaction = async (tx: TDb, name: string, key: number): Promise<void> => {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${name}), ${key}::int)`);
};
