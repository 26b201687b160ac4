import { routeTables } from '@yunhu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { withTenant } from '../../db/tenant.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { callRecords } from '../call/call.schema.js';
import { callKit } from '../call/call.test-kit.js';
import { carrierCallbackPath, carrierSignatureHeader, signCarrierBody } from '../telephony/carrier.js';
import { loadSimulatorVoices } from '../telephony/carrier.simulator.js';
import { simulatedCallWav } from '../telephony/recording.wav.js';
import { createRulesAnalyst } from './analyst-rules.js';
import { devCallBackAgentScriptPath, loadSpeechScript } from './asr-dev.js';
import { callAnalysisRepository } from './call-analysis.repository.js';
import { createCallAnalysisService } from './call-analysis.service.js';
import type { TAsrAdapter } from './speech.adapter.js';

const { call, callAnalysis } = routeTables;
const { carrier } = loadConfig({});

/** A 16-bit stereo WAV's two channels mixed into one: the mono file a carrier records. */
const mixedDown = (stereo: Buffer) => {
  const frames = (stereo.length - 44) / 4;
  const mono = Buffer.alloc(44 + frames * 2);
  stereo.copy(mono, 0, 0, 44);
  mono.writeUInt32LE(36 + frames * 2, 4);
  mono.writeUInt16LE(1, 22);
  mono.writeUInt32LE(8000 * 2, 28);
  mono.writeUInt16LE(2, 32);
  mono.writeUInt32LE(frames * 2, 40);
  for (let i = 0; i < frames; i++) {
    const sum = stereo.readInt16LE(44 + i * 4) + stereo.readInt16LE(46 + i * 4);
    mono.writeInt16LE(Math.max(-32768, Math.min(32767, sum)), 44 + i * 2);
  }
  return mono;
};

/**
 * Call-back (回拨) calls analysed like soft-phone ones: the development carrier's recording is
 * stereo (its agent's line left, the customer's script right) and is analysed whole; a real
 * carrier's mono recording gets the whole call's figures, each side's marked unknown, not a failure.
 */
describe('call analysis of call-back calls', () => {
  let t: TTestApp;
  let kit: Awaited<ReturnType<typeof callKit>>;
  let agent: string;
  let admin: string;
  /** The call-back call whose carrier recorded it mono. */
  let monoCall = 0;

  beforeAll(async () => {
    t = await startTestApp();
    kit = await callKit(t);
    [agent, admin] = await Promise.all([t.loginAs.agent(), t.loginAs.admin()]);
    await kit.setRules('agent01');
  });
  afterAll(() => t.close());

  const dial = async () => {
    await kit.endCalls('agent01');
    const customer = await kit.customerOf('agent01');
    const res = await t.call(
      call.dial,
      { telB: customer.mobile, interfaceId: kit.callbackLine.id, octCustomerId: customer.id },
      agent,
    );
    expect(res.body.code).toBe(0);
    return res.body.data.bindId;
  };
  const recordOf = async (bindId: string) =>
    (await t.database.db.select().from(callRecords).where(eq(callRecords.bindId, bindId)))[0]!;

  it('analyses a call-back call through the development carrier to 已完成, with both sides’ talk and the script', async () => {
    // A talk of 40 s (the seed): the customer's script, the agent's line, and so on in turns.
    t.app.call.simulator.configure({ timeScale: 0.001, seed: 11, outcome: 'connected' });
    const bindId = await dial();
    await t.app.call.simulator.idle();
    const record = await recordOf(bindId);
    expect(record.preRecordUrl).not.toBeNull();
    expect(record.duration).toBeGreaterThanOrEqual(25);
    // Queued with the carrier's callback, analysed by the queue's run.
    const queued = await t.call(callAnalysis.one, { id: record.id }, agent);
    expect(queued.body.data).toMatchObject({ state: 'pending', stateName: '待分析' });
    // 必说话术 reads the agent's words: the simulator's agent line is known on its recordings.
    const required = await t.call(
      callAnalysis.ruleSave,
      { name: '开场要说明身份', rule: { kind: 'required', words: ['坐席'], withinSec: 30 } },
      admin,
    );
    expect(required.body.code).toBe(0);
    await t.app.jobs.runDue();

    const { data } = (await t.call(callAnalysis.one, { id: record.id }, agent)).body;
    expect(data).toMatchObject({ state: 'done', stateName: '已完成', errorReason: '' });
    const f = data!.figures!;
    expect(f.isMono).toBeUndefined();
    expect(f.durationSec).toBeCloseTo(record.duration, 0);
    // The customer's script (11.1 s) spoken as he picks up; the agent's line (6.9 s) after it.
    expect(f.customerFirstWordsSec!).toBeLessThan(1);
    expect(f.agentFirstWordsSec!).toBeGreaterThan(11);
    expect(f.customerTalkSec!).toBeGreaterThan(12);
    expect(f.agentTalkSec!).toBeGreaterThan(6);
    expect(f.agentSharePercent! + f.customerSharePercent!).toBeCloseTo(100, 5);
    expect(f.overlapCount).toBe(0);
    expect(f.turns!).toBeGreaterThanOrEqual(3);
    // The development speech-to-text knows the simulator's script on its recordings: each recitation.
    const script = loadSpeechScript().text;
    const said = data!.transcript!.segments;
    const agentLine = loadSpeechScript(devCallBackAgentScriptPath).text;
    expect(said.filter((s) => s.side === 'customer').length).toBeGreaterThanOrEqual(2);
    expect(said[0]).toMatchObject({ side: 'customer', text: script });
    // The agent's line where the agent spoke, after the customer's first recitation, in time order.
    const agentSaid = said.filter((s) => s.side === 'agent');
    expect(agentSaid[0]).toMatchObject({ text: agentLine });
    expect(agentSaid[0]!.fromSec).toBeCloseTo(f.agentFirstWordsSec!, 1);
    expect(said.map((s) => s.fromSec)).toEqual([...said.map((s) => s.fromSec)].sort((a, b) => a - b));
    expect(data!.transcript!.note).toBe('');
    expect(data!.quality!.results.find((r) => r.name === '开场要说明身份')).toMatchObject({ status: 'pass' });
    // The rules analyst read it.
    expect(data!.insight).toMatchObject({ intention: expect.stringMatching(/^[A-D]$/) });
    expect(data!.insight!.summary).toContain('云呼模拟运营商');
  });

  it('gives a real carrier’s mono recording the whole call’s figures, each side’s left unknown', async () => {
    t.app.call.simulator.configure({ timeScale: 1000 });
    const bindId = await dial();
    // The carrier records both legs mixed on one channel: the simulator's conversation, mixed down.
    const callId = `mono-${bindId}`;
    const key = t.app.call.store.keyOf(kit.tenantId, callId);
    await t.app.call.store.write(key, mixedDown(simulatedCallWav(30, 5, loadSimulatorVoices())));
    const rule = await t.call(
      callAnalysis.ruleSave,
      { name: '坐席话太多', rule: { kind: 'talkShare', minPercent: null, maxPercent: 60 } },
      admin,
    );
    expect(rule.body.code).toBe(0);
    const now = Date.now();
    const body = JSON.stringify({
      callId,
      bindId,
      outcome: 'connected',
      telA: '13800000002',
      telB: '13900000000',
      telX: '02566660001',
      startTime: now - 40_000,
      answerTime: now - 30_000,
      endTime: now,
      finishStatus: 2,
      recordingKey: key,
    });
    const posted = await t.app.inject({
      method: 'POST',
      url: carrierCallbackPath,
      headers: {
        'content-type': 'application/json',
        [carrierSignatureHeader]: signCarrierBody(carrier.callbackSecret!, body),
      },
      payload: body,
    });
    expect(posted.json()).toMatchObject({ code: 0 });
    const record = await recordOf(bindId);
    monoCall = record.id;
    await t.app.jobs.runDue();

    const { data } = (await t.call(callAnalysis.one, { id: record.id }, agent)).body;
    expect(data).toMatchObject({ state: 'done', errorReason: '' });
    const f = data!.figures!;
    expect(f).toMatchObject({
      isMono: true,
      agentTalkSec: null,
      customerTalkSec: null,
      agentSharePercent: null,
      overlapCount: null,
      turns: null,
      customerFirstWordsSec: null,
      lastSpeaker: null,
      // The record's 结束状态 still says who hung up.
      hungUpBy: 'customer',
    });
    expect(f.durationSec).toBeCloseTo(30, 1);
    // Script, line, script: about 11.1 + 6.9 + 11.1 s of speech (the last cut at the hang-up).
    expect(f.speechSec!).toBeGreaterThan(25);
    expect(f.speechSegments!.length).toBeGreaterThanOrEqual(3);
    // Not one side's words without two channels: said so, not guessed.
    expect(data!.transcript).toMatchObject({
      segments: [],
      note: '单声道录音分不出客户的声音，开发环境的模拟识别不转写',
    });
    expect(data!.insight).toBeNull();
    expect(data!.insightNote).toBe('没有可分析的通话转写');
    expect(data!.quality!.results.find((r) => r.name === '坐席话太多')).toMatchObject({
      status: 'mono',
      detail: '单声道录音分不出坐席的说话时长',
    });
    // The list shows it done, its unknown figures null.
    const page = await t.call(callAnalysis.page, { page: 1, limit: 50 }, agent);
    const row = page.body.data.records.find((r) => r.callRecordId === record.id)!;
    expect(row.figures).toMatchObject({ isMono: true, agentTalkSec: null });
    expect(row.figures).not.toHaveProperty('speechSegments');
    // 坐席小结 adds both call-back calls up: the silences of both, each side's talk and the turns of the stereo one.
    const stereo = page.body.data.records.find((r) => r.callRecordId !== record.id)!.figures!;
    const summary = await t.call(
      callAnalysis.seatSummary,
      { page: 1, limit: 10, startRange: [Date.now() - 3_600_000, Date.now() + 60_000] },
      agent,
    );
    expect(summary.body.data.records).toHaveLength(1);
    expect(summary.body.data.records[0]).toMatchObject({
      analysedCalls: 2,
      silenceCount: stereo.silenceCount + f.silenceCount,
      // Seconds to the tenth in the summary.
      agentTalkSec: Math.round(stereo.agentTalkSec! * 10) / 10,
      turnsPerCall: stereo.turns,
    });
  });

  it('keeps a cloud speech-to-text’s mono transcript without sides; the rules leave it unread and say why', async () => {
    // Tencent's answer for a mono file (ChannelNum 1): sentences, nobody's in particular.
    const asr: TAsrAdapter = {
      engine: '云端识别',
      isCloud: true,
      transcribe: async (input) => {
        expect(input).toMatchObject({ isMono: true, source: 'carrier', side: null });
        return {
          engine: '云端识别',
          isSimulated: false,
          note: '',
          segments: [
            { side: null, fromSec: 0.6, toSec: 11.2, text: '您好，这里是云呼模拟运营商。' },
            { side: null, fromSec: 12.3, toSec: 18.8, text: '我是云呼的坐席，方便聊两句吗？' },
          ],
        };
      },
    };
    const quiet = { error: () => undefined, warn: () => undefined };
    const analysis = createCallAnalysisService({
      database: t.database,
      store: t.app.call.store,
      isMasked: async () => false,
      send: async () => undefined,
      logger: quiet,
      speech: { asr, analyst: createRulesAnalyst() },
    });
    const rule = await t.call(
      callAnalysis.ruleSave,
      { name: '提到运营商', rule: { kind: 'keyword', words: ['运营商'], side: 'both' } },
      admin,
    );
    expect(rule.body.code).toBe(0);
    await withTenant(t.database, kit.tenantId, (tx) => callAnalysisRepository.requeue(tx, kit.tenantId, monoCall));
    await analysis.job().run({}, { signal: new AbortController().signal, attempt: 1 });

    const { data } = (await t.call(callAnalysis.one, { id: monoCall }, agent)).body;
    expect(data).toMatchObject({ state: 'done', figures: { isMono: true } });
    expect(data!.transcript!.segments.map((s) => s.side)).toEqual([null, null]);
    expect(data!.insight).toBeNull();
    expect(data!.insightNote).toBe('单声道录音的转写分不出客户的话，规则分析不作判断');
    const results = data!.quality!.results;
    expect(results.find((r) => r.name === '提到运营商')).toMatchObject({ status: 'hit', detail: '双方说了：运营商' });
    expect(results.find((r) => r.name === '坐席话太多')!.status).toBe('mono');
  });
});
