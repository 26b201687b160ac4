import type { TCallAnalysis } from '@yunhu/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/tenant.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { callKit } from '../call/call.test-kit.js';
import { analysisFailure } from './call-analysis.errors.js';
import { callAnalysisRepository } from './call-analysis.repository.js';
import { callAnalyses } from './call-analysis.schema.js';
import { createCallAnalysisService, hungUpByOf, maskedSpeech } from './call-analysis.service.js';

describe('who hung up', () => {
  it('reads the record’s 结束状态 by the call’s direction', () => {
    expect(hungUpByOf({ callType: 1, finishStatus: 1 })).toBe('agent');
    expect(hungUpByOf({ callType: 1, finishStatus: 2 })).toBe('customer');
    // The customer called in: he is the caller.
    expect(hungUpByOf({ callType: 2, finishStatus: 1 })).toBe('customer');
    expect(hungUpByOf({ callType: 2, finishStatus: 2 })).toBe('agent');
    expect(hungUpByOf({ callType: 3, finishStatus: 2 })).toBe('customer');
    // No answer in time, or the system ended it: nobody hung up.
    expect(hungUpByOf({ callType: 1, finishStatus: 3 })).toBeNull();
    expect(hungUpByOf({ callType: 1, finishStatus: 4 })).toBeNull();
  });
});

/** A done analysis without figures, with what `over` says. */
const doneAnalysis = (over: Partial<TCallAnalysis>): TCallAnalysis => ({
  callRecordId: 1,
  state: 'done',
  stateName: '已完成',
  errorReason: '',
  attempts: 1,
  figures: null,
  analysedAt: 0,
  createdAt: 0,
  transcript: null,
  insight: null,
  insightNote: '',
  ...over,
});

describe('what was said, for a reader who sees numbers masked', () => {
  it('masks numbers of seven digits or more in the transcript and the reading, and nothing else', () => {
    const said = '我的手机是13812345678，房间 302';
    const masked = maskedSpeech(
      doneAnalysis({
        transcript: {
          engine: 'x',
          isSimulated: false,
          note: '',
          segments: [{ side: 'customer', fromSec: 1, toSec: 2, text: said }],
        },
        insight: {
          engine: 'x',
          summary: `客户留了号码 13812345678`,
          intention: 'B',
          intentionReason: '',
          objections: [],
          nextStep: '打 13812345678',
          nextDate: null,
          followUpSuggestion: '',
        },
      }),
    );
    expect(masked.transcript!.segments[0]!.text).toBe('我的手机是138****5678，房间 302');
    expect([masked.insight!.summary, masked.insight!.nextStep]).toEqual(['客户留了号码 138****5678', '打 138****5678']);
  });

  it('masks them in the quality rules’ moments and the extracted text too', () => {
    const masked = maskedSpeech(
      doneAnalysis({
        quality: {
          hitCount: 1,
          results: [
            {
              ruleId: 1,
              name: '留号码',
              kind: 'keyword',
              status: 'hit',
              detail: '客户说了：手机',
              moments: [{ atMs: 1000, toMs: 2000, side: 'customer', text: '我的手机是13812345678' }],
            },
          ],
          fields: [
            { fieldId: 1, name: '联系方式', type: 'text', value: '13812345678', note: '' },
            { fieldId: 2, name: '人数', type: 'number', value: 13812345678, note: '' },
          ],
          fieldsNote: '',
        },
      }),
    );
    expect(masked.quality!.results[0]!.moments[0]!.text).toBe('我的手机是138****5678');
    expect(masked.quality!.fields.map((f) => f.value)).toEqual(['138****5678', 13812345678]);
  });
});

/**
 * The job's retries: a run that meets a failure it cannot name (the disk, the database) leaves the
 * analysis 待分析 with the reason shown and fails, so the queue runs it again after its backoff;
 * after the fourth run the analysis is 失败 for good. A run abandoned by a dead server is taken again.
 */
describe('call analysis retries', () => {
  let t: TTestApp;
  let kit: Awaited<ReturnType<typeof callKit>>;
  const quiet = { error: () => undefined, warn: () => undefined };

  beforeAll(async () => {
    t = await startTestApp();
    kit = await callKit(t);
  });
  afterAll(() => t.close());

  const recordedCall = async (callId: string) => {
    const row = await kit.pendingSoftphoneCall(callId, 'agent01', {
      recordingState: 'ready',
      preRecordUrl: t.app.call.store.keyOf(kit.tenantId, callId),
    });
    await withTenant(t.database, kit.tenantId, (tx) =>
      callAnalysisRepository.ensureByCarrierCallId(tx, kit.tenantId, `sip-${callId}`),
    );
    return row;
  };
  const analysisOf = async (callRecordId: number) =>
    (await t.database.db.select().from(callAnalyses).where(eq(callAnalyses.callRecordId, callRecordId)))[0]!;
  const run = () => ({ signal: new AbortController().signal, attempt: 1 });

  it('keeps a failing analysis waiting with its reason for the queue’s retries, then gives up', async () => {
    const record = await recordedCall('flaky-1');
    const sent: string[] = [];
    const analysis = createCallAnalysisService({
      database: t.database,
      store: {
        ...t.app.call.store,
        withFile: async () => {
          throw new Error('disk gone');
        },
      },
      isMasked: async () => false,
      send: async (name) => sent.push(name),
      logger: quiet,
      speech: { asr: null, analyst: null },
    });
    const job = analysis.job();
    for (const attempt of [1, 2, 3]) {
      await expect(job.run({}, run())).rejects.toThrow('wait for a retry');
      expect(await analysisOf(record.id)).toMatchObject({
        state: 'pending',
        attempts: attempt,
        errorReason: analysisFailure.internal,
      });
    }
    // The fourth run is the last: the run itself succeeds, the analysis is 失败.
    await expect(job.run({}, run())).resolves.toEqual({ settled: 1 });
    expect(await analysisOf(record.id)).toMatchObject({
      state: 'failed',
      attempts: 4,
      errorReason: analysisFailure.gaveUp,
    });
    // Another call queued meanwhile does not bring it back.
    await analysis.enqueue(kit.tenantId, 'sip-no-such-call');
    expect(sent).toEqual([]);
  });

  it('takes again an analysis whose run was abandoned, not one under way', async () => {
    const record = await recordedCall('abandoned-2');
    const fresh = await recordedCall('running-3');
    await t.database.db.execute(
      sql`update call_analyses set state = 'running', attempts = 1,
            updated_at = now() - interval '20 minutes' where call_record_id = ${record.id}`,
    );
    await t.database.db.execute(
      sql`update call_analyses set state = 'running', attempts = 1 where call_record_id = ${fresh.id}`,
    );
    const claimed = await callAnalysisRepository.claimNext(t.database.db, []);
    expect(claimed).toMatchObject({ callRecordId: record.id, tenantId: kit.tenantId, attempts: 2 });
    expect(await callAnalysisRepository.claimNext(t.database.db, [])).toBeNull();
  });
});
