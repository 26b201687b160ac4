import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { TDatabase, TDb } from './client.js';

/**
 * Set while a request's tenant transaction (http/bind.ts) runs its handler, where withTenant is
 * refused: a guard against a programming error, the same in production as in every test. Without it
 * a nested withTenant would wait on its own request's locks until the pool's or the statement's
 * timeout instead of failing at once.
 */
const requestTransaction = new AsyncLocalStorage<true>();

/** Runs `fn` as the request's transaction, marked for the guard. */
const asRequestTransaction = <T>(fn: () => Promise<T>): Promise<T> => requestTransaction.run(true, fn);

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
    throw new Error('withTenant inside a request transaction: use the handler context tx');
  }
  return openTenantTransaction(database, tenantId, fn);
};

/**
 * The statement that confines a transaction to one tenant. `role` is a setting like any other, so
 * set_config(…, true) is SET LOCAL ROLE. Written out (the id is checked to be an integer, the role is a
 * name of ours).
 */
export const enterTenant = (database: Pick<TDatabase, 'hasAppRole'>, tenantId: number) => {
  if (!Number.isSafeInteger(tenantId)) throw new Error(`tenant id ${String(tenantId)} is not an integer`);
  return sql.raw(
    `select set_config('app.tenant_id', '${tenantId}', true), set_config('role', '${tenantRoleOf(database)}', true)`,
  );
};

/**
 * The role a request's transaction takes once it has entered its tenant: yunhu_app under row-level
 * security, or 'none' (the connection's own) where the database has no such role (PGlite).
 */
export const tenantRoleOf = (database: Pick<TDatabase, 'hasAppRole'>): 'yunhu_app' | 'none' =>
  database.hasAppRole ? 'yunhu_app' : 'none';

/**
 * The request's one tenant transaction opened by the statement that finds who asks, sent with the
 * BEGIN in one round trip (TDatabase.transactionOpenedBy): `open.statement` runs first, as the
 * connection's own role, and enters the tenant it finds, taking the role `role` (tenantRoleOf), in
 * that same statement (migration 0061's session_entering), so the session and the tenant cost one
 * statement. When `open.read` finds no one in its rows, `fn` gets null and no transaction: it must
 * refuse (the transaction, never confined to a tenant, rolls back when it throws, and is never
 * handed out). READ ONLY on a PostgreSQL server when `isReadOnly`, in the same BEGIN.
 */
export const withSessionTransaction = <S, T>(
  database: TDatabase,
  open: { statement: string; read: (rows: readonly Record<string, unknown>[]) => S | null },
  fn: (found: { tx: TDb; session: S } | null) => Promise<T>,
  isReadOnly = false,
): Promise<T> =>
  database.transactionOpenedBy(
    open.statement,
    async (tx, rows) => {
      const session = open.read(rows);
      if (session === null) return fn(null);
      return asRequestTransaction(() => fn({ tx, session }));
    },
    isReadOnly,
  );

/**
 * A read-only route's transaction on a PostgreSQL server: BEGIN READ ONLY, in the same statement
 * as the BEGIN, so a route marked read-only that writes fails there instead of being run twice.
 * PGlite would spend a statement on it, and its one in-process session is never lost: none there.
 */
const readOnlyConfig = (database: TDatabase, isReadOnly: boolean) =>
  isReadOnly && database.kind === 'postgres' ? ({ accessMode: 'read only' } as const) : undefined;

const openTenantTransaction = <T>(
  database: TDatabase,
  tenantId: number,
  fn: (tx: TDb) => Promise<T>,
  isReadOnly = false,
): Promise<T> =>
  database.db.transaction(
    async (tx) => {
      await tx.execute(enterTenant(database, tenantId));
      return fn(tx as unknown as TDb);
    },
    readOnlyConfig(database, isReadOnly),
  );

/** The request's one tenant transaction: the binder opens it around a handler (READ ONLY for a read-only route). */
export const withRequestTransaction = <T>(
  database: TDatabase,
  tenantId: number,
  fn: (tx: TDb) => Promise<T>,
  isReadOnly = false,
): Promise<T> => openTenantTransaction(database, tenantId, (tx) => asRequestTransaction(() => fn(tx)), isReadOnly);

/**
 * Starts work that outlives the request (an import writing in the background, a simulated call)
 * outside the request's transaction context, so it opens transactions of its own.
 */
export const detachFromRequest = <T>(fn: () => T): T => requestTransaction.exit(fn);
