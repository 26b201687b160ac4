import { and, count, eq, like, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { TDb } from './client.js';
import { pageOf } from './page.js';
import { departments, users } from './schema.js';
import { scopeCondition, type TDataScope } from './scope.js';
import { dateRange, likeOf, newestFirst } from './sql.js';

// Both refusal logs of dialling (the black-list's and the SIP edge's) are read the same way: who
// tried which number when, inside the reader's data scope. Here so the two areas share one query.

/** A log of dial attempts: the person who tried, his department then, the number and the time. */
export type TAttemptLog = PgTable & {
  id: AnyPgColumn;
  tenantId: AnyPgColumn;
  userId: AnyPgColumn;
  deptId: AnyPgColumn;
  number: AnyPgColumn;
  createdAt: AnyPgColumn;
};

export type TAttemptFilter = {
  number?: string;
  range?: [number | null, number | null];
  page: number;
  limit: number;
};

/**
 * One page of an attempt log within the data scope (the caller and his department), newest first:
 * `fields` of each row with the names of its person and of his department. `also` narrows further.
 */
export const attemptLogPage = async <TFields extends SelectedFields>(
  db: TDb,
  log: TAttemptLog,
  fields: TFields,
  q: { tenantId: number; scope: TDataScope; filter: TAttemptFilter; also?: SQL },
) => {
  const where = and(
    eq(log.tenantId, q.tenantId),
    scopeCondition(q.scope, { owner: log.userId, dept: log.deptId }),
    q.filter.number ? like(log.number, likeOf(q.filter.number)) : undefined,
    ...dateRange(log.createdAt, q.filter.range),
    q.also,
  );
  const page = await pageOf(
    db.select({ n: count() }).from(log).where(where),
    db
      .select({ ...fields, userName: users.realName, deptName: departments.name })
      .from(log)
      .leftJoin(users, eq(users.id, log.userId))
      .leftJoin(departments, eq(departments.id, log.deptId))
      .where(where)
      .orderBy(...newestFirst(log))
      .$dynamic(),
    q.filter,
  );
  return { rows: page.records, total: page.total };
};
