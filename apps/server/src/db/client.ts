import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { serverRoot } from '../paths.js';
import * as schema from './schema.js';

export type TSchema = typeof schema;
/** The Drizzle database, over PGlite or node-postgres alike (one SQL dialect: PostgreSQL). */
export type TDb = PgDatabase<PgQueryResultHKT, TSchema>;

export type TDatabase = {
  db: TDb;
  kind: 'pglite' | 'postgres';
  /** Whether the row-level-security role exists (it may not where the user cannot create roles). */
  hasAppRole: boolean;
  /** Whether the database answers within timeoutMs (default pingTimeoutMs). */
  ping: (timeoutMs?: number) => Promise<boolean>;
  close: () => Promise<void>;
};

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

/** The embedded database's server options: PGlite's own, with smaller shared buffers (below). */
const pgliteStartParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/** /healthz waits no longer than this for the database before answering 503. */
export const pingTimeoutMs = 2000;

/** Opens the database, applies pending migrations, and reports what it opened. */
export const openDatabase = async (opts: {
  databaseUrl: string | null;
  dataDir: string | null;
  /** PostgreSQL server only (PGlite is one in-process session); defaults: dbLimitDefaults. */
  limits?: Partial<TDbLimits>;
}): Promise<TDatabase> => {
  let database: Omit<TDatabase, 'hasAppRole'>;
  if (opts.databaseUrl) {
    const limits = { ...dbLimitDefaults, ...opts.limits };
    // Migrations run on their own connection, outside the statement timeout: one may rewrite a
    // large table.
    const migrator = new pg.Client({ connectionString: opts.databaseUrl });
    await migrator.connect();
    try {
      await migratePg(drizzlePg(migrator), { migrationsFolder });
    } finally {
      await migrator.end();
    }
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
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzlePg(pool, { schema }) as unknown as TDb;
    database = { db, kind: 'postgres', ping: (timeoutMs) => ping(db, timeoutMs), close: () => pool.end() };
  } else {
    // dataDir null = in memory (tests); otherwise the files live under DATA_DIR/pgdata.
    let dir: string | undefined;
    if (opts.dataDir) {
      dir = path.join(opts.dataDir, 'pgdata');
      fs.mkdirSync(dir, { recursive: true });
    }
    // PostgreSQL's 128 MB of shared buffers are WebAssembly memory here, resident once touched; the
    // files sit in the operating system's cache anyway (issue 13: 16 MB takes ~110 MB off the RSS).
    const client = new PGlite({ dataDir: dir, extensions: { pg_trgm }, startParams: pgliteStartParams });
    const db = drizzlePglite(client, { schema }) as unknown as TDb;
    await migratePglite(drizzlePglite(client), { migrationsFolder });
    database = { db, kind: 'pglite', ping: (timeoutMs) => ping(db, timeoutMs), close: () => client.close() };
  }
  // Closing twice (a test that closes the database under the server, then its teardown) is harmless.
  let closing: Promise<void> | null = null;
  const closeOnce = database.close;
  database.close = () => {
    closing ??= closeOnce();
    return closing;
  };
  const role = await database.db.execute(sql`select pg_has_role(current_user, 'yunhu_app', 'MEMBER') as ok
    from pg_roles where rolname = 'yunhu_app'`);
  return { ...database, hasAppRole: rowsOf<{ ok: boolean }>(role)[0]?.ok === true };
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

/** Rows of a raw `execute`, whose result shape differs between the two drivers. */
export const rowsOf = <T>(result: unknown): T[] => {
  const r = result as { rows?: T[] } | T[];
  return Array.isArray(r) ? r : (r.rows ?? []);
};
