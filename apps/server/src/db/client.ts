import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { serverRoot } from '../paths.js';
import type * as schema from './schema.js';

export type TSchema = typeof schema;
/** The Drizzle database, over PGlite or node-postgres alike (one SQL dialect: PostgreSQL). */
export type TDb = PgDatabase<PgQueryResultHKT, TSchema>;

export type TDatabase = {
  db: TDb;
  kind: 'pglite' | 'postgres';
  /** Whether the row-level-security role exists (it may not where the user cannot create roles). */
  hasAppRole: boolean;
  /**
   * A transaction whose first statement travels with its BEGIN: one round trip to a PostgreSQL
   * server (one simple query), a statement of its own on PGlite. `first` is one statement written
   * out, without parameters; `fn` gets its rows and the transaction (savepoints and rollback as
   * drizzle's own). READ ONLY on a PostgreSQL server when `isReadOnly` (PGlite's one in-process
   * session is never lost, so no read is run twice there: none).
   */
  transactionOpenedBy: <T>(
    first: string,
    fn: (tx: TDb, rows: Record<string, unknown>[]) => Promise<T>,
    isReadOnly?: boolean,
  ) => Promise<T>;
  /** Whether the database answers within timeoutMs (default pingTimeoutMs). */
  ping: (timeoutMs?: number) => Promise<boolean>;
  /**
   * The PostgreSQL server's connection pool now (the operator's metrics); absent on PGlite, one
   * in-process session without a pool.
   */
  poolStats?: () => TPoolStats;
  close: () => Promise<void>;
};

/** Connections of the pool: open, idle among them, the most it opens, and queries waiting for one. */
export type TPoolStats = { total: number; idle: number; max: number; waiting: number };

const migrationsFolder = path.join(serverRoot, 'drizzle');

/**
 * The walls around the server's PostgreSQL sessions, so that no request (a bug, a client gone
 * mid-download, a runaway query) can hold a connection for ever and starve every other request.
 */
export type TDbLimits = {
  /** Connections in the pool. */
  poolMax: number;
  /** How long a query waits for a free connection before it fails (instead of hanging). */
  connectTimeoutMs: number;
  /** Any one statement; a download's cursor transaction sets its own (http/download.ts). 0 = none. */
  statementTimeoutMs: number;
  /** A transaction left waiting between statements is ended by PostgreSQL after this. 0 = none. */
  idleInTransactionMs: number;
};

export const dbLimitDefaults: TDbLimits = {
  poolMax: 10,
  connectTimeoutMs: 10_000,
  statementTimeoutMs: 60_000,
  idleInTransactionMs: 60_000,
};

/** /healthz waits no longer than this for the database before answering 503. */
export const pingTimeoutMs = 2000;

/** Opens the database, applies pending migrations, and reports what it opened. */
export const openDatabase = async (opts: {
  databaseUrl: string | null;
  dataDir: string | null;
  /** PostgreSQL server only (PGlite is one in-process session); defaults: dbLimitDefaults. */
  limits?: Partial<TDbLimits>;
  /**
   * PGlite only: start from this data directory (a `dumpDataDir` tarball) instead of an empty
   * one — the tests' migrated and seeded copy, which loads in a third of an initdb's time.
   */
  loadDataDir?: Blob;
}): Promise<TDatabase> => {
  let database: Omit<TDatabase, 'hasAppRole'>;
  let state: TStartState;
  // Each start loads only its own driver, for a fast warm start: the other one is never read.
  if (opts.databaseUrl) {
    const [{ default: pg }, { drizzle: drizzlePg, NodePgSession, NodePgTransaction }, { PgDialect }] =
      await Promise.all([import('pg'), import('drizzle-orm/node-postgres'), import('drizzle-orm/pg-core')]);
    const limits = { ...dbLimitDefaults, ...opts.limits };
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: limits.poolMax,
      connectionTimeoutMillis: limits.connectTimeoutMs,
      // Sent when each connection opens, so they cost no round trip per query.
      statement_timeout: limits.statementTimeoutMs,
      idle_in_transaction_session_timeout: limits.idleInTransactionMs,
    });
    // A connection the server ends (restart, pg_terminate_backend, a forced drop in tests) emits
    // 'error' on its client, even while the pool is closing it; without a listener that crashes
    // the process. Queries in flight still reject on their own, and the pool replaces idle clients.
    pool.on('error', (error) => console.warn(`数据库连接已断开：${error.message}`));
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
    });
    // No relational schema: nothing uses drizzle's `db.query` API, and building it costs every start.
    const db = drizzlePg(pool) as unknown as TDb;
    // drizzle's transaction on a pool sends BEGIN before its try: a BEGIN on a connection the server
    // ended keeps that connection out of the pool for good (ten such and every request waits for a
    // connection that never comes), and a connection lost later goes back to the pool as if sound.
    // So the transaction runs on a connection taken here, given back as broken (destroyed) when lost.
    db.transaction = (async (fn: Parameters<TDb['transaction']>[0], config?: Parameters<TDb['transaction']>[1]) => {
      const client = await pool.connect();
      let lost: Error | undefined;
      try {
        return await drizzlePg(client).transaction(fn as never, config);
      } catch (error) {
        if (isConnectionLost(error)) lost = error as Error;
        throw error;
      } finally {
        client.release(lost);
      }
    }) as TDb['transaction'];
    // drizzle's transaction sends BEGIN as a statement of its own; here BEGIN and the first statement
    // go as one simple query, and the rest runs on drizzle's transaction over the same connection, as
    // its own transaction() builds it. The connection is given back as above.
    const dialect = new PgDialect();
    const transactionOpenedBy: TDatabase['transactionOpenedBy'] = async (first, fn, isReadOnly = false) => {
      const client = await pool.connect();
      let lost: Error | undefined;
      try {
        const tx = new NodePgTransaction(dialect, new NodePgSession(client, dialect, undefined), undefined);
        try {
          const opened = (await client.query(`${isReadOnly ? 'begin read only' : 'begin'}; ${first}`)) as unknown as [
            unknown,
            { rows: Record<string, unknown>[] },
          ];
          const result = await fn(tx as unknown as TDb, opened[1].rows);
          await client.query('commit');
          return result;
        } catch (error) {
          await client.query('rollback');
          throw error;
        }
      } catch (error) {
        if (isConnectionLost(error)) lost = error as Error;
        throw error;
      } finally {
        client.release(lost);
      }
    };
    database = {
      db,
      kind: 'postgres',
      transactionOpenedBy,
      ping: (timeoutMs) => ping(db, timeoutMs),
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        max: limits.poolMax,
        waiting: pool.waitingCount,
      }),
      close: () => pool.end(),
    };
    state = await startState(db);
    if (!state.isMigrated) {
      // Migrations run on their own connection, outside the statement timeout: one may rewrite a
      // large table.
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      const migrator = new pg.Client({ connectionString: opts.databaseUrl });
      await migrator.connect();
      try {
        await migrate(drizzlePg(migrator), { migrationsFolder });
      } finally {
        await migrator.end();
      }
      state = await startState(db);
    }
  } else {
    // dataDir null = in memory (tests); otherwise the files live under DATA_DIR/pgdata.
    let dir: string | undefined;
    if (opts.dataDir) {
      dir = pgliteDirOf(opts.dataDir);
      fs.mkdirSync(dir, { recursive: true });
    }
    const [client, { drizzle: drizzlePglite }] = await Promise.all([
      openPglite(dir, opts.loadDataDir),
      import('drizzle-orm/pglite'),
    ]);
    const db = drizzlePglite(client) as unknown as TDb;
    // PGlite is in the process: no round trip to save, BEGIN goes as drizzle sends it.
    const transactionOpenedBy: TDatabase['transactionOpenedBy'] = (first, fn) =>
      db.transaction(async (tx) =>
        fn(tx as unknown as TDb, rowsOf<Record<string, unknown>>(await tx.execute(sql.raw(first)))),
      );
    database = {
      db,
      kind: 'pglite',
      transactionOpenedBy,
      ping: (timeoutMs) => ping(db, timeoutMs),
      close: () => client.close(),
    };
    state = await startState(db);
    if (!state.isMigrated) {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(drizzlePglite(client), { migrationsFolder });
      state = await startState(db);
    }
  }
  // Closing twice (a test that closes the database under the server, then its teardown) is harmless.
  let closing: Promise<void> | null = null;
  const closeOnce = database.close;
  database.close = () => {
    closing ??= closeOnce();
    return closing;
  };
  return { ...database, hasAppRole: state.hasAppRole };
};

/**
 * The embedded PostgreSQL on a data directory (in memory without one), with the extensions the
 * migrations use; `loadDataDir` fills an empty one from a `dumpDataDir` tarball.
 */
const openPglite = async (dir: string | undefined, loadDataDir?: Blob) => {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  // PostgreSQL's 128 MB of shared buffers are WebAssembly memory here, resident once touched; the
  // files sit in the operating system's cache anyway (16 MB takes ~110 MB off the RSS).
  const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];
  return new PGlite({ dataDir: dir, loadDataDir, extensions: { pg_trgm }, startParams });
};

/** The embedded database's data directory under the server's data folder. */
export const pgliteDirOf = (dataDir: string) => path.join(dataDir, 'pgdata');

type TStartState = { isMigrated: boolean; hasAppRole: boolean };

/** The newest migration of the journal (apps/server/drizzle/meta/_journal.json): its `when`. */
const newestMigrationAt = (): number => {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((e) => e.when));
};

/**
 * What a start needs to know in one query: whether every migration of the journal is applied, and
 * whether the row-level-security role exists. drizzle's migrator applies the journal's migrations
 * newer than the newest row of `drizzle.__drizzle_migrations` — the test made here — but only after
 * reading and hashing every SQL file and a CREATE SCHEMA, a CREATE TABLE and a transaction, on a
 * connection of its own: so a start runs it only when a migration is pending. A database
 * without the table (never migrated) answers an error: migrate.
 */
export const startState = async (db: TDb): Promise<TStartState> => {
  const newest = newestMigrationAt();
  const result = await db
    .execute(
      sql`select (select max(created_at) from drizzle.__drizzle_migrations)::text as applied,
        (select pg_has_role(current_user, 'yunhu_app', 'MEMBER') from pg_roles where rolname = 'yunhu_app') as role`,
    )
    .catch(() => null);
  const row = result ? rowsOf<{ applied: string | null; role: boolean | null }>(result)[0] : undefined;
  return { isMigrated: row?.applied != null && Number(row.applied) >= newest, hasAppRole: row?.role === true };
};

/**
 * Whether the database answers within `timeoutMs`. The wait is bounded because an exhausted pool
 * (or PGlite's one session held by a transaction) would otherwise hold the answer for ever.
 */
const ping = async (db: TDb, timeoutMs = pingTimeoutMs): Promise<boolean> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((done) => {
    timer = setTimeout(() => done(false), timeoutMs);
  });
  const answer = db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
};

/**
 * Whether a statement failed because its connection to the PostgreSQL server went away (the server
 * restarted, an operator or a failover ended the session, the network dropped it), as the driver
 * says it: a class-08 or 57P0x code, or node-postgres's own words for a socket that closed. Nothing
 * of such a transaction was committed, unless the loss fell on its COMMIT. drizzle wraps the
 * driver's error (`cause`).
 */
export const isConnectionLost = (error: unknown): boolean => {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | null, depth = 0;
    e && depth < 5;
    depth++
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (code.startsWith('08') || /^57P0[123]$/.test(code) || code === 'ECONNRESET' || code === 'EPIPE') return true;
    const message = typeof e.message === 'string' ? e.message : '';
    if (/^Connection terminated|connection error and is not queryable|^Client was closed/.test(message)) return true;
    e = (e.cause ?? null) as typeof e;
  }
  return false;
};

/**
 * Whether a query gave up waiting for a free connection of the pool (every one busy for
 * connectTimeoutMs): the pool's own error, or drizzle's wrapping of it (`cause`) when the wait was
 * a statement's outside a transaction.
 */
export const isPoolExhausted = (error: unknown): boolean => {
  for (let e = error as { message?: unknown; cause?: unknown } | null, depth = 0; e && depth < 5; depth++) {
    if (typeof e.message === 'string' && /timeout exceeded when trying to connect/.test(e.message)) return true;
    e = (e.cause ?? null) as typeof e;
  }
  return false;
};

/** Rows of a raw `execute`, whose result shape differs between the two drivers. */
export const rowsOf = <T>(result: unknown): T[] => {
  const r = result as { rows?: T[] } | T[];
  return Array.isArray(r) ? r : (r.rows ?? []);
};
