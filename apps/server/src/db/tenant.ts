import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { TDatabase, TDb } from './client.js';

/** Set while a request's tenant transaction (http/bind.ts) runs its handler. */
const requestTransaction = new AsyncLocalStorage<true>();

/**
 * Runs `fn` in a transaction that PostgreSQL itself confines to one tenant: the role yunhu_app
 * under row-level security with app.tenant_id set (migration 0001). Repositories still filter by
 * tenant in every query; this is the second wall.
 *
 * Refused inside a request's own transaction: a second transaction there is a second connection
 * that waits on the first one's row locks (PostgreSQL) or on its only session (PGlite) for ever.
 * Use the handler's `tx`; work that outlives the request starts through `detachFromRequest`.
 */
export const withTenant = async <T>(database: TDatabase, tenantId: number, fn: (tx: TDb) => Promise<T>): Promise<T> => {
  if (requestTransaction.getStore()) {
    throw new Error('withTenant inside a request transaction: use the handler context tx (issue 12)');
  }
  return openTenantTransaction(database, tenantId, fn);
};

const openTenantTransaction = <T>(database: TDatabase, tenantId: number, fn: (tx: TDb) => Promise<T>): Promise<T> =>
  database.db.transaction(async (tx) => {
    // One round trip: `role` is a setting like any other, so set_config(…, true) is SET LOCAL ROLE.
    const role = database.hasAppRole ? 'yunhu_app' : 'none';
    await tx.execute(sql`select set_config('app.tenant_id', ${String(tenantId)}, true),
      set_config('role', ${role}, true)`);
    return fn(tx as unknown as TDb);
  });

/** The request's one tenant transaction: the binder opens it around a handler. */
export const withRequestTransaction = <T>(
  database: TDatabase,
  tenantId: number,
  fn: (tx: TDb) => Promise<T>,
): Promise<T> => openTenantTransaction(database, tenantId, (tx) => requestTransaction.run(true, () => fn(tx)));

/**
 * Starts work that outlives the request (an import writing in the background, a simulated call)
 * outside the request's transaction context, so it opens transactions of its own.
 */
export const detachFromRequest = <T>(fn: () => T): T => requestTransaction.exit(fn);
