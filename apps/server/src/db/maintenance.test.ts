import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/database.js';
import { openSeededTestDatabase } from '../test/seeded-database.js';
import { rowsOf, type TDatabase } from './client.js';
import { maintenanceJob, queueVacuumJob, runMaintenance, tablesDue } from './maintenance.js';

const logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('the statistics job in the queue', () => {
  it('runs shortly after start, then every DB_MAINTENANCE_MINUTES; a run may last an hour', () => {
    const job = maintenanceJob({ databaseUrl: 'postgres://unused', minutes: 10, logger });
    expect(job).toMatchObject({ name: 'db.maintenance', everySeconds: 600, expireSeconds: 3600 });
    expect(job.atStart?.()).toEqual({});
  });

  it('vacuums the job queue’s tables where nothing else does (PGlite): their last vacuum is now', async () => {
    const database = await openSeededTestDatabase();
    try {
      const job = queueVacuumJob(database);
      expect(job).toMatchObject({ name: 'db.queue-vacuum', everySeconds: 3600 });
      const before = new Date();
      await job.run({}, { signal: new AbortController().signal, attempt: 1 });
      const [row] = rowsOf<{ at: string | null }>(
        await database.db.execute(
          sql`select max(last_vacuum)::text as at from pg_stat_user_tables where schemaname = 'pgboss'`,
        ),
      );
      expect(new Date(row!.at!).getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    } finally {
      await database.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('the statistics job on PostgreSQL', () => {
  let database: TDatabase;
  let url: string;
  let client: pg.Client;
  const stat = async (table: string) =>
    (
      await client.query<{ analyzed: boolean; vacuumed: boolean; changed: number; reltuples: number }>(
        `select t.last_analyze is not null as analyzed, t.last_vacuum is not null as vacuumed,
           t.n_mod_since_analyze::int as changed, c.reltuples::int as reltuples
         from pg_stat_user_tables t join pg_class c on c.oid = t.relid where t.relname = $1`,
        [table],
      )
    ).rows[0];
  /** A bulk insert on a connection of its own, closed after: a backend flushes its counters on exit. */
  const bulkInsert = async (statement: string) => {
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    await other.query(statement);
    await other.end();
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    const [{ d }] = rowsOf<{ d: string }>(await database.db.execute(sql`select current_database() as d`)) as [
      { d: string },
    ];
    const u = new URL(process.env.TEST_DATABASE_URL!);
    u.pathname = `/${d}`;
    url = u.toString();
    client = new pg.Client({ connectionString: url });
    await client.connect();
    // Whatever the migrations left due is done first, so the test sees only its own table.
    await runMaintenance(client, { always: true });
  });
  afterAll(async () => {
    await client.end();
    await database.close();
  });

  it('after a bulk insert without ANALYZE, vacuums and analyzes the table, and pg_stat_user_tables shows it', async () => {
    await client.query(`create table maintenance_probe (id int primary key, note text)`);
    await bulkInsert(`insert into maintenance_probe select g, 'x' from generate_series(1, 5000) g`);
    expect(await stat('maintenance_probe')).toMatchObject({ analyzed: false, vacuumed: false, changed: 5000 });
    expect((await tablesDue(client)).map((t) => t.table)).toContain('maintenance_probe');

    const run = await runMaintenance(client, { always: true });
    expect(run).toMatchObject({ notOwned: [] });
    if ('skipped' in run) throw new Error('skipped');
    expect(run.vacuumed).toContain('maintenance_probe');
    expect(run.analyzed).toContain('maintenance_probe');
    expect(await stat('maintenance_probe')).toEqual({ analyzed: true, vacuumed: true, changed: 0, reltuples: 5000 });

    // Done: the next run leaves it alone, until enough of it changes again (50 + 10 % for ANALYZE).
    expect((await tablesDue(client)).map((t) => t.table)).not.toContain('maintenance_probe');
    await bulkInsert(`update maintenance_probe set note = 'y' where id <= 100`);
    expect((await tablesDue(client)).map((t) => t.table)).not.toContain('maintenance_probe');
    await bulkInsert(`update maintenance_probe set note = 'z' where id <= 1200`);
    const due = (await tablesDue(client)).find((t) => t.table === 'maintenance_probe');
    // 1,300 dead rows > 50 + 20 % of 5,000: VACUUM too.
    expect(due).toMatchObject({ isAnalyzeDue: true, isVacuumDue: true, isOwned: true });
  });

  it('as the queue runs it: a table bulk-loaded since is analyzed by one run', async () => {
    await bulkInsert(`create table maintenance_job_probe as select g as id from generate_series(1, 3000) g`);
    const [{ on }] = (await client.query<{ on: string }>(`select current_setting('autovacuum') as on`)).rows as [
      { on: string },
    ];
    await maintenanceJob({ databaseUrl: url, minutes: 10, logger }).run(
      {},
      { signal: new AbortController().signal, attempt: 1 },
    );
    // Where autovacuum is on, the run leaves the work to it (the last test).
    if (on === 'off') expect(await stat('maintenance_job_probe')).toMatchObject({ analyzed: true });
  });

  it('takes care of the job queue’s tables too (schema pgboss)', async () => {
    await client.query(`create schema if not exists pgboss`);
    await bulkInsert(`create table pgboss.maintenance_probe as select g as id from generate_series(1, 3000) g`);
    expect((await tablesDue(client)).map((t) => t.table)).toContain('pgboss.maintenance_probe');
    const run = await runMaintenance(client, { always: true });
    expect(run).toMatchObject({ analyzed: expect.arrayContaining(['pgboss.maintenance_probe']) });
    expect((await tablesDue(client)).map((t) => t.table)).not.toContain('pgboss.maintenance_probe');
    await client.query(`drop schema pgboss cascade`);
  });

  it('leaves tables its user does not own alone and names them (the operator runs scripts/db-maintenance.sh)', async () => {
    await client.query(`create table maintenance_foreign (id int)`);
    await bulkInsert(`insert into maintenance_foreign select generate_series(1, 3000)`);
    // A login role that owns nothing here, as a server started by another user than the migrations'.
    const role = `yunhu_t_maint_${Math.random().toString(36).slice(2, 10)}`;
    await client.query(`create role ${role} login`);
    const stranger = new URL(url);
    stranger.username = role;
    const other = new pg.Client({ connectionString: stranger.toString() });
    try {
      await other.connect();
      const run = await runMaintenance(other, { always: true });
      if ('skipped' in run) throw new Error('skipped');
      expect(run.notOwned).toContain('maintenance_foreign');
      expect(run.vacuumed).not.toContain('maintenance_foreign');
      expect(await stat('maintenance_foreign')).toMatchObject({ analyzed: false, vacuumed: false });
    } finally {
      await other.end();
      await client.query(`drop role ${role}`);
    }
    // Its owner does it.
    const run = await runMaintenance(client, { always: true });
    expect(run).toMatchObject({ analyzed: expect.arrayContaining(['maintenance_foreign']) });
  });

  it('runs in one process at a time: another holder of its lock makes a run skip', async () => {
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      await other.query(`select pg_advisory_lock(hashtext('yunhu.db-maintenance'))`);
      expect(await runMaintenance(client, { always: true })).toEqual({ skipped: 'busy' });
    } finally {
      await other.end();
    }
    expect(await runMaintenance(client, { always: true })).not.toHaveProperty('skipped');
  });

  it('leaves the work to autovacuum where it is on', async () => {
    const [{ autovacuum }] = (await client.query<{ autovacuum: string }>(`show autovacuum`)).rows as [
      { autovacuum: string },
    ];
    const run = await runMaintenance(client);
    if (autovacuum === 'on') expect(run).toEqual({ skipped: 'autovacuum' });
    else expect(run).not.toHaveProperty('skipped');
  });
});
