import { callDurationMarks, type callRecordSortFields, type ZCallRecordFilter } from '@yunhu/contract';
import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { scopeCondition, type TDataScope } from '../../db/scope.js';
import { deptSubtree, likeOf } from '../../db/sql.js';
import { callDailyStats as d, callHourlyStats as h, callRecords as r } from './call.schema.js';
import {
  censusWhere,
  dayMs,
  daysSource,
  hourMs,
  hoursSource,
  shanghaiDayOffset,
  splitStretch,
  type TStretch,
  withinStretch,
} from './call-census.repository.js';

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

/** The hourly roll-up's count column of each call status. */
const statusCount: Record<number, AnyPgColumn> = {
  1: h.connectedNum,
  2: h.notAnsweredNum,
  3: h.busyNum,
  4: h.failedNum,
};

const bandCount = callDurationMarks.length + 1;

/**
 * The talk-time bands [first, last] a duration filter covers when it lines up with the marks
 * (minimum 0 or a mark, maximum one less than a mark or open), else null.
 */
const durationBands = (f: Pick<TCallRecordFilter, 'durationMin' | 'durationMax'>): [number, number] | null => {
  const marks: readonly number[] = callDurationMarks;
  const min = f.durationMin ?? 0;
  const first = min === 0 ? 0 : marks.indexOf(min) + 1;
  const last = f.durationMax === undefined ? bandCount - 1 : marks.indexOf(f.durationMax + 1);
  return first === 0 && min !== 0 ? null : last < 0 ? null : [first, last];
};

/**
 * A daily figure: the group's plain column without a duration filter, else the sum of the band
 * column's elements `first..last` (SQL arrays count from 1).
 */
const daily = (plain: AnyPgColumn, banded: AnyPgColumn, f: TCallRecordFilter): SQL => {
  // A range off the marks never comes here: rollupSelect leaves it to the records.
  const bands = f.durationMin === undefined && f.durationMax === undefined ? null : durationBands(f);
  if (!bands) return sql`${plain}`;
  const [first, last] = bands;
  return first > last
    ? sql`0`
    : sql.join(
        Array.from({ length: last - first + 1 }, (_, k) => sql`${banded}[${sql.raw(String(first + k + 1))}]`),
        sql` + `,
      );
};

/** A figure of the matching records as each source gives it; `hours` null where the hourly roll-up cannot. */
type TFigure = { name: string; days: SQL; hours: SQL | null; rows: SQL };

/**
 * The figures of the matching records, exact for any range (docs/decisions/0007, 0008): the whole
 * Shanghai days of the range from call_daily_stats, then in the partial days the whole hours from
 * call_hourly_stats when every figure has an hourly column, and the rest from the records. One
 * SELECT with a column per figure. Null when the daily roll-up does not keep the filter (a number
 * fragment, a duration range off the marks).
 */
const rollupSelect = (tenantId: number, scope: TDataScope, f: TCallRecordFilter, figures: TFigure[]): SQL | null => {
  const bands = durationBands(f);
  if (f.telB || !bands) return null;
  const each = (fn: (x: TFigure) => SQL) =>
    sql.join(
      figures.map((x) => sql`${fn(x)} as ${sql.raw(x.name)}`),
      sql`, `,
    );
  const rows = (at: TStretch) =>
    sql`select ${each((x) => x.rows)} from ${r} where ${recordCondition(tenantId, scope, f, at)}`;
  const parts: SQL[] = [];
  const { whole: days, edges } = splitStretch(
    { from: f.startRange[0], to: f.startRange[1], toOpen: false },
    dayMs,
    shanghaiDayOffset,
  );
  if (days) {
    const where = and(
      censusWhere(daysSource, tenantId, scope, f, days),
      f.callStatus ? eq(d.callStatus, f.callStatus) : undefined,
      f.finishStatus ? eq(d.finishStatus, f.finishStatus) : undefined,
    );
    parts.push(sql`select ${each((x) => sql`sum(${x.days})`)} from ${d} where ${where}`);
  }
  const hourly = figures.every((x) => x.hours !== null);
  for (const edge of edges) {
    const { whole: hours, edges: pieces } = hourly ? splitStretch(edge, hourMs) : { whole: null, edges: [edge] };
    if (hours) {
      parts.push(sql`select ${each((x) => sql`sum(${x.hours})`)} from ${h}
        where ${censusWhere(hoursSource, tenantId, scope, f, hours)}`);
    }
    parts.push(...pieces.map(rows));
  }
  return sql`select ${each((x) => sql`coalesce(sum(${sql.raw(x.name)}), 0)::bigint`)}
    from (${sql.join(parts, sql` union all `)}) x`;
};

/** Whether the hourly roll-up keeps the filter: no finish status or duration; a call status with its own column when `status`. */
const hourlyKeeps = (f: TCallRecordFilter, status: boolean) =>
  !f.finishStatus &&
  f.durationMin === undefined &&
  f.durationMax === undefined &&
  (f.callStatus ? status && statusCount[f.callStatus] !== undefined : true);

/**
 * How the list counts its total (call.repository.ts recordPage): from the roll-ups
 * (rollupSelect); beside the page for a number fragment (its matches are few and costly to find, so
 * they are found once); otherwise counted apart (null).
 */
export const recordTotalOf = (tenantId: number, scope: TDataScope, f: TCallRecordFilter): SQL | 'withPage' | null => {
  const total = rollupSelect(tenantId, scope, f, [
    {
      name: 'n',
      days: daily(d.callNum, d.bandNum, f),
      hours: hourlyKeeps(f, true) ? sql`${f.callStatus ? statusCount[f.callStatus]! : h.callNum}` : null,
      rows: sql`count(*)`,
    },
  ]);
  return total ? sql`(${total})` : f.telB ? 'withPage' : null;
};

/** get-page-count's figures (total, connected, total_second, total_postage) from the roll-ups, or null. */
export const recordSumsSql = (tenantId: number, scope: TDataScope, f: TCallRecordFilter): SQL | null => {
  const hourly = hourlyKeeps(f, false);
  return rollupSelect(tenantId, scope, f, [
    {
      name: 'total',
      days: daily(d.callNum, d.bandNum, f),
      hours: hourly ? sql`${h.callNum}` : null,
      rows: sql`count(*)`,
    },
    {
      name: 'connected',
      days: sql`case when ${d.callStatus} = 1 then ${daily(d.callNum, d.bandNum, f)} else 0 end`,
      hours: hourly ? sql`${h.connectedNum}` : null,
      rows: sql`count(*) filter (where ${r.callStatus} = 1)`,
    },
    {
      name: 'total_second',
      days: daily(d.totalSecond, d.bandSecond, f),
      hours: hourly ? sql`${h.totalSecond}` : null,
      rows: sql`sum(${r.duration})`,
    },
    {
      name: 'total_postage',
      days: daily(d.totalPostage, d.bandPostage, f),
      hours: hourly ? sql`${h.totalPostage}` : null,
      rows: sql`sum(${r.postage})`,
    },
  ]);
};

/** The list's order: the chosen column, then the newest id so pages never overlap. */
export const recordOrder = (field: (typeof callRecordSortFields)[number], order: 'ascend' | 'descend'): SQL[] => {
  const dir = order === 'ascend' ? asc : desc;
  return field === 'duration' ? [dir(r.duration), desc(r.startTime), desc(r.id)] : [dir(r.startTime), dir(r.id)];
};
