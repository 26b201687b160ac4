import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { rowsOf, type TDatabase, type TDb } from '../../db/client.js';
import { cursorRows } from '../../db/cursor.js';
import { firstRow } from '../../db/first.js';
import { lines, callRecords as r } from '../../db/schema.js';
import { scopeCondition, type TDataScope } from '../../db/scope.js';
import { offsetOf } from '../../db/sql.js';
import { tenantRowIs, tenantRows } from '../../db/tenant-rows.js';
import type { TRowSource } from '../../http/xlsx-stream.js';
import {
  recordCondition,
  recordOrder,
  recordSumsSql,
  recordTotalOf,
  splitDuration,
  type TCallRecordSort,
  type TRecordsOf,
} from './call-record-query.repository.js';

export type { TCallRecordFilter, TCallRecordSort, TRecordsOf } from './call-record-query.repository.js';

type TPaging = { page: number; limit: number };

/** A record with the names the pages show. */
export type TRecordWithNames = {
  r: typeof r.$inferSelect;
  lineName: string;
  realName: string;
  deptName: string;
  /** The colleague of an internal call ('' otherwise). */
  peerName: string;
};

/** A record with the names of its line, agent and department (the list pages). */
const recordWithNames = {
  r,
  lineName: sql<string>`coalesce((select l.name from lines l where l.id = ${r.lineId}), '')`,
  realName: sql<string>`coalesce((select u.real_name from users u where u.id = ${r.userId}), '')`,
  deptName: sql<string>`coalesce((select d.name from departments d where d.id = ${r.deptId}), '')`,
  peerName: sql<string>`coalesce((select u.real_name from users u where u.id = ${r.peerUserId}), '')`,
};

/** A row as the export cursor gives it: column names, times as Date or text by driver. */
const fromRaw = (x: Record<string, unknown>): TRecordWithNames => ({
  r: {
    id: Number(x.id),
    tenantId: Number(x.tenant_id),
    userId: Number(x.user_id),
    deptId: x.dept_id === null ? null : Number(x.dept_id),
    customerId: x.customer_id === null ? null : Number(x.customer_id),
    lineId: x.line_id === null ? null : Number(x.line_id),
    peerUserId: x.peer_user_id === null || x.peer_user_id === undefined ? null : Number(x.peer_user_id),
    bindId: x.bind_id as string,
    telA: x.tel_a as string,
    telB: x.tel_b as string,
    telX: x.tel_x as string,
    callStatus: Number(x.call_status),
    finishStatus: Number(x.finish_status),
    callType: Number(x.call_type),
    duration: Number(x.duration),
    startTime: new Date(x.start_time as string | Date),
    endTime: new Date(x.end_time as string | Date),
    postage: Number(x.postage),
    preRecordUrl: x.pre_record_url as string | null,
    recordingState: (x.recording_state ?? null) as string | null,
    endReason: (x.end_reason ?? '') as string,
    callerAttr: x.caller_attr as string,
    calleeAttr: x.callee_attr as string,
    carrierCallId: x.carrier_call_id as string | null,
  },
  lineName: x.line_name as string,
  realName: x.real_name as string,
  deptName: x.dept_name as string,
  peerName: (x.peer_name ?? '') as string,
});

/** Rows an export's cursor reads per fetch. */
const exportBatch = 2000;

/**
 * A page of records and the total: `total` is the roll-up's count (recordTotalOf), read by the
 * page's own statement, or 'withPage' to count beside the page in one statement (few matches that
 * are costly to find, like a number fragment), or null to count them apart.
 */
const pageOf = async (
  db: TDb,
  where: SQL,
  paging: TPaging,
  order: SQL[] = [desc(r.startTime), desc(r.id)],
  total: SQL | 'withPage' | null = null,
): Promise<{ records: TRecordWithNames[]; total: number }> => {
  const countApart = async () => (await db.select({ n: count() }).from(r).where(where))[0]?.n ?? 0;
  if (total === 'withPage') {
    const rows = await db
      .select({ ...recordWithNames, matches: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(r)
      .where(where)
      .orderBy(...order)
      .limit(paging.limit)
      .offset(offsetOf(paging));
    return {
      records: rows.map(({ matches: _, ...row }) => row),
      // A page past the end has no row to carry the count.
      total: rows[0]?.matches ?? (paging.page > 1 ? await countApart() : 0),
    };
  }
  if (total) {
    // The roll-ups' count rides on the page's statement (evaluated once, as an init plan); a page
    // with no row to carry it reads it on its own.
    const rows = await db
      .select({ ...recordWithNames, total: sql<unknown>`${total}` })
      .from(r)
      .where(where)
      .orderBy(...order)
      .limit(paging.limit)
      .offset(offsetOf(paging));
    const n = rows[0] ? rows[0].total : rowsOf<{ n: unknown }>(await db.execute(sql`select ${total} as n`))[0]?.n;
    return { records: rows.map(({ total: _, ...row }) => row), total: Number(n ?? 0) };
  }
  const n = await countApart();
  const records = await db
    .select(recordWithNames)
    .from(r)
    .where(where)
    .orderBy(...order)
    .limit(paging.limit)
    .offset(offsetOf(paging));
  return { records, total: n };
};

/**
 * SQL of 通话记录 and of a customer's calls: the services pass the reader's
 * tenant, scope and typed filter; the conditions are built here.
 */
export const callRecordRepository = {
  /** The list's page in its order, the total from the roll-ups where they keep the filter. */
  page: (db: TDb, q: TRecordsOf & { sort: TCallRecordSort; paging: TPaging }) =>
    pageOf(
      db,
      recordCondition(q.tenantId, q.scope, q.filter),
      q.paging,
      recordOrder(q.sort),
      recordTotalOf(q.tenantId, q.scope, q.filter),
    ),

  /** A customer's calls inside the reader's scope, newest first (his details page). */
  ofCustomer: (db: TDb, q: { tenantId: number; scope: TDataScope; customerId: number; paging: TPaging }) =>
    pageOf(
      db,
      and(
        eq(r.tenantId, q.tenantId),
        eq(r.customerId, q.customerId),
        scopeCondition(q.scope, { owner: r.userId, dept: r.deptId }),
      )!,
      q.paging,
    ),

  /** The figures of the matching records (get-page-count): calls, connected, talk time, charge. */
  sums: async (db: TDb, q: TRecordsOf) => {
    const fromRollup = recordSumsSql(q.tenantId, q.scope, q.filter);
    if (fromRollup) {
      const [x] = rowsOf<Record<string, unknown>>(await db.execute(fromRollup));
      return {
        total: Number(x?.total ?? 0),
        connected: Number(x?.connected ?? 0),
        totalSecond: Number(x?.total_second ?? 0),
        totalPostage: Number(x?.total_postage ?? 0),
      };
    }
    const [row] = await db
      .select({
        total: count(),
        connected: sql<number>`count(*) filter (where ${r.callStatus} = 1)`.mapWith(Number),
        totalSecond: sql<number>`coalesce(sum(${r.duration}), 0)`.mapWith(Number),
        totalPostage: sql<number>`coalesce(sum(${r.postage}), 0)`.mapWith(Number),
      })
      .from(r)
      .where(recordCondition(q.tenantId, q.scope, q.filter));
    return row ?? { total: 0, connected: 0, totalSecond: 0, totalPostage: 0 };
  },

  /**
   * The list's own filter and sort read through one cursor in one read-only transaction of its
   * own (like 导出客户: a single scan, memory bounded by a batch), once the request has ended.
   */
  exportRows: <T>(
    database: TDatabase,
    q: TRecordsOf & { sort: TCallRecordSort },
    map: (row: TRecordWithNames) => T,
  ): TRowSource<T> =>
    cursorRows(
      database,
      q.tenantId,
      sql`select ${r}.*,
        coalesce((select l.name from lines l where l.id = ${r.lineId}), '') as line_name,
        coalesce((select u.real_name from users u where u.id = ${r.userId}), '') as real_name,
        coalesce((select d.name from departments d where d.id = ${r.deptId}), '') as dept_name,
        coalesce((select u.real_name from users u where u.id = ${r.peerUserId}), '') as peer_name
      from ${r} where ${recordCondition(q.tenantId, q.scope, q.filter)}
      order by ${sql.join(recordOrder(q.sort), sql`, `)}`,
      (raw) => map(fromRaw(raw)),
      exportBatch,
    ),

  /** One record with its names (the detail drawer of 通话记录). */
  detail: (db: TDb, tenantId: number, id: number): Promise<TRecordWithNames | null> =>
    firstRow(
      db
        .select(recordWithNames)
        .from(r)
        .where(tenantRowIs(r, tenantId, id)),
    ),

  find: tenantRows(r).findOne,

  /** The platform's lines (few rows): the line filter of 通话记录. */
  lineOptions: (db: TDb) =>
    db.select({ id: lines.id, name: lines.name, mode: lines.mode }).from(lines).orderBy(lines.id),
};

/** The statements' pieces, for the benchmark's query plans (bench/calls.bench.ts). */
/** Of the newest calls, how many the failed-recordings figure looks at: it stays a read of the primary key. */
const failedWindowCalls = 10_000;

/**
 * The recordings' figures across every tenant for the operator's metrics (the server's own
 * connection): those still being made (the pending partial index) and those that failed in the last
 * hour, looked for among the newest calls only, so that a scrape never reads the whole table.
 */
export const recordingGauges = async (db: TDb, now = new Date()) => {
  const hourAgo = new Date(now.getTime() - 3_600_000);
  const [row] = rowsOf<{ pending: number; failed: number }>(
    await db.execute(sql`select
      (select count(*)::int from call_records where recording_state = 'pending') as pending,
      (select count(*)::int from (select recording_state, end_time from call_records order by id desc
        limit ${failedWindowCalls}) newest
        where recording_state = 'failed' and end_time > ${hourAgo}) as failed`),
  );
  return { pending: Number(row?.pending ?? 0), failedLastHour: Number(row?.failed ?? 0) };
};

export const callRecordSql = {
  splitDuration,
  condition: recordCondition,
  order: recordOrder,
  total: recordTotalOf,
  sums: recordSumsSql,
};
