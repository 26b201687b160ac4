import type { agentSortFields, TCallFigures } from '@yunhu/contract';
import { and, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { rowsOf, type TDb } from '../../db/client.js';
import { scopeCondition, type TDataScope } from '../../db/scope.js';
import { deptSubtree } from '../crm/crm.repository.js';
import { callBinds as b, callRecords as r } from './call.schema.js';

export type TCensusFilter = {
  startRange: [number, number];
  userIds?: number[];
  deptId?: number;
  lineId?: number;
};

/** The columns a statistic reads from one table: call_records by start time, call_binds by creation. */
type TSource = {
  tenantId: AnyPgColumn;
  userId: AnyPgColumn;
  deptId: AnyPgColumn;
  lineId: AnyPgColumn;
  at: AnyPgColumn;
};
const recordsSource: TSource = {
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

/**
 * Which rows count (issue 6): the tenant's, inside the reader's data scope like 通话记录
 * (call-record.filter.ts: the caller and the department he had at the time), within the range.
 * The range keeps the query on (tenant_id, start_time) or (tenant_id, user_id, start_time).
 */
const whereOf = (s: TSource, tenantId: number, scope: TDataScope, f: TCensusFilter): SQL =>
  and(
    eq(s.tenantId, tenantId),
    scopeCondition(scope, { owner: s.userId, dept: s.deptId }),
    gte(s.at, new Date(f.startRange[0])),
    lte(s.at, new Date(f.startRange[1])),
    f.userIds?.length ? inArray(s.userId, f.userIds) : undefined,
    f.deptId ? sql`${s.deptId} in ${deptSubtree(tenantId, f.deptId)}` : undefined,
    f.lineId ? eq(s.lineId, f.lineId) : undefined,
  )!;

/** The groups a statistic is cut by; each names its SQL over both tables. */
export type TGroupKey = 'day' | 'hour' | 'user' | 'line' | 'dept';
const shanghai = (at: AnyPgColumn) => sql`(${at} at time zone 'Asia/Shanghai')`;
const keyOf = (s: TSource, key: TGroupKey): SQL => {
  switch (key) {
    case 'day':
      return sql`to_char(${shanghai(s.at)}, 'YYYY-MM-DD')`;
    case 'hour':
      return sql`extract(hour from ${shanghai(s.at)})::int`;
    case 'user':
      return sql`${s.userId}`;
    case 'line':
      return sql`${s.lineId}`;
    case 'dept':
      return sql`${s.deptId}`;
  }
};
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
 * The grouped figures as one SQL statement: calls grouped in PostgreSQL, dial requests grouped
 * likewise, the two merged on the group keys (a group may have requests and no record yet, or the
 * reverse); nothing but group rows leaves the database.
 */
const groupedSql = (q: { tenantId: number; scope: TDataScope; filter: TCensusFilter; keys: TGroupKey[] }) => {
  const recordKeys = sql.join(
    q.keys.map((k) => sql`${keyOf(recordsSource, k)} as ${keyName(k)}`),
    sql`, `,
  );
  const bindKeys = sql.join(
    q.keys.map((k) => sql`${keyOf(bindsSource, k)} as ${keyName(k)}`),
    sql`, `,
  );
  const groupBy = sql.raw(q.keys.map((_, i) => String(i + 1)).join(', '));
  const keyCols = sql.raw(q.keys.map((k) => `k_${k}`).join(', '));
  return sql`with c as (
      select ${recordKeys}, count(*) as call_num,
        count(*) filter (where ${r.callStatus} = 1) as connected_num,
        coalesce(sum(${r.duration}), 0) as total_second,
        coalesce(sum((${r.duration} + 59) / 60), 0) as total_minute
      from ${r} where ${whereOf(recordsSource, q.tenantId, q.scope, q.filter)} group by ${groupBy}
    ), k as (
      select ${bindKeys}, count(*) as bind_num
      from ${b} where ${whereOf(bindsSource, q.tenantId, q.scope, q.filter)} group by ${groupBy}
    ), g as (
      -- union then group (not a full join): GROUP BY puts null keys (a call without department) together.
      select ${keyCols}, sum(call_num) as call_num, sum(connected_num) as connected_num,
        sum(total_second) as total_second, sum(total_minute) as total_minute, sum(bind_num) as bind_num,
        coalesce(sum(connected_num)::numeric / nullif(sum(call_num), 0), 0) as connection_rate
      from (
        select ${keyCols}, call_num, connected_num, total_second, total_minute, 0 as bind_num from c
        union all
        select ${keyCols}, 0, 0, 0, 0, bind_num from k
      ) u group by ${groupBy}
    )`;
};

const names = {
  user: sql`coalesce((select u.real_name from users u where u.id = g.k_user), '')`,
  userDept: sql`coalesce((select d.name from departments d where d.id = (select u.dept_id from users u where u.id = g.k_user)), '')`,
  line: sql`coalesce((select l.name from lines l where l.id = g.k_line), '')`,
  dept: sql`coalesce((select d.name from departments d where d.id = g.k_dept), '')`,
};

export type TCensusScope = { tenantId: number; scope: TDataScope; filter: TCensusFilter };

/** SQL of 话务统计 (issue 6): every figure is a GROUP BY in PostgreSQL over the scoped range. */
export const callCensusRepository = {
  /** The figures of the whole range. */
  totals: async (db: TDb, q: TCensusScope) => {
    const [c] = rowsOf<TRawFigures>(
      await db.execute(sql`select count(*) as call_num,
          count(*) filter (where ${r.callStatus} = 1) as connected_num,
          coalesce(sum(${r.duration}), 0) as total_second,
          coalesce(sum((${r.duration} + 59) / 60), 0) as total_minute,
          (select count(*) from ${b} where ${whereOf(bindsSource, q.tenantId, q.scope, q.filter)}) as bind_num
        from ${r} where ${whereOf(recordsSource, q.tenantId, q.scope, q.filter)}`),
    );
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
  agentPage: async (
    db: TDb,
    q: TCensusScope & {
      sortField: (typeof agentSortFields)[number];
      sortOrder: 'ascend' | 'descend';
      limit: number;
      offset: number;
    },
  ) => {
    const grouped = groupedSql({ ...q, keys: ['user'] });
    const dir = sql.raw(q.sortOrder === 'ascend' ? 'asc' : 'desc');
    const rows = rowsOf<TRawFigures>(
      await db.execute(sql`${grouped}
        select g.*, ${names.user} as real_name, ${names.userDept} as dept_name from g
        order by g.${sql.raw(sortColumn[q.sortField])} ${dir}, g.k_user
        limit ${q.limit} offset ${q.offset}`),
    );
    const [count] = rowsOf<{ n: unknown }>(await db.execute(sql`${grouped} select count(*) as n from g`));
    return {
      total: Number(count?.n ?? 0),
      records: rows.map((x) => ({
        userId: Number(x.k_user),
        realName: x.real_name as string,
        deptName: x.dept_name as string,
        ...fromRaw(x),
      })),
    };
  },

  /** Per day and agent (getCensusDetail), newest day first, then the agent with most calls. */
  dayAgentPage: async (db: TDb, q: TCensusScope & { limit: number; offset: number }) => {
    const grouped = groupedSql({ ...q, keys: ['day', 'user'] });
    const rows = rowsOf<TRawFigures>(
      await db.execute(sql`${grouped}
        select g.*, ${names.user} as real_name, ${names.userDept} as dept_name from g
        order by g.k_day desc, g.call_num desc, g.k_user
        limit ${q.limit} offset ${q.offset}`),
    );
    const [count] = rowsOf<{ n: unknown }>(await db.execute(sql`${grouped} select count(*) as n from g`));
    return {
      total: Number(count?.n ?? 0),
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
};
