// The bench database shared by the seed commands (crm.seed.ts, calls.seed.ts): created on the
// PostgreSQL server when missing (never dropped), migrated, with the demo enterprise in it.
// BENCH_DATABASE_URL chooses it; the default is yunhu_bench on the local server.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, rowsOf } from '../apps/server/src/db/client.js';
import { seedDemo } from '../apps/server/src/seed/demo.js';

export const benchUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/yunhu_bench';

/** Creates the database of `url` on its server when missing (never drops one; refuses `test`). */
export const createDatabaseIfMissing = async (url: string): Promise<string> => {
  const name = new URL(url).pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name) || name === 'test') throw new Error(`refusing database name ${name}`);
  const server = new URL(url);
  server.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`create database ${name}`);
  await admin.end();
  return name;
};

/** Opens (creating, migrating and seeding when needed) the bench database; answers the demo tenant. */
export const openBenchDatabase = async () => {
  const name = await createDatabaseIfMissing(benchUrl);

  // The seeds insert a million rows per statement: no statement timeout here (the server has one).
  const database = await openDatabase({ databaseUrl: benchUrl, dataDir: null, limits: { statementTimeoutMs: 0 } });
  const { db } = database;
  const demoId = async () =>
    rowsOf<{ id: number }>(await db.execute(sql`select id::int from tenants where code = 'E100001'`))[0]?.id;
  if ((await demoId()) === undefined) await seedDemo(db);
  const tenantId = await demoId();
  if (tenantId === undefined) throw new Error('the demo enterprise is missing from the bench database');
  return { database, name, tenantId };
};
