import { callDurationMarks, type callRecordSortFields, type ZCallRecordFilter } from '@yunhu/contract';
import { and, asc, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { callDailyStats as d, callHourlyStats as h, callRecords as r } from '../../db/schema.js';
import type { TDataScope } from '../../db/scope.js';
import { likeOf } from '../../db/sql.js';
import {
  censusWhere,
  dayMs,
  daysSource,
  filterWhere,
  hourMs,
  hoursSource,
  recordsSource,
  shanghaiDayOffset,
  splitStretch,
  type TStretch,
  withinStretch,
} from './call-census.repository.js';
import { isNotRolledUpCall, rolledUpCallType } from './call-types.repository.js';

// The statements' pieces of 通话记录 (call-record.repository.ts): which records a reader sees,
// and the totals and sums the hourly and daily roll-ups answer instead of the rows.

export type TCallRecordFilter = z.output<typeof ZCallRecordFilter>;
export type TCallRecordSort = { field: (typeof callRecordSortFields)[number]; order: 'ascend' | 'descend' };
/** The records of a reader: his tenant, his data scope and the page's filter. */
export type TRecordsOf = { tenantId: number; scope: TDataScope; filter: TCallRecordFilter };

/**
 * Which records 通话记录 shows: the tenant's, inside the reader's data scope (a record
 * belongs to its caller and the department he had at the time: an agent sees his own calls, a
 * manager his department and below), within the required time range (or the stretch `at` of it),
 * then the optional filters. The list, its figures and its export share it, so they always agree.
 */
export const recordCondition = (tenantId: number, scope: TDataScope, f: TCallRecordFilter, at?: TStretch): SQL =>
  and(
    // Tenant, scope, people, department and line: the same condition as 话务统计's.
    filterWhere(recordsSource, tenantId, scope, f),
    // The range keeps the query on (tenant_id, start_time) or (tenant_id, user_id, start_time).
    at ? withinStretch(r.startTime, at) : undefined,
    at ? undefined : gte(r.startTime, new Date(f.startRange[0])),
    at ? undefined : lte(r.startTime, new Date(f.startRange[1])),
    f.callStatus ? eq(r.callStatus, f.callStatus) : undefined,
    f.finishStatus ? eq(r.finishStatus, f.finishStatus) : undefined,
    f.callType ? eq(r.callType, f.callType) : undefined,
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

const outboundType = rolledUpCallType;

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
  // A range off the marks never comes here: rollupSelect splits it first (splitDuration).
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

/**
 * A figure of the matching records as each source gives it: `days` for the filter the daily roll-up
 * is read with (its talk-time bands), `hours` null where the hourly roll-up cannot.
 */
type TFigure = { name: string; days: (f: TCallRecordFilter) => SQL; hours: SQL | null; rows: SQL };

/**
 * A talk-time range off the marks (e.g. 45-100 s), split into the whole bands inside it,
 * which the daily roll-up keeps (`bands`, a range on the marks; null when no whole band lies
 * inside), and the one or two pieces at its ends, read from the records (`pieces`, [min, max], max
 * null = open). A piece never holds 0 s: 0 and 1 are marks.
 */
export const splitDuration = (
  f: Pick<TCallRecordFilter, 'durationMin' | 'durationMax'>,
): { bands: { durationMin: number; durationMax: number | undefined } | null; pieces: [number, number | null][] } => {
  const marks: readonly number[] = callDurationMarks;
  const min = f.durationMin ?? 0;
  const max = f.durationMax;
  // The first band that starts at or above min; the last that ends at or below max (-1: none).
  const lo = min === 0 || marks.includes(min) ? min : marks.find((m) => m > min);
  const endMark = max === undefined ? undefined : marks.findLast((m) => m <= max + 1);
  const hi = max === undefined ? undefined : endMark === undefined ? -1 : endMark - 1;
  if (lo === undefined || (hi !== undefined && lo > hi)) return { bands: null, pieces: [[min, max ?? null]] };
  const pieces: [number, number][] = [];
  if (min < lo) pieces.push([min, lo - 1]);
  if (max !== undefined && hi !== undefined && max > hi) pieces.push([hi + 1, max]);
  return { bands: { durationMin: lo, durationMax: hi }, pieces };
};

/** Widest piece counted one talk time at a time (below): wider ones (long calls, few) read the range. */
const pieceStepsMax = 1000;

/**
 * The figures of the records whose talk time lies in one piece [min, max] of a range off the marks,
 * over the whole time range. One talk time at a time (a loose index scan): each second's records of
 * the range are one stretch of call_records_tenant_duration_time_idx (migration 0033), so a month
 * reads only that month's records of the piece, however long the history.
 */
const pieceSelect = (
  tenantId: number,
  scope: TDataScope,
  f: TCallRecordFilter,
  figures: TFigure[],
  piece: [number, number | null],
): SQL => {
  const [min, max] = piece;
  const each = sql.join(
    figures.map((x) => sql`${x.rows} as ${sql.raw(x.name)}`),
    sql`, `,
  );
  // "duration > 0" as the index's own predicate says it, so the planner may use it.
  const connected = sql`${r.duration} > 0`;
  if (max === null || max - min >= pieceStepsMax) {
    const where = recordCondition(tenantId, scope, { ...f, durationMin: min, durationMax: max ?? undefined });
    return sql`select ${each} from ${r} where ${where} and ${connected}`;
  }
  const where = recordCondition(tenantId, scope, { ...f, durationMin: undefined, durationMax: undefined });
  return sql`select x.* from generate_series(${min}::int, ${max}::int) s(d)
    cross join lateral (select ${each} from ${r} where ${where} and ${connected} and ${r.duration} = s.d) x`;
};

/**
 * The figures of the matching records, exact for any range (docs/decisions/0007, 0008): the whole
 * Shanghai days of the range from call_daily_stats, then in the partial days the whole hours from
 * call_hourly_stats when every figure has an hourly column, and the rest from the records. One
 * SELECT with a column per figure. A talk-time range off the marks takes its whole bands so and its
 * ends from the records (pieceSelect). Null when the roll-ups do not keep the filter (a number fragment).
 */
const rollupSelect = (tenantId: number, scope: TDataScope, g: TCallRecordFilter, figures: TFigure[]): SQL | null => {
  // The roll-ups keep outbound calls only (migration 0040): inbound or internal ones alone are
  // counted from the records (few, on their own index).
  if (g.telB || (g.callType && g.callType !== outboundType)) return null;
  const f: TCallRecordFilter = { ...g, callType: outboundType };
  const split = durationBands(f) ? { bands: f, pieces: [] } : splitDuration(f);
  const parts: SQL[] = [
    ...(split.bands ? bandParts(tenantId, scope, { ...f, ...split.bands }, figures) : []),
    ...split.pieces.map((piece) => pieceSelect(tenantId, scope, f, figures, piece)),
  ];
  // Every type: the calls that are not outbound, over the whole range, from the records.
  if (!g.callType) {
    parts.push(
      sql`select ${sql.join(
        figures.map((x) => sql`${x.rows} as ${sql.raw(x.name)}`),
        sql`, `,
      )} from ${r} where ${recordCondition(tenantId, scope, g)} and ${isNotRolledUpCall}`,
    );
  }
  return sql`select ${sql.join(
    figures.map((x) => sql`coalesce(sum(${sql.raw(x.name)}), 0)::bigint as ${sql.raw(x.name)}`),
    sql`, `,
  )}
    from (${sql.join(parts, sql` union all `)}) x`;
};

/** rollupSelect's parts for a filter the roll-ups keep (a talk-time range on the marks, or none). */
const bandParts = (tenantId: number, scope: TDataScope, f: TCallRecordFilter, figures: TFigure[]): SQL[] => {
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
    parts.push(sql`select ${each((x) => sql`sum(${x.days(f)})`)} from ${d} where ${where}`);
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
  return parts;
};

/** Whether the hourly roll-up keeps the filter: no finish status or duration; a call status with its own column when `status`. */
const hourlyKeeps = (f: TCallRecordFilter, status: boolean) =>
  !f.finishStatus &&
  f.durationMin === undefined &&
  f.durationMax === undefined &&
  (f.callStatus ? status && statusCount[f.callStatus] !== undefined : true);

/**
 * How the list counts its total (pageOf below): from the roll-ups
 * (rollupSelect); beside the page for a number fragment (its matches are few and costly to find, so
 * they are found once); otherwise counted apart (null).
 */
export const recordTotalOf = (tenantId: number, scope: TDataScope, f: TCallRecordFilter): SQL | 'withPage' | null => {
  const total = rollupSelect(tenantId, scope, f, [
    {
      name: 'n',
      days: (g) => daily(d.callNum, d.bandNum, g),
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
      days: (g) => daily(d.callNum, d.bandNum, g),
      hours: hourly ? sql`${h.callNum}` : null,
      rows: sql`count(*)`,
    },
    {
      name: 'connected',
      days: (g) => sql`case when ${d.callStatus} = 1 then ${daily(d.callNum, d.bandNum, g)} else 0 end`,
      hours: hourly ? sql`${h.connectedNum}` : null,
      rows: sql`count(*) filter (where ${r.callStatus} = 1)`,
    },
    {
      name: 'total_second',
      days: (g) => daily(d.totalSecond, d.bandSecond, g),
      hours: hourly ? sql`${h.totalSecond}` : null,
      rows: sql`sum(${r.duration})`,
    },
    {
      name: 'total_postage',
      days: (g) => daily(d.totalPostage, d.bandPostage, g),
      hours: hourly ? sql`${h.totalPostage}` : null,
      rows: sql`sum(${r.postage})`,
    },
  ]);
};

/** The list's order: the chosen column, then the newest id so pages never overlap. */
export const recordOrder = ({ field, order }: TCallRecordSort): SQL[] => {
  const dir = order === 'ascend' ? asc : desc;
  return field === 'duration' ? [dir(r.duration), desc(r.startTime), desc(r.id)] : [dir(r.startTime), dir(r.id)];
};
