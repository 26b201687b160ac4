import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { TJobDef } from '../jobs/index.js';
import type { TDatabase } from './client.js';

/**
 * Planner statistics and the visibility map kept fresh where autovacuum is off. The
 * lists' counts are index-only scans that skip the heap only on pages VACUUM marked all-visible,
 * and every plan relies on ANALYZE's row estimates: without either they are 8-12x slower. On a
 * PostgreSQL server with `autovacuum = off` (the machines here, some users' too) this job does
 * autovacuum's work for our tables with autovacuum's own formula and the server's own settings
 * (autovacuum_*_threshold and _scale_factor):
 *   VACUUM  when dead rows      > vacuum_threshold        + vacuum_scale_factor        x rows
 *           or rows inserted    > vacuum_insert_threshold + vacuum_insert_scale_factor x rows
 *   ANALYZE when rows changed   > analyze_threshold       + analyze_scale_factor       x rows
 * counted in pg_stat_user_tables since the table's last vacuum or analyze. With autovacuum on it
 * does nothing. On PGlite (embedded, one session, small data) it does not run at all.
 *
 * It works on a connection of its own, outside the pool: VACUUM cannot run inside a transaction,
 * and a large table's may outlast the pool's statement timeout. One process at a time does it
 * (a session advisory lock, released with the connection). VACUUM and ANALYZE need the table's
 * owner: the server's user is that where it ran the migrations (db/client.ts); tables it does not
 * own are not touched, and a warning names them and the operator's command
 * (scripts/db-maintenance.sh, README "Production notes").
 */

export type TMaintenanceLogger = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

/** What one table needs and whether this server may do it. */
export type TTableDue = {
  /** Its name; schema-qualified outside `public` (the job queue's, `pgboss.…`). */
  table: string;
  /** Its name quoted for a statement. */
  qualified: string;
  isVacuumDue: boolean;
  isAnalyzeDue: boolean;
  isOwned: boolean;
};

/** What one run did. */
export type TMaintenanceRun =
  | { skipped: 'autovacuum' | 'busy' }
  | { vacuumed: string[]; analyzed: string[]; notOwned: string[] };

/** The lock that keeps the job to one process at a time (any server sharing the database). */
const lockKey = 'yunhu.db-maintenance';

/**
 * Our tables and the job queue's (`pgboss`: its job table takes an insert, an update and a delete
 * every few seconds) with what each needs, by autovacuum's formula (reltuples -1, never analyzed, counts
 * as 0 rows: any change is due). A setting of -1 (insert-triggered vacuum off) leaves that test out.
 */
const dueSql = `
  with s as (
    select current_setting('autovacuum_vacuum_threshold')::float8 as vt,
      current_setting('autovacuum_vacuum_scale_factor')::float8 as vs,
      nullif(current_setting('autovacuum_vacuum_insert_threshold'), '-1')::float8 as it,
      current_setting('autovacuum_vacuum_insert_scale_factor')::float8 as "is",
      current_setting('autovacuum_analyze_threshold')::float8 as at,
      current_setting('autovacuum_analyze_scale_factor')::float8 as "as",
      (select rolsuper from pg_roles where rolname = current_user)
        or pg_has_role(current_user, (select datdba from pg_database where datname = current_database()), 'USAGE')
        as is_admin
  )
  select case when t.schemaname = 'public' then t.relname else t.schemaname || '.' || t.relname end as table,
    format('%I.%I', t.schemaname, t.relname) as qualified,
    t.n_dead_tup > s.vt + s.vs * greatest(c.reltuples, 0)
      or coalesce(t.n_ins_since_vacuum > s.it + s."is" * greatest(c.reltuples, 0), false) as "isVacuumDue",
    t.n_mod_since_analyze > s.at + s."as" * greatest(c.reltuples, 0) as "isAnalyzeDue",
    s.is_admin or pg_has_role(current_user, c.relowner, 'USAGE') as "isOwned"
  from pg_stat_user_tables t join pg_class c on c.oid = t.relid, s
  where t.schemaname in ('public', 'pgboss')
  order by t.schemaname <> 'public', t.relname`;

/** The tables due now (also for the operator's view of them; runs on any connection). */
export const tablesDue = async (client: pg.ClientBase): Promise<TTableDue[]> =>
  (await client.query<TTableDue>(dueSql)).rows.filter((r) => r.isVacuumDue || r.isAnalyzeDue);

/**
 * One run on `client` (a plain connection, not in a transaction): nothing while autovacuum is on
 * (unless `always`) or another process holds the job's lock; else VACUUM (ANALYZE) or ANALYZE of
 * each owned table that is due, one at a time.
 */
export const runMaintenance = async (
  client: pg.ClientBase,
  opts: { always?: boolean; onTable?: (pid: number) => void } = {},
): Promise<TMaintenanceRun> => {
  const [settings] = (
    await client.query<{ autovacuum: string; pid: number }>(
      `select current_setting('autovacuum') as autovacuum, pg_backend_pid() as pid`,
    )
  ).rows;
  if (settings?.autovacuum === 'on' && !opts.always) return { skipped: 'autovacuum' };
  const [lock] = (await client.query<{ ok: boolean }>(`select pg_try_advisory_lock(hashtext($1)) as ok`, [lockKey]))
    .rows;
  if (!lock?.ok) return { skipped: 'busy' };
  try {
    const due = await tablesDue(client);
    const vacuumed: string[] = [];
    const analyzed: string[] = [];
    for (const t of due.filter((x) => x.isOwned)) {
      opts.onTable?.(settings!.pid);
      if (t.isVacuumDue) {
        await client.query(`vacuum ${t.isAnalyzeDue ? '(analyze) ' : ''}${t.qualified}`);
        vacuumed.push(t.table);
      } else {
        await client.query(`analyze ${t.qualified}`);
      }
      if (t.isAnalyzeDue) analyzed.push(t.table);
    }
    return { vacuumed, analyzed, notOwned: due.filter((x) => !x.isOwned).map((x) => x.table) };
  } finally {
    await client.query(`select pg_advisory_unlock(hashtext($1))`, [lockKey]);
  }
};

/**
 * The job of the server's queue on PostgreSQL: a run shortly after start, then every `minutes` (the
 * caller defines it only for a PostgreSQL server and minutes above 0). The queue stopping cancels a
 * VACUUM in progress (it is safe to interrupt); a run may last an hour before it counts as lost.
 */
export const maintenanceJob = (opts: { databaseUrl: string; minutes: number; logger: TMaintenanceLogger }): TJobDef => {
  const { databaseUrl, minutes, logger } = opts;
  const warned = new Set<string>();
  const run = async (signal: AbortSignal) => {
    const client = new pg.Client({ connectionString: databaseUrl, application_name: 'yunhu db maintenance' });
    client.on('error', () => undefined);
    await client.connect();
    let busyPid: number | null = null;
    const cancel = () => {
      if (busyPid !== null) void cancelBackend(databaseUrl, busyPid);
    };
    signal.addEventListener('abort', cancel, { once: true });
    try {
      await client.query(`set statement_timeout = 0`);
      const result = await runMaintenance(client, {
        onTable: (pid) => {
          busyPid = pid;
          if (signal.aborted) cancel();
        },
      });
      if ('skipped' in result) return;
      if (result.vacuumed.length || result.analyzed.length) {
        logger.info(
          { vacuumed: result.vacuumed, analyzed: result.analyzed },
          'db maintenance: tables vacuumed / analyzed',
        );
      }
      const fresh = result.notOwned.filter((t) => !warned.has(t));
      if (fresh.length) {
        for (const t of fresh) warned.add(t);
        logger.warn(
          { tables: fresh },
          'db maintenance: autovacuum is off and these tables need VACUUM/ANALYZE, but the server user does not own them; run scripts/db-maintenance.sh as their owner (README, Production notes)',
        );
      }
    } finally {
      signal.removeEventListener('abort', cancel);
      await client.end().catch(() => undefined);
    }
  };
  return {
    name: 'db.maintenance',
    everySeconds: minutes * 60,
    atStart: () => ({}),
    expireSeconds: 3600,
    run: (_data, { signal }) => run(signal),
  };
};

/** Cancels the statement of backend `pid` from a connection of its own. */
const cancelBackend = async (databaseUrl: string, pid: number) => {
  const cancel = new pg.Client({ connectionString: databaseUrl });
  cancel.on('error', () => undefined);
  await cancel
    .connect()
    .then(() => cancel.query('select pg_cancel_backend($1)', [pid]))
    .catch(() => undefined)
    .finally(() => cancel.end().catch(() => undefined));
};

/**
 * PGlite runs no autovacuum (one embedded session), and the job queue's tables change every few
 * seconds: a job of the queue vacuums them hourly (~15 ms; the space of old row versions is reused
 * instead of the files growing). The server's own tables change little there.
 */
export const queueVacuumJob = (database: TDatabase): TJobDef => ({
  name: 'db.queue-vacuum',
  everySeconds: 3600,
  run: () => database.db.execute(sql`vacuum (analyze) pgboss.job, pgboss.queue`),
});
