import {
  defaultCallingSettings,
  type TCallAnalysisState,
  type TCallQuality,
  type TCallSignalFigures,
  type TCallTranscript,
} from '@yunhu/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import { claimNextDue } from '../../db/claim.js';
import { rowsOf, type TDb } from '../../db/client.js';
import { firstRow } from '../../db/first.js';
import { pageOf } from '../../db/page.js';
import { callRecords, users } from '../../db/schema.js';
import { scopeCondition, type TDataScope } from '../../db/scope.js';
import { newestFirst } from '../../db/sql.js';
import { tenantRowIs } from '../../db/tenant-rows.js';
import { callAnalyses, type TStoredInsight } from './call-analysis.schema.js';

/** An analysis taken by a run of the job. */
export type TClaimed = { id: number; tenantId: number; callRecordId: number; attempts: number };

/** When a claimed analysis counts as abandoned (its server died mid-run): the queue's own expiry of a run. */
const abandonedAfterSeconds = 15 * 60;

const analysisColumns = {
  callRecordId: callAnalyses.callRecordId,
  state: callAnalyses.state,
  errorReason: callAnalyses.errorReason,
  attempts: callAnalyses.attempts,
  figures: callAnalyses.figures,
  analysedAt: callAnalyses.analysedAt,
  createdAt: callAnalyses.createdAt,
};

/**
 * SQL of 通话分析. The job's claim looks across enterprises on the server's own connection (like
 * the other jobs' look-ups); everything else runs in one enterprise's transaction.
 */
export const callAnalysisRepository = {
  /**
   * The analysis of a call whose recording is ready, once, when its agent's 智能分析 (呼叫管理) is on
   * and its line is among those the enterprise analyses (质检设置's 分析范围; none chosen: every line):
   * a second enqueue of the same call adds nothing. Answers whether the call (by the gateway's call
   * id) was queued.
   */
  ensureByCarrierCallId: async (db: TDb, tenantId: number, carrierCallId: string): Promise<boolean> => {
    const rows = rowsOf<{ id: number }>(
      await db.execute(sql`
        insert into call_analyses (tenant_id, call_record_id)
        select r.tenant_id, r.id from call_records r
        where r.tenant_id = ${tenantId} and r.carrier_call_id = ${carrierCallId} and r.pre_record_url is not null
          and coalesce((select c.analysis from calling_settings c
            where c.tenant_id = r.tenant_id and c.user_id = r.user_id), ${defaultCallingSettings.analysis})
          and not exists (select 1 from call_analysis_scopes s
            where s.tenant_id = r.tenant_id and s.line_ids is not null and (r.line_id = any(s.line_ids)) is not true)
        on conflict (call_record_id, tenant_id) do nothing
        returning id`),
    );
    return rows.length > 0;
  },

  /**
   * A call record as the analysis needs it: whose (the data scope), its recording's key and maker
   * (a recording state: the gateway's; none: the carrier's), who hung up.
   */
  record: (db: TDb, tenantId: number, callRecordId: number) =>
    firstRow(
      db
        .select({
          userId: callRecords.userId,
          deptId: callRecords.deptId,
          recordingKey: callRecords.preRecordUrl,
          recordingState: callRecords.recordingState,
          callType: callRecords.callType,
          finishStatus: callRecords.finishStatus,
          startTime: callRecords.startTime,
          duration: callRecords.duration,
        })
        .from(callRecords)
        .where(tenantRowIs(callRecords, tenantId, callRecordId)),
    ),

  /** One call's analysis, with its transcript and reading. */
  one: (db: TDb, tenantId: number, callRecordId: number) =>
    firstRow(
      db
        .select({
          ...analysisColumns,
          transcript: callAnalyses.transcript,
          insight: callAnalyses.insight,
          quality: callAnalyses.quality,
        })
        .from(callAnalyses)
        .where(and(eq(callAnalyses.tenantId, tenantId), eq(callAnalyses.callRecordId, callRecordId))),
    ),

  /**
   * 重新分析: the call's analysis back to 待分析 with its runs counted afresh (created when it had
   * none). The figures stay until new ones replace them.
   */
  requeue: async (db: TDb, tenantId: number, callRecordId: number) => {
    await db
      .insert(callAnalyses)
      .values({ tenantId, callRecordId })
      .onConflictDoUpdate({
        target: [callAnalyses.callRecordId, callAnalyses.tenantId],
        set: { state: 'pending', attempts: 0, errorReason: '', updatedAt: sql`now()` },
      });
  },

  /**
   * Takes the next analysis due, whatever the enterprise: one waiting, or one whose run was
   * abandoned. `skip`: those this run failed, left for the queue's retry of the run (its backoff).
   */
  claimNext: (db: TDb, skip: readonly number[]): Promise<TClaimed | null> =>
    claimNextDue(
      db,
      callAnalyses,
      { waiting: 'pending', abandonedAfterSeconds, skip },
      {
        id: callAnalyses.id,
        tenantId: callAnalyses.tenantId,
        callRecordId: callAnalyses.callRecordId,
        attempts: callAnalyses.attempts,
      },
    ),

  /** A run done: 已完成 with what it found; answers the run's number among those finished and when. */
  finish: async (
    db: TDb,
    tenantId: number,
    id: number,
    done: {
      figures: TCallSignalFigures;
      transcript: TCallTranscript | null;
      insight: TStoredInsight | null;
      quality: TCallQuality;
    },
  ) => {
    const [row] = await db
      .update(callAnalyses)
      .set({
        state: 'done',
        ...done,
        errorReason: '',
        finishedRuns: sql`${callAnalyses.finishedRuns} + 1`,
        analysedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(tenantRowIs(callAnalyses, tenantId, id))
      .returning({ run: callAnalyses.finishedRuns, at: callAnalyses.analysedAt });
    return row ? { run: row.run, at: row.at ?? new Date() } : null;
  },

  /** A failed run: 失败 for good, or back to 待分析 for a retry after its backoff. */
  fail: async (
    db: TDb,
    tenantId: number,
    id: number,
    reason: string,
    state: Extract<TCallAnalysisState, 'pending' | 'failed'>,
  ) => {
    await db
      .update(callAnalyses)
      .set({ state, errorReason: reason, updatedAt: sql`now()` })
      .where(tenantRowIs(callAnalyses, tenantId, id));
  },

  /** The analyses of the calls in the reader's data scope (the call's agent and department), newest first. */
  page: (
    db: TDb,
    q: { tenantId: number; scope: TDataScope; state?: TCallAnalysisState; page: number; limit: number },
  ) => {
    const where = and(
      eq(callAnalyses.tenantId, q.tenantId),
      q.state ? eq(callAnalyses.state, q.state) : undefined,
      scopeCondition(q.scope, { owner: callRecords.userId, dept: callRecords.deptId }),
    );
    return pageOf(
      db
        .select({ n: count() })
        .from(callAnalyses)
        .innerJoin(
          callRecords,
          and(eq(callRecords.tenantId, callAnalyses.tenantId), eq(callRecords.id, callAnalyses.callRecordId)),
        )
        .where(where),
      db
        .select({
          ...analysisColumns,
          realName: users.realName,
          telB: callRecords.telB,
          startTime: callRecords.startTime,
          duration: callRecords.duration,
        })
        .from(callAnalyses)
        .innerJoin(
          callRecords,
          and(eq(callRecords.tenantId, callAnalyses.tenantId), eq(callRecords.id, callAnalyses.callRecordId)),
        )
        .innerJoin(users, and(eq(users.tenantId, callRecords.tenantId), eq(users.id, callRecords.userId)))
        .where(where)
        .orderBy(...newestFirst(callAnalyses))
        .$dynamic(),
      q,
    );
  },
};
