import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.js';

export type TSchema = typeof schema;
/** The Drizzle database, over PGlite or node-postgres alike (one SQL dialect: PostgreSQL). */
export type TDb = PgDatabase<PgQueryResultHKT, TSchema>;

export type TDatabase = {
  db: TDb;
  kind: 'pglite' | 'postgres';
  /** Whether the row-level-security role exists (it may not where the user cannot create roles). */
  hasAppRole: boolean;
  ping: () => Promise<boolean>;
  close: () => Promise<void>;
};

const migrationsFolder = path.resolve(new URL('../../drizzle', import.meta.url).pathname);

/** Opens the database, applies pending migrations, and reports what it opened. */
export const openDatabase = async (opts: {
  databaseUrl: string | null;
  dataDir: string | null;
}): Promise<TDatabase> => {
  let database: Omit<TDatabase, 'hasAppRole'>;
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // A connection the server ends (restart, pg_terminate_backend, a forced drop in tests) emits
    // 'error' on its client, even while the pool is closing it; without a listener that crashes
    // the process. Queries in flight still reject on their own, and the pool replaces idle clients.
    pool.on('error', (error) => console.warn(`数据库连接已断开：${error.message}`));
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzlePg(pool, { schema }) as unknown as TDb;
    await migratePg(drizzlePg(pool), { migrationsFolder });
    database = { db, kind: 'postgres', ping: () => ping(db), close: () => pool.end() };
  } else {
    // dataDir null = in memory (tests); otherwise the files live under DATA_DIR/pgdata.
    let dir: string | undefined;
    if (opts.dataDir) {
      dir = path.join(opts.dataDir, 'pgdata');
      fs.mkdirSync(dir, { recursive: true });
    }
    const client = new PGlite(dir);
    const db = drizzlePglite(client, { schema }) as unknown as TDb;
    await migratePglite(drizzlePglite(client), { migrationsFolder });
    database = { db, kind: 'pglite', ping: () => ping(db), close: () => client.close() };
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

const ping = async (db: TDb): Promise<boolean> => {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
};

/** Rows of a raw `execute`, whose result shape differs between the two drivers. */
export const rowsOf = <T>(result: unknown): T[] => {
  const r = result as { rows?: T[] } | T[];
  return Array.isArray(r) ? r : (r.rows ?? []);
};
