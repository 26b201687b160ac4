import { type agentSortFields, beijingOffsetMs, type TCallFigures } from '@yunhu/contract';
import { and, eq, gte, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { rowsOf, type TDatabase, type TDb } from '../../db/client.js';
import { callBinds as b, callDailyStats as d, callHourlyStats as h, callRecords as r } from '../../db/schema.js';
import { scopeCondition, type TDataScope } from '../../db/scope.js';
import { deptSubtree, offsetOf } from '../../db/sql.js';
import { withTenant } from '../../db/tenant.js';
import { batchedRows } from '../../http/xlsx-stream.js';
import { isNotRolledUpCall, isRolledUpCall } from './call-types.repository.js';

export type TCensusFilter = {
  startRange: [number, number];
  userIds?: number[];
  deptId?: number;
  lineId?: number;
};

export const hourMs = 3_600_000;
export const dayMs = 24 * hourMs;
/** Shanghai midnight is 16:00 UTC (UTC+8 all year): its days start 8 hours before a UTC midnight. */
export const shanghaiDayOffset = -beijingOffsetMs;
/** A stretch of time in epoch ms; `toOpen` leaves its end out (an hour boundary). */
export type TStretch = { from: number; to: number; toOpen: boolean };

/**
 * A stretch cut into the whole units inside it (`unit` ms long, starting at `offset` past the
 * epoch) and the partial pieces at its ends.
 */
export const splitStretch = (x: TStretch, unit: number, offset = 0): { whole: TStretch | null; edges: TStretch[] } => {
  const end = x.toOpen ? x.to : x.to + 1;
  const u0 = Math.ceil((x.from - offset) / unit) * unit + offset;
  const u1 = Math.floor((end - offset) / unit) * unit + offset;
  if (u0 >= u1) return { whole: null, edges: [x] };
  const edges: TStretch[] = [];
  if (x.from < u0) edges.push({ from: x.from, to: u0, toOpen: true });
  if (u1 < end) edges.push({ from: u1, to: x.to, toOpen: x.toOpen });
  return { whole: { from: u0, to: u1, toOpen: true }, edges };
};

/** The columns a statistic reads from one table: call_records by start time, call_binds by creation, the roll-ups by hour or day. */
export type TSource = {
  tenantId: AnyPgColumn;
  userId: AnyPgColumn;
  deptId: AnyPgColumn;
  lineId: AnyPgColumn;
  at: AnyPgColumn;
};
export const recordsSource: TSource = {
  tenantId: r.tenantId,
  userId: r.userId,
  deptId: r.deptId,
  lineId: r.lineId,
  at: r.startTime,
};
const bindsSource: TSource = {
  tenantId: b.tenantId,
  userId: b.userId,
  deptId: b.deptId,
  lineId: b.lineId,
  at: b.createdAt,
};
/** The daily roll-up (call_daily_stats) by its day. */
export const daysSource: TSource = {
  tenantId: d.tenantId,
  userId: d.userId,
  deptId: d.deptId,
  lineId: d.lineId,
  at: d.day,
};
export const hoursSource: TSource = {
  tenantId: h.tenantId,
  userId: h.userId,
  deptId: h.deptId,
  lineId: h.lineId,
  at: h.hour,
};

/** start/hour within the stretch. */
export const withinStretch = (at: AnyPgColumn, x: TStretch): SQL =>
  and(gte(at, new Date(x.from)), x.toOpen ? lt(at, new Date(x.to)) : lte(at, new Date(x.to)))!;

/**
 * Which rows count: the tenant's, inside the reader's data scope like 通话记录
 * (call-record.repository.ts: the caller and the department he had at the time), within the stretch.
 * The roll-up keeps the same person and department columns, so the scope means the same there.
 */
export const censusWhere = (s: TSource, tenantId: number, scope: TDataScope, f: TCensusFilter, at: TStretch): SQL =>
  and(filterWhere(s, tenantId, scope, f), withinStretch(s.at, at))!;

/**
 * The tenant, the reader's scope and the people, department (and below) and line filters on any
 * source: 话务统计 and 通话记录 (call-record.repository.ts) share it, so they always agree.
 */
export const filterWhere = (
  s: TSource,
  tenantId: number,
  scope: TDataScope,
  f: Pick<TCensusFilter, 'userIds' | 'deptId' | 'lineId'>,
): SQL =>
  and(
    eq(s.tenantId, tenantId),
    scopeCondition(scope, { owner: s.userId, dept: s.deptId }),
    f.userIds?.length ? inArray(s.userId, f.userIds) : undefined,
    f.deptId ? sql`${s.deptId} in ${deptSubtree(tenantId, f.deptId)}` : undefined,
    f.lineId ? eq(s.lineId, f.lineId) : undefined,
  )!;

/** The groups a statistic is cut by. */
export type TGroupKey = 'day' | 'hour' | 'user' | 'line' | 'dept';
const isTimeKey = (key: TGroupKey): key is 'day' | 'hour' => key === 'day' || key === 'hour';
/**
 * What a part of the figures carries for a key: the columns themselves, or for day and hour the
 * start of the UTC hour (k_at), turned into the Shanghai day or hour only after the hours are
 * summed (one conversion per hour group instead of one per row).
 */
const partKeyOf = (s: TSource, key: Exclude<TGroupKey, 'day' | 'hour'>): SQL => {
  switch (key) {
    case 'user':
      return sql`${s.userId}`;
    case 'line':
      return sql`${s.lineId}`;
    case 'dept':
      return sql`${s.deptId}`;
  }
};
const shanghaiOf = sql.raw(`(k_at at time zone 'Asia/Shanghai')`);
const groupKeyOf = (key: TGroupKey): SQL =>
  key === 'day'
    ? sql`to_char(${shanghaiOf}, 'YYYY-MM-DD')`
    : key === 'hour'
      ? sql`extract(hour from ${shanghaiOf})::int`
      : sql.raw(`k_${key}`);
const keyName = (key: TGroupKey) => sql.raw(`k_${key}`);

type TRawFigures = Record<string, unknown>;
/** Derived figures from the summed columns, rounded the way the contract says. */
export const figuresOf = (x: {
  bindNum: number;
  callNum: number;
  connectedNum: number;
  totalSecond: number;
  totalMinute: number;
}): TCallFigures => ({
  ...x,
  notConnected: x.callNum - x.connectedNum,
  connectionRate: x.callNum ? Math.round((x.connectedNum * 10_000) / x.callNum) / 100 : 0,
  averageCallSecond: x.connectedNum ? Math.round(x.totalSecond / x.connectedNum) : 0,
});
const fromRaw = (x: TRawFigures) =>
  figuresOf({
    bindNum: Number(x.bind_num ?? 0),
    callNum: Number(x.call_num ?? 0),
    connectedNum: Number(x.connected_num ?? 0),
    totalSecond: Number(x.total_second ?? 0),
    totalMinute: Number(x.total_minute ?? 0),
  });

const sortColumn: Record<(typeof agentSortFields)[number], string> = {
  callNum: 'call_num',
  totalSecond: 'total_second',
  bindNum: 'bind_num',
  connectionRate: 'connection_rate',
};

/**
 * 话务统计 and the home count the calls 通话记录 lists, every type (call-types.repository.ts): the outbound ones
 * from the roll-ups and the records at the ends, the others from the records over the whole range. A
 * line's figures are its calls: an internal call has no line and is left out of the lines' rows.
 *
 * The figure rows of a range, each with its group keys (none: one row per part): the daily
 * roll-up's rows for the whole Shanghai days (except by hour), the hourly roll-up's for the whole
 * hours left, the calls and dial requests themselves for the partial hours at the ends
 * (docs/decisions/0007, 0008). Columns: k_<key>…, call_num, connected_num, total_second,
 * total_minute, bind_num.
 */
const partsSql = (q: { tenantId: number; scope: TDataScope; filter: TCensusFilter; keys: TGroupKey[] }) => {
  const range: TStretch = { from: q.filter.startRange[0], to: q.filter.startRange[1], toOpen: false };
  const { whole: days, edges: rest } = q.keys.includes('hour')
    ? { whole: null, edges: [range] }
    : splitStretch(range, dayMs, shanghaiDayOffset);
  // Alone, a day or hour key is summed per UTC hour first (few groups); beside an agent the hours
  // would barely shrink, so each row takes its Shanghai day at once: the day-long bin from a
  // Shanghai midnight (arithmetic, no time-zone look-up per row; Shanghai is +08:00 all year, the
  // same fact the hourly rows rest on). The daily rows start at a Shanghai midnight already.
  const hourOf = (s: TSource) =>
    s === daysSource
      ? sql`${s.at}`
      : q.keys.includes('day') && q.keys.length > 1
        ? sql`date_bin('1 day', ${s.at}, timestamptz '2000-01-01 00:00:00+08')`
        : s === hoursSource
          ? sql`${s.at}`
          : sql`date_trunc('hour', ${s.at}, 'UTC')`;
  const keys = (s: TSource) =>
    sql.join(
      [
        ...q.keys.flatMap((k) => (isTimeKey(k) ? [] : [sql`${partKeyOf(s, k)} as ${keyName(k)}`])),
        ...(q.keys.some(isTimeKey) ? [sql`${hourOf(s)} as k_at`] : []),
        sql``,
      ],
      sql`, `,
    );
  const parts: SQL[] = [];
  if (days) {
    parts.push(sql`select ${keys(daysSource)} ${d.callNum} as call_num,
      case when ${d.callStatus} = 1 then ${d.callNum} else 0 end as connected_num, ${d.totalSecond} as total_second,
      ${d.totalMinute} as total_minute, ${d.bindNum} as bind_num
      from ${d} where ${censusWhere(daysSource, q.tenantId, q.scope, q.filter, days)}`);
  }
  for (const stretch of rest) {
    const { whole: hours, edges } = splitStretch(stretch, hourMs);
    if (hours) {
      parts.push(sql`select ${keys(hoursSource)} ${h.callNum} as call_num, ${h.connectedNum} as connected_num,
        ${h.totalSecond} as total_second, ${h.totalMinute} as total_minute, ${h.bindNum} as bind_num
        from ${h} where ${censusWhere(hoursSource, q.tenantId, q.scope, q.filter, hours)}`);
    }
    for (const edge of edges) {
      parts.push(sql`select ${keys(recordsSource)} 1 as call_num, (${r.callStatus} = 1)::int as connected_num,
        ${r.duration} as total_second, (${r.duration} + 59) / 60 as total_minute, 0 as bind_num
        from ${r} where ${censusWhere(recordsSource, q.tenantId, q.scope, q.filter, edge)}
          and ${isRolledUpCall}`);
      parts.push(sql`select ${keys(bindsSource)} 0 as call_num, 0 as connected_num, 0 as total_second,
        0 as total_minute, 1 as bind_num
        from ${b} where ${censusWhere(bindsSource, q.tenantId, q.scope, q.filter, edge)}`);
    }
  }
  parts.push(sql`select ${keys(recordsSource)} 1 as call_num, (${r.callStatus} = 1)::int as connected_num,
    ${r.duration} as total_second, (${r.duration} + 59) / 60 as total_minute, 0 as bind_num
    from ${r} where ${censusWhere(recordsSource, q.tenantId, q.scope, q.filter, range)} and ${isNotRolledUpCall}
      ${q.keys.includes('line') ? sql`and ${r.lineId} is not null` : sql``}`);
  return sql.join(parts, sql` union all `);
};

/** The summed figures, as columns of one row or of each group. */
const sums = sql`sum(call_num) as call_num, sum(connected_num) as connected_num, sum(total_second) as total_second,
  sum(total_minute) as total_minute, sum(bind_num) as bind_num`;

/**
 * The grouped figures as a CTE `g`: one row per group that has a call or a dial request in the
 * range (GROUP BY puts null keys, a call without department, together); nothing but group rows
 * leaves the database.
 */
const groupedSql = (q: { tenantId: number; scope: TDataScope; filter: TCensusFilter; keys: TGroupKey[] }) => {
  const positions = sql.raw(q.keys.map((_, i) => String(i + 1)).join(', '));
  const keyCols = sql.join(
    q.keys.map((k) => sql`${groupKeyOf(k)} as ${keyName(k)}`),
    sql`, `,
  );
  // Day and hour: summed per UTC hour first, then per Shanghai day or hour.
  const partCols = sql.raw(
    [...q.keys.filter((k) => !isTimeKey(k)).map((k) => `k_${k}`), ...(q.keys.some(isTimeKey) ? ['k_at'] : [])].join(
      ', ',
    ),
  );
  const source = q.keys.some(isTimeKey)
    ? sql`(select ${partCols}, ${sums} from (${partsSql(q)}) p group by ${partCols})`
    : sql`(${partsSql(q)})`;
  return sql`with g as (
      select ${keyCols}, ${sums},
        coalesce(sum(connected_num)::numeric / nullif(sum(call_num), 0), 0) as connection_rate
      from ${source} u group by ${positions}
      having sum(call_num) > 0 or sum(bind_num) > 0
    )`;
};

const names = {
  user: sql`coalesce((select u.real_name from users u where u.id = g.k_user), '')`,
  userDept: sql`coalesce((select d.name from departments d where d.id = (select u.dept_id from users u where u.id = g.k_user)), '')`,
  line: sql`coalesce((select l.name from lines l where l.id = g.k_line), '')`,
  dept: sql`coalesce((select d.name from departments d where d.id = g.k_dept), '')`,
};

/** The number of groups: counted beside the page (count(*) over ()), or alone for a page past the end. */
const groupCount = async (db: TDb, grouped: SQL, page: TRawFigures[]) => {
  if (page[0]) return Number(page[0].group_count);
  const [count] = rowsOf<{ n: unknown }>(await db.execute(sql`${grouped} select count(*) as n from g`));
  return Number(count?.n ?? 0);
};

export type TCensusScope = { tenantId: number; scope: TDataScope; filter: TCensusFilter };
type TAgentSort = { sortField: (typeof agentSortFields)[number]; sortOrder: 'ascend' | 'descend' };
/** A page as the list asks it, or rows from an offset as an export reads them. */
type TPaging = { page: number; limit: number } | { offset: number; limit: number };
const skipOf = (p: TPaging) => ('offset' in p ? p.offset : offsetOf(p));

/** Pages of at most this many group rows per query of an export. */
const exportPage = 500;

/** Group rows of an export: page after page of the same SQL order, each read in its own short transaction. */
const rowsByPage = <T>(
  database: TDatabase,
  tenantId: number,
  pageAt: (tx: TDb, paging: TPaging) => Promise<{ records: T[] }>,
) =>
  batchedRows(
    async (offset) => (await withTenant(database, tenantId, (tx) => pageAt(tx, { offset, limit: exportPage }))).records,
  );

/** SQL of 话务统计: every figure is a GROUP BY in PostgreSQL over the scoped range. */
export const callCensusRepository = {
  /** The figures of the whole range. */
  totals: async (db: TDb, q: TCensusScope) => {
    const [c] = rowsOf<TRawFigures>(await db.execute(sql`select ${sums} from (${partsSql({ ...q, keys: [] })}) u`));
    return fromRaw(c ?? {});
  },

  /** Per day, per hour, per line or per department: every group that has a call or a dial request. */
  by: async (db: TDb, q: TCensusScope, key: 'day' | 'hour' | 'line' | 'dept') => {
    const extra = key === 'line' ? sql`, ${names.line} as name` : key === 'dept' ? sql`, ${names.dept} as name` : sql``;
    const rows = rowsOf<TRawFigures>(
      await db.execute(sql`${groupedSql({ ...q, keys: [key] })}
        select g.*${extra} from g order by g.call_num desc, g.${keyName(key)}`),
    );
    return rows.map((x) => ({
      key: x[`k_${key}`] as string | number | null,
      name: (x.name as string | undefined) ?? '',
      figures: fromRaw(x),
    }));
  },

  /** Per agent (statistics-use-page), sorted and paged in SQL; the agent's current department. */
  agentPage: async (db: TDb, q: TCensusScope & TAgentSort & { paging: TPaging }) => {
    const grouped = groupedSql({ ...q, keys: ['user'] });
    const dir = sql.raw(q.sortOrder === 'ascend' ? 'asc' : 'desc');
    const rows = rowsOf<TRawFigures>(
      await db.execute(sql`${grouped}
        select g.*, count(*) over () as group_count, ${names.user} as real_name, ${names.userDept} as dept_name
        from g order by g.${sql.raw(sortColumn[q.sortField])} ${dir}, g.k_user
        limit ${q.paging.limit} offset ${skipOf(q.paging)}`),
    );
    return {
      total: await groupCount(db, grouped, rows),
      records: rows.map((x) => ({
        userId: Number(x.k_user),
        realName: x.real_name as string,
        deptName: x.dept_name as string,
        ...fromRaw(x),
      })),
    };
  },

  /** Per day and agent (getCensusDetail), newest day first, then the agent with most calls. */
  dayAgentPage: async (db: TDb, q: TCensusScope & { paging: TPaging }) => {
    const grouped = groupedSql({ ...q, keys: ['day', 'user'] });
    const rows = rowsOf<TRawFigures>(
      await db.execute(sql`${grouped}
        select g.*, count(*) over () as group_count, ${names.user} as real_name, ${names.userDept} as dept_name
        from g order by g.k_day desc, g.call_num desc, g.k_user
        limit ${q.paging.limit} offset ${skipOf(q.paging)}`),
    );
    return {
      total: await groupCount(db, grouped, rows),
      records: rows.map((x) => ({
        day: x.k_day as string,
        id: `${x.k_day}/${x.k_user}`,
        userId: Number(x.k_user),
        realName: x.real_name as string,
        deptName: x.dept_name as string,
        ...fromRaw(x),
      })),
    };
  },

  /** The per-agent rows of an export, in agentPage's order, read after the request has ended. */
  agentRows: (database: TDatabase, q: TCensusScope & TAgentSort) =>
    rowsByPage(database, q.tenantId, (tx, paging) => callCensusRepository.agentPage(tx, { ...q, paging })),

  /** The per-day-and-agent rows of an export, in dayAgentPage's order. */
  dayAgentRows: (database: TDatabase, q: TCensusScope) =>
    rowsByPage(database, q.tenantId, (tx, paging) => callCensusRepository.dayAgentPage(tx, { ...q, paging })),
};
