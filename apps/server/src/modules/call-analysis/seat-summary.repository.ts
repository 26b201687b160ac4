import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { pageOf } from '../../db/page.js';
import { callRecords, departments, users } from '../../db/schema.js';
import { scopeCondition, type TDataScope } from '../../db/scope.js';
import { dateRange, deptSubtree } from '../../db/sql.js';
import { callAnalyses } from './call-analysis.schema.js';

export type TSeatSummaryFilter = {
  startRange: [number, number];
  userIds?: number[];
  deptId?: number;
  lineId?: number;
};

/** The Beijing day a call started on. */
const day = sql<string>`to_char(${callRecords.startTime} at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`;

/** A number of the analysis' figures (jsonb). */
const figure = (key: string) => sql`(${callAnalyses.figures}->>${key})::numeric`;
const sumOf = (key: string) => sql<number>`round(coalesce(sum(${figure(key)}), 0), 1)::float8`;
const countOf = (key: string) => sql<number>`coalesce(sum(${figure(key)}), 0)::int`;
/** The day's calls the analyst graded `grade` (A–D). */
const gradedAs = (grade: string) =>
  sql<number>`(count(*) filter (where ${callAnalyses.insight}->'insight'->>'intention' = ${grade}))::int`;

/** One agent's day: the analysed calls' figures added up (shares and averages over the day's calls). */
const daySummary = {
  day,
  userId: callRecords.userId,
  realName: users.realName,
  deptName: departments.name,
  analysedCalls: sql<number>`count(*)::int`,
  talkSec: sql<number>`coalesce(sum(${callRecords.duration}), 0)::int`,
  agentTalkSec: sumOf('agentTalkSec'),
  customerTalkSec: sumOf('customerTalkSec'),
  agentSharePercent: sql<number | null>`round(100 * sum(${figure('agentTalkSec')})
    / nullif(sum(${figure('agentTalkSec')}) + sum(${figure('customerTalkSec')}), 0), 1)::float8`,
  silenceCount: countOf('silenceCount'),
  silenceTotalSec: sumOf('silenceTotalSec'),
  silenceLongestSec: sql<number>`round(coalesce(max(${figure('silenceLongestSec')}), 0), 1)::float8`,
  overlapCount: countOf('overlapCount'),
  agentInterruptions: countOf('agentInterruptions'),
  customerInterruptions: countOf('customerInterruptions'),
  turnsPerCall: sql<number | null>`round(avg(${figure('turns')}), 1)::float8`,
  customerFirstWordsSec: sql<number | null>`round(avg(${figure('customerFirstWordsSec')}), 1)::float8`,
  gradedA: gradedAs('A'),
  gradedB: gradedAs('B'),
  gradedC: gradedAs('C'),
  gradedD: gradedAs('D'),
  ruleHits: sql<number>`coalesce(sum((${callAnalyses.quality}->>'hitCount')::int), 0)::int`,
};

type TSeatSummaryQuery = { tenantId: number; scope: TDataScope; filter: TSeatSummaryFilter };

/** The call records a summary reads: the filter's, under the call records' walls, analysed and done. */
const summaryOf = (db: TDb, q: TSeatSummaryQuery) => {
  const { filter } = q;
  const where = and(
    eq(callRecords.tenantId, q.tenantId),
    ...dateRange(callRecords.startTime, filter.startRange),
    scopeCondition(q.scope, { owner: callRecords.userId, dept: callRecords.deptId }),
    filter.userIds?.length ? inArray(callRecords.userId, filter.userIds) : undefined,
    filter.deptId ? sql`${callRecords.deptId} in ${deptSubtree(q.tenantId, filter.deptId)}` : undefined,
    filter.lineId ? eq(callRecords.lineId, filter.lineId) : undefined,
  );
  const analysed = and(
    eq(callAnalyses.tenantId, callRecords.tenantId),
    eq(callAnalyses.callRecordId, callRecords.id),
    eq(callAnalyses.state, 'done'),
  );
  const days = db
    .select({ day: day.as('day'), userId: callRecords.userId })
    .from(callRecords)
    .innerJoin(callAnalyses, analysed)
    .where(where)
    .groupBy(day, callRecords.userId)
    .as('days');
  return {
    count: db.select({ n: sql<number>`count(*)::int` }).from(days),
    rows: db
      .select(daySummary)
      .from(callRecords)
      .innerJoin(callAnalyses, analysed)
      .innerJoin(users, and(eq(users.tenantId, callRecords.tenantId), eq(users.id, callRecords.userId)))
      .leftJoin(departments, and(eq(departments.tenantId, users.tenantId), eq(departments.id, users.deptId)))
      .where(where)
      .groupBy(day, callRecords.userId, users.realName, departments.name)
      .orderBy(desc(day), desc(sql`count(*)`), callRecords.userId)
      .$dynamic(),
  };
};

/** SQL of 坐席小结: analysed calls grouped by agent and Beijing day, the latest day first. */
export const seatSummaryRepository = {
  page: (db: TDb, q: TSeatSummaryQuery & { page: number; limit: number }) => {
    const { count, rows } = summaryOf(db, q);
    return pageOf(count, rows, q);
  },

  /** `limit` rows from `offset` on, in the page's order (the export's batches). */
  rows: (db: TDb, q: TSeatSummaryQuery, offset: number, limit: number) =>
    summaryOf(db, q).rows.limit(limit).offset(offset),
};
