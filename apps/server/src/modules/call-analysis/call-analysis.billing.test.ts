import { billingRoutes, type TCallTranscript } from '@yunhu/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/tenant.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { chargeAnalysis } from '../billing/index.js';
import { callKit } from '../call/call.test-kit.js';
import { stereoWav } from '../telephony/recording.pcap.js';
import { accounts, ledgerEntries } from '../trade/index.js';
import { createRulesAnalyst } from './analyst-rules.js';
import { callAnalysisRepository } from './call-analysis.repository.js';
import { callAnalyses } from './call-analysis.schema.js';
import { createCallAnalysisService } from './call-analysis.service.js';
import type { TAsrAdapter } from './speech.adapter.js';

/**
 * 智能分析资费: the platform sets a price per analysed minute; each finished run whose speech was
 * transcribed and read is charged once from the enterprise's balance at the rate of its time, a
 * re-analysis again, the signal figures alone never.
 */
describe('call analysis billing', () => {
  let t: TTestApp;
  let kit: Awaited<ReturnType<typeof callKit>>;
  let platform: string;
  let admin: string;
  const quiet = { error: () => undefined, warn: () => undefined };
  const run = () => ({ signal: new AbortController().signal, attempt: 1 });
  // A transcript as the cloud gives one: the outside service, not what is tested here.
  const asr: TAsrAdapter = {
    engine: 'test',
    isCloud: true,
    transcribe: async (): Promise<TCallTranscript> => ({
      engine: 'test',
      isSimulated: true,
      note: '',
      segments: [{ side: 'customer', fromSec: 0.2, toSec: 1.5, text: '可以，下周一再联系我吧' }],
    }),
  };
  const analysisWith = (speech: { asr: TAsrAdapter | null }) =>
    createCallAnalysisService({
      database: t.database,
      store: t.app.call.store,
      isMasked: async () => false,
      send: async () => undefined,
      logger: quiet,
      speech: { asr: speech.asr, analyst: speech.asr ? createRulesAnalyst() : null },
    });

  beforeAll(async () => {
    t = await startTestApp();
    kit = await callKit(t);
    [platform, admin] = await Promise.all([t.loginAs.platform(), t.loginAs.admin()]);
  });
  afterAll(() => t.close());

  /** An answered call of `seconds` with a stereo recording in the store, its analysis queued. */
  const recordedCall = async (callId: string, seconds: number) => {
    const frames = 8000 * 2;
    const tone = Int16Array.from({ length: frames }, (_, i) =>
      Math.round(6000 * Math.sin((2 * Math.PI * 440 * i) / 8000)),
    );
    const key = t.app.call.store.keyOf(kit.tenantId, callId);
    await t.app.call.store.write(key, stereoWav(tone, tone, frames));
    const row = await kit.pendingSoftphoneCall(callId, 'agent01', {
      duration: seconds,
      startTime: new Date(Date.now() - 60_000 - seconds * 1000),
      endTime: new Date(Date.now() - 60_000),
      recordingState: 'ready',
      preRecordUrl: key,
    });
    await withTenant(t.database, kit.tenantId, (tx) =>
      callAnalysisRepository.ensureByCarrierCallId(tx, kit.tenantId, `sip-${callId}`),
    );
    return row;
  };
  const chargesOf = async (callRecordId: number) => {
    const [analysis] = await t.database.db
      .select()
      .from(callAnalyses)
      .where(eq(callAnalyses.callRecordId, callRecordId));
    return t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.bizType, 'call_analysis'), sql`${ledgerEntries.bizKey} like ${`${analysis!.id}:%`}`))
      .orderBy(ledgerEntries.id);
  };
  const balance = async () =>
    (await t.database.db.select().from(accounts).where(eq(accounts.tenantId, kit.tenantId)))[0]?.balance ?? 0;

  it('is free until the platform sets a rate, which only the platform may', async () => {
    const record = await recordedCall('bill-free', 125);
    await expect(analysisWith({ asr }).job().run({}, run())).resolves.toEqual({ settled: 1 });
    expect(await chargesOf(record.id)).toEqual([]);

    expect((await t.call(billingRoutes.analysisRateList, {}, platform)).body.data).toEqual([
      { id: null, unitPrice: 0, validFrom: null, createdByName: '' },
    ]);
    expect((await t.call(billingRoutes.analysisRateSave, { unitPrice: 5 }, admin)).body.code).toBe(403);
    const past = await t.call(
      billingRoutes.analysisRateSave,
      { unitPrice: 5, validFrom: Date.now() - 86_400_000 },
      platform,
    );
    expect(past.body.msg).toContain('生效时间');
    expect(past.body.code).not.toBe(0);
    expect((await t.call(billingRoutes.analysisRateSave, { unitPrice: -1 }, platform)).body.msg).toContain(
      '单价不能小于0',
    );
    const saved = await t.call(billingRoutes.analysisRateSave, { unitPrice: 5 }, platform);
    expect(saved.body.data).toMatchObject({ unitPrice: 5, createdByName: expect.any(String) });
    const listed = (await t.call(billingRoutes.analysisRateList, {}, platform)).body.data;
    expect(listed[0]).toMatchObject({ id: saved.body.data.id, unitPrice: 5 });
    expect(listed.slice(1).map((r: { unitPrice: number }) => r.unitPrice)).toEqual([5]);
  });

  it('charges each started minute of talk once per finished run, a re-analysis again', async () => {
    const record = await recordedCall('bill-125', 125);
    const before = await balance();
    await analysisWith({ asr }).job().run({}, run());
    const [first, ...rest] = await chargesOf(record.id);
    expect(rest).toEqual([]);
    expect(first).toMatchObject({ kind: 'consumption', amount: -15, remark: expect.stringContaining('3 分钟') });
    expect(await balance()).toBe(before - 15);

    await t.database.db.execute(sql`update call_analyses set state = 'pending' where call_record_id = ${record.id}`);
    await analysisWith({ asr }).job().run({}, run());
    expect((await chargesOf(record.id)).map((e) => e.amount)).toEqual([-15, -15]);
    expect(await balance()).toBe(before - 30);
  });

  it('charges a run once however many times its charge is asked at once', async () => {
    const record = await recordedCall('bill-parallel', 61);
    const [analysis] = await t.database.db.select().from(callAnalyses).where(eq(callAnalyses.callRecordId, record.id));
    const before = await balance();
    const charge = () =>
      withTenant(t.database, kit.tenantId, (tx) =>
        chargeAnalysis(tx, {
          tenantId: kit.tenantId,
          analysisId: analysis!.id,
          run: 1,
          callRecordId: record.id,
          talkSeconds: 61,
          finishedAt: new Date(),
        }),
      );
    const results = await Promise.all(Array.from({ length: 10 }, charge));
    expect(results.filter((r) => r?.isBooked)).toHaveLength(1);
    expect((await chargesOf(record.id)).map((e) => e.amount)).toEqual([-10]);
    expect(await balance()).toBe(before - 10);
  });

  it('never charges the signal figures alone (no speech-to-text, no reading)', async () => {
    const record = await recordedCall('bill-signal', 300);
    await analysisWith({ asr: null }).job().run({}, run());
    const [analysis] = await t.database.db.select().from(callAnalyses).where(eq(callAnalyses.callRecordId, record.id));
    expect(analysis!.state).toBe('done');
    expect(await chargesOf(record.id)).toEqual([]);
  });
});
