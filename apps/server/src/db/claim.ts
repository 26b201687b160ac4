import { eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { TDb } from './client.js';

/** A table of work a job takes row by row: each row waiting, `running`, or ended. */
export type TWorkTable = PgTable & {
  id: AnyPgColumn;
  state: AnyPgColumn;
  attempts: AnyPgColumn;
  updatedAt: AnyPgColumn;
};

/**
 * Takes the next row due, whatever the enterprise (the job's own connection): one in the `waiting`
 * state, or one `running` that has shown no progress (`updated_at`) for `abandonedAfterSeconds`
 * (its server died). The row turns `running` with one more attempt and comes back as `columns`
 * picks it. SKIP LOCKED: two servers never take the same row. `skip`: rows this job run failed,
 * left for the queue's retry of it.
 */
export const claimNextDue = async <T extends TWorkTable, S extends Record<string, AnyPgColumn | SQL>>(
  db: TDb,
  table: T,
  due: { waiting: string; abandonedAfterSeconds: number; skip: readonly number[] },
  columns: S,
): Promise<SelectResultFields<S> | null> => {
  const next = sql`(select ${table.id} from ${table}
    where ${table.state} in (${due.waiting}, 'running')
      and (${table.state} = ${due.waiting}
        or ${table.updatedAt} < now() - make_interval(secs => ${due.abandonedAfterSeconds}))
      and not (${table.id} = any(${`{${due.skip.join(',')}}`}::bigint[]))
    order by ${table.id}
    limit 1
    for update skip locked)`;
  const rows = (await db
    .update(table as PgTable)
    .set({ state: 'running', attempts: sql`${table.attempts} + 1`, updatedAt: sql`now()` } as never)
    .where(eq(table.id, next))
    .returning(columns)) as SelectResultFields<S>[];
  return rows[0] ?? null;
};
