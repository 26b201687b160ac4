import { sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../../db/client.js';
import { offsetOf } from '../../db/sql.js';
import { expiredRunMessages } from '../../jobs/index.js';

export type TJobFilter = { name?: string; state?: string };

export type TJobRunRow = {
  id: string;
  name: string;
  state: string;
  attempts: number;
  maxAttempts: number;
  error: string | null;
  createdAt: Date;
  runAfter: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
};

const whereOf = (f: TJobFilter) => {
  const conds = [sql`true`];
  if (f.name) conds.push(sql`name = ${f.name}`);
  if (f.state) conds.push(sql`state = ${f.state}::pgboss.job_state`);
  return sql.join(conds, sql` and `);
};

/**
 * The runs the job queue (pg-boss, jobs/) keeps in its own table, `pgboss.job`: read here as they
 * are, across tenants (only the platform operator's service calls this). A failed run's `output` is
 * its error (`message`), or, for a run the queue's supervisor expired, pg-boss's own words under
 * `value`; pg-boss deletes finished runs after the queue's keep time.
 */
export const platformJobsRepository = {
  page: async (db: TDb, f: TJobFilter, page: number, limit: number) => {
    const where = whereOf(f);
    const [total] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from pgboss.job where ${where}`),
    );
    const records = rowsOf<TJobRunRow>(
      await db.execute(sql`select id::text, name, state::text,
          case when started_on is null then 0 else retry_count + 1 end as attempts,
          retry_limit + 1 as "maxAttempts",
          case when state <> 'completed' then coalesce(output->>'message', output->'value'->>'message') end as error,
          created_on as "createdAt", start_after as "runAfter", started_on as "startedAt",
          completed_on as "finishedAt"
        from pgboss.job where ${where}
        order by created_on desc, id
        limit ${limit} offset ${offsetOf({ page, limit })}`),
    );
    return { records, total: total?.n ?? 0 };
  },

  /**
   * Runs per job and state, those not finished and the failed ones the table keeps (the operator's
   * metrics: queue depth and failures); none before the queue made its tables.
   */
  stateCounts: async (db: TDb): Promise<{ job: string; state: string; n: number }[]> => {
    const [exists] = rowsOf<{ t: string | null }>(await db.execute(sql`select to_regclass('pgboss.job')::text as t`));
    if (!exists?.t) return [];
    const rows = rowsOf<{ job: string; state: string; n: number }>(
      await db.execute(sql`select name as job, state::text as state, count(*)::int as n from pgboss.job
        where state in ('created', 'retry', 'active', 'failed') group by name, state`),
    );
    return rows.map((r) => ({ job: r.job, state: r.state, n: Number(r.n) }));
  },

  /**
   * Per job: the runs due and not taken (created or retry, their time come), how long the oldest of
   * them has waited, in seconds, and the runs kept whose last try outlived its lease (pg-boss's
   * expiry output: their server killed or stalled), waiting for their retry or left failed. Every
   * queue has its row (0 when none waits). From the database's clock; none before the queue made its tables.
   */
  queueHealth: async (db: TDb): Promise<TQueueHealth[]> => {
    const [exists] = rowsOf<{ t: string | null }>(await db.execute(sql`select to_regclass('pgboss.job')::text as t`));
    if (!exists?.t) return [];
    const expired = sql.join(
      expiredRunMessages.map((m) => sql`${m}`),
      sql`, `,
    );
    const rows = rowsOf<TQueueHealth>(
      await db.execute(sql`select q.name as job,
          count(*) filter (where j.state in ('created', 'retry') and j.start_after <= now())::int as waiting,
          coalesce(extract(epoch from now() - min(j.start_after)
            filter (where j.state in ('created', 'retry') and j.start_after <= now())), 0)::float8 as "oldestSeconds",
          count(*) filter (where j.state in ('retry', 'failed') and j.output->'value'->>'message' in (${expired}))::int
            as expired
        from pgboss.queue q
        left join pgboss.job j on j.name = q.name and j.state in ('created', 'retry', 'failed')
        group by q.name`),
    );
    return rows.map((r) => ({
      job: r.job,
      waiting: Number(r.waiting),
      oldestSeconds: Number(r.oldestSeconds),
      expired: Number(r.expired),
    }));
  },
};

export type TQueueHealth = { job: string; waiting: number; oldestSeconds: number; expired: number };
