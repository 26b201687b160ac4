import { sql } from 'drizzle-orm';
import { rowsOf, type TDb } from './client.js';

/**
 * Runs `fn` in the request's tenant transaction with the tenant wall lifted (the session's own
 * role instead of yunhu_app), then puts the wall back: for the platform-wide questions a request
 * asks (is an account or mobile taken in any enterprise) and the platform operator's work across
 * enterprises. Every such query still names what it reads; only the second wall steps aside.
 */
export const acrossTenants = async <T>(tx: TDb, fn: (db: TDb) => Promise<T>): Promise<T> => {
  const role = rowsOf<{ role: string }>(await tx.execute(sql`select current_setting('role') as role`))[0]?.role;
  const restore = () => tx.execute(sql`select set_config('role', ${role ?? 'none'}, true)`);
  await tx.execute(sql`select set_config('role', 'none', true)`);
  let result: T;
  try {
    result = await fn(tx);
  } catch (error) {
    // A failed statement leaves the transaction aborted (it rolls back); restoring may fail then.
    await restore().catch(() => undefined);
    throw error;
  }
  await restore();
  return result;
};
