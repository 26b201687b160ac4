import type { callRecordSortFields, ZCallRecordFilter } from '@yunhu/contract';
import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { scopeCondition, type TDataScope } from '../../db/scope.js';
import { deptSubtree, likeOf } from '../crm/crm.repository.js';
import { callHourlyStats as h, callRecords as r } from './call.schema.js';
import { censusWhere, hoursSource, splitByHour, type TStretch, withinStretch } from './call-census.repository.js';

export type TCallRecordFilter = z.output<typeof ZCallRecordFilter>;

/**
 * Which records 通话记录 shows (issue 6): the tenant's, inside the reader's data scope (a record
 * belongs to its caller and the department he had at the time: an agent sees his own calls, a
 * manager his department and below), within the required time range (or the stretch `at` of it),
 * then the optional filters. The list, its figures and its export share it, so they always agree.
 */
export const recordCondition = (tenantId: number, scope: TDataScope, f: TCallRecordFilter, at?: TStretch): SQL =>
  and(
    eq(r.tenantId, tenantId),
    scopeCondition(scope, { owner: r.userId, dept: r.deptId }),
    // The range keeps the query on (tenant_id, start_time) or (tenant_id, user_id, start_time).
    at ? withinStretch(r.startTime, at) : undefined,
    at ? undefined : gte(r.startTime, new Date(f.startRange[0])),
    at ? undefined : lte(r.startTime, new Date(f.startRange[1])),
    f.userIds?.length ? inArray(r.userId, f.userIds) : undefined,
    f.deptId ? sql`${r.deptId} in ${deptSubtree(tenantId, f.deptId)}` : undefined,
    f.lineId ? eq(r.lineId, f.lineId) : undefined,
    f.callStatus ? eq(r.callStatus, f.callStatus) : undefined,
    f.finishStatus ? eq(r.finishStatus, f.finishStatus) : undefined,
    // Any digits of the number: LIKE cannot use an index under row-level security (it is not
    // leakproof), so the match runs in call_record_ids_by_number (migration 0026, a trigram index
    // where pg_trgm exists) confined to the session's tenant and range; the ids come back here,
    // where the policy, the scope and the other filters still apply.
    f.telB
      ? sql`${r.id} = any(array(select call_record_ids_by_number(${likeOf(f.telB)},
          ${new Date(f.startRange[0])}::timestamptz, ${new Date(f.startRange[1])}::timestamptz)))`
      : undefined,
    f.durationMin !== undefined ? gte(r.duration, f.durationMin) : undefined,
    f.durationMax !== undefined ? lte(r.duration, f.durationMax) : undefined,
  )!;

/** The roll-up's count column of each call status. */
const statusCount: Record<number, AnyPgColumn> = {
  1: h.connectedNum,
  2: h.notAnsweredNum,
  3: h.busyNum,
  4: h.failedNum,
};

/** Whether only filters the roll-up keeps are set (agent, department, line; the call status when `status`). */
const rolledUp = (f: TCallRecordFilter, status: boolean) =>
  !f.finishStatus &&
  !f.telB &&
  f.durationMin === undefined &&
  f.durationMax === undefined &&
  (status || !f.callStatus) &&
  (!f.callStatus || statusCount[f.callStatus] !== undefined);

/**
 * The figures of the matching records from the hourly roll-up (docs/decisions/0007) when the filter
 * allows: the whole hours of the range from call_hourly_stats, the partial hours at its ends from
 * the records; the same numbers as counting the records, without reading millions of them. One
 * SELECT with a column per figure (one read of the roll-up for all of them).
 */
const rollupSelect = (
  tenantId: number,
  scope: TDataScope,
  f: TCallRecordFilter,
  columns: { name: string; hours: SQL; rows: SQL }[],
): SQL => {
  const { hours, edges } = splitByHour(f.startRange[0], f.startRange[1]);
  const each = (fn: (c: (typeof columns)[number]) => SQL) =>
    sql.join(
      columns.map((c) => sql`${fn(c)} as ${sql.raw(c.name)}`),
      sql`, `,
    );
  const parts: SQL[] = [];
  if (hours) {
    parts.push(
      sql`select ${each((c) => sql`sum(${c.hours})`)} from ${h} where ${censusWhere(hoursSource, tenantId, scope, f, hours)}`,
    );
  }
  for (const edge of edges) {
    parts.push(sql`select ${each((c) => c.rows)} from ${r} where ${recordCondition(tenantId, scope, f, edge)}`);
  }
  return sql`select ${each((c) => sql`coalesce(sum(${sql.raw(c.name)}), 0)::bigint`)}
    from (${sql.join(parts, sql` union all `)}) x`;
};

/**
 * How the list counts its total (call.repository.ts recordPage): from the roll-up with agent,
 * department, line and call status filters; beside the page for a number fragment (its matches are
 * few and costly to find, so they are found once); otherwise counted apart (null).
 */
export const recordTotalOf = (tenantId: number, scope: TDataScope, f: TCallRecordFilter): SQL | 'withPage' | null => {
  if (!rolledUp(f, true)) return f.telB ? 'withPage' : null;
  const count = f.callStatus ? statusCount[f.callStatus]! : h.callNum;
  return sql`(${rollupSelect(tenantId, scope, f, [{ name: 'n', hours: sql`${count}`, rows: sql`count(*)` }])})`;
};

/**
 * get-page-count's figures from the roll-up (agent, department and line filters): one SELECT of
 * total, connected, total_second and total_postage; null otherwise.
 */
export const recordSumsSql = (tenantId: number, scope: TDataScope, f: TCallRecordFilter): SQL | null =>
  rolledUp(f, false)
    ? rollupSelect(tenantId, scope, f, [
        { name: 'total', hours: sql`${h.callNum}`, rows: sql`count(*)` },
        { name: 'connected', hours: sql`${h.connectedNum}`, rows: sql`count(*) filter (where ${r.callStatus} = 1)` },
        { name: 'total_second', hours: sql`${h.totalSecond}`, rows: sql`sum(${r.duration})` },
        { name: 'total_postage', hours: sql`${h.totalPostage}`, rows: sql`sum(${r.postage})` },
      ])
    : null;

/** The list's order: the chosen column, then the newest id so pages never overlap. */
export const recordOrder = (field: (typeof callRecordSortFields)[number], order: 'ascend' | 'descend'): SQL[] => {
  const dir = order === 'ascend' ? asc : desc;
  return field === 'duration' ? [dir(r.duration), desc(r.startTime), desc(r.id)] : [dir(r.startTime), dir(r.id)];
};
