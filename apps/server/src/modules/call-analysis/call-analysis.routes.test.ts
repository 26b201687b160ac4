import fs from 'node:fs';
import path from 'node:path';
import { routeTables } from '@yunhu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/tenant.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { otherEnterprise } from '../../test/other-enterprise.js';
import { callRecords } from '../call/call.schema.js';
import { callKit } from '../call/call.test-kit.js';
import { captureNameOf, gatewayCaptureDir } from '../telephony/recording.gateway.js';
import { leaveToneCapture, metadataOf, pcapOf, rtp, tone } from '../telephony/recording.test-kit.js';
import { callAnalysisRepository } from './call-analysis.repository.js';
import { callAnalyses } from './call-analysis.schema.js';
import { signalJobName } from './call-analysis.service.js';

const { callAnalysis } = routeTables;

/**
 * 通话分析 through the server: a soft-phone call's recording, once attached to its record, queues
 * its analysis; the job queue's run fills in the figures; the routes show them to the people who
 * may see the call, and 重新分析 queues it again. A recording that cannot be analysed fails with
 * its reason and leaves the call record as it was.
 */
describe('call analysis on the job queue', () => {
  let t: TTestApp;
  let kit: Awaited<ReturnType<typeof callKit>>;
  let agent: string;
  let manager: string;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp();
    kit = await callKit(t);
    [agent, manager, admin] = await Promise.all([t.loginAs.agent(), t.loginAs.manager(), t.loginAs.admin()]);
  });
  afterAll(() => t.close());

  const pendingCall = (callId: string, username: string) => kit.pendingSoftphoneCall(callId, username);

  /** A call of `username` recorded by the gateway, its recording attached as after the hang-up. */
  const recordedCall = async (callId: string, username: string) => {
    const record = await pendingCall(callId, username);
    leaveToneCapture(t.dataDir, callId);
    await t.app.call.callbacks.sweepPending({ before: new Date() });
    return record;
  };

  /**
   * A call to the development carrier: the agent's 440 Hz for 1 s, then the "customer" (the
   * simulator's side) from 1.2 s to 3 s, its recording attached.
   */
  const conversation = async (callId: string, username: string) => {
    const record = await pendingCall(callId, username);
    const dir = gatewayCaptureDir(t.dataDir);
    for (const sub of ['pcaps', 'metadata', 'tmp']) fs.mkdirSync(path.join(dir, sub), { recursive: true });
    const start = 1_795_000_000_000;
    const agentSide = Array.from({ length: 50 }, (_, i) => ({
      at: start + i * 20,
      port: 4000,
      data: rtp(0, i, i * 160, 11, tone(440, i * 160, 160)),
    }));
    const customerSide = Array.from({ length: 90 }, (_, i) => ({
      at: start + 1200 + i * 20,
      port: 5000,
      data: rtp(0, i, i * 160, 12, tone(440, i * 160, 160)),
    }));
    const name = captureNameOf(callId);
    fs.writeFileSync(path.join(dir, 'pcaps', `${name}-0a1b2c3d4e5f6071.pcap`), pcapOf([...agentSide, ...customerSide]));
    fs.writeFileSync(path.join(dir, 'metadata', `rtpengine-meta-${name}-0a1b2c3d4e5f6071.txt`), metadataOf(5000, 4000));
    await t.app.call.callbacks.sweepPending({ before: new Date() });
    return record;
  };

  const analysisOf = async (callRecordId: number) =>
    (await t.database.db.select().from(callAnalyses).where(eq(callAnalyses.callRecordId, callRecordId)))[0];

  it('queues a recorded call once, and the queue’s run fills in its figures', async () => {
    const record = await recordedCall('analysed-1', 'agent01');
    expect(await analysisOf(record.id)).toMatchObject({ state: 'pending', attempts: 0, figures: null });
    // The same call queued again (a second hook, a repeated event) adds nothing.
    const again = await withTenant(t.database, kit.tenantId, (tx) =>
      callAnalysisRepository.ensureByCarrierCallId(tx, kit.tenantId, 'sip-analysed-1'),
    );
    expect(again).toBe(false);
    expect(
      await t.database.db.select().from(callAnalyses).where(eq(callAnalyses.callRecordId, record.id)),
    ).toHaveLength(1);

    await t.app.jobs.runDue();
    const done = await analysisOf(record.id);
    expect(done).toMatchObject({ state: 'done', attempts: 1, errorReason: '' });
    expect(done!.figures!.durationSec).toBeCloseTo(2, 1);
    expect(Math.abs(done!.figures!.agentTalkSec! - 2)).toBeLessThanOrEqual(0.3);
    expect(done!.figures!.customerTalkSec).toBe(0);
    expect(done!.figures!.customerFirstWordsSec).toBeNull();
    // An outbound call the caller ended (主叫挂断): the agent hung up, after his own words.
    expect(done!.figures).toMatchObject({ hungUpBy: 'agent', lastSpeaker: 'agent' });

    const one = await t.call(callAnalysis.one, { id: record.id }, agent);
    expect(one.body.code).toBe(0);
    expect(one.body.data).toMatchObject({ callRecordId: record.id, state: 'done', stateName: '已完成', attempts: 1 });
    expect(one.body.data!.figures!.agentSegments).toHaveLength(1);
    // Nobody spoke on the customer's side: no text is made up for it, and nothing is read.
    expect(one.body.data).toMatchObject({
      transcript: { segments: [], note: '客户一侧没有说话；坐席一侧不做模拟识别' },
      insight: null,
      insightNote: '没有可分析的通话转写',
    });
    // The call record is the call area's, untouched by its analysis.
    const [after] = await t.database.db.select().from(callRecords).where(eq(callRecords.id, record.id));
    expect(after).toMatchObject({ recordingState: 'ready', callStatus: 1, duration: 2 });
  });

  it("transcribes the development carrier's side with its script where it spoke, and reads it by the rules", async () => {
    const record = await conversation('script-6', 'agent01');
    await t.app.jobs.runDue();
    const one = (await t.call(callAnalysis.one, { id: record.id }, agent)).body.data!;
    expect(one.state).toBe('done');
    const [heard] = one.figures!.customerSegments;
    expect(one.transcript).toMatchObject({
      engine: '开发环境模拟识别（模拟运营商的固定台词）',
      isSimulated: true,
      note: '坐席一侧不做模拟识别',
    });
    // 1.8 s of the customer: the clauses the simulator had begun by then, where he was heard.
    expect(one.transcript!.segments).toEqual([
      { side: 'customer', fromSec: heard![0], toSec: heard![1], text: '您好，这里是云呼模拟运营商，' },
    ]);
    expect(one.insight).toMatchObject({
      engine: '规则分析（开发环境）',
      intention: 'C',
      objections: [],
      nextDate: null,
    });
    expect(one.insightNote).toBe('');
  });

  it('leaves the calls of someone whose 智能分析 is off (呼叫管理) unqueued, and queues them again once it is on', async () => {
    await kit.setRules('agent03', { analysis: false });
    const off = await recordedCall('switched-off-1', 'agent03');
    expect(off).toBeDefined();
    expect(await analysisOf(off.id)).toBeUndefined();
    await kit.setRules('agent03', { analysis: true });
    const on = await recordedCall('switched-on-1', 'agent03');
    expect(await analysisOf(on.id)).toMatchObject({ state: 'pending' });
  });

  it('fails a recording that cannot be analysed with its reason, at once, and leaves the call as it was', async () => {
    const record = await pendingCall('broken-2', 'agent01');
    // A file the gateway never writes: not a WAV at all.
    const key = t.app.call.store.keyOf(kit.tenantId, 'broken-2');
    await t.app.call.store.write(key, Buffer.from('not a recording'));
    await t.database.db
      .update(callRecords)
      .set({ preRecordUrl: key, recordingState: 'ready' })
      .where(eq(callRecords.id, record.id));
    await withTenant(t.database, kit.tenantId, (tx) =>
      callAnalysisRepository.ensureByCarrierCallId(tx, kit.tenantId, 'sip-broken-2'),
    );
    await t.app.jobs.send(signalJobName);
    await t.app.jobs.runDue();
    expect(await analysisOf(record.id)).toMatchObject({
      state: 'failed',
      errorReason: '录音不是 WAV 文件',
      attempts: 1,
      figures: null,
    });
    const one = await t.call(callAnalysis.one, { id: record.id }, agent);
    expect(one.body.data).toMatchObject({ state: 'failed', stateName: '失败' });
    const [after] = await t.database.db.select().from(callRecords).where(eq(callRecords.id, record.id));
    expect(after).toMatchObject({ recordingState: 'ready', callStatus: 1 });
  });

  it('shows a call’s analysis only to people who may see the call', async () => {
    const managers = await recordedCall('managers-3', 'manager');
    await t.app.jobs.runDue();
    // An agent sees his own calls only; his manager sees his department's.
    const refused = await t.call(callAnalysis.one, { id: managers.id }, agent);
    expect([refused.body.code, refused.body.msg]).toEqual([10056, '通话记录不存在或不在您的数据范围内']);
    expect((await t.call(callAnalysis.one, { id: managers.id }, manager)).body.data?.state).toBe('done');

    const agentsPage = await t.call(callAnalysis.page, { page: 1, limit: 50 }, agent);
    expect(agentsPage.body.code).toBe(0);
    const agentIds = agentsPage.body.data.records.map((r) => r.callRecordId);
    expect(agentIds).not.toContain(managers.id);
    expect(agentsPage.body.data.records.every((r) => r.realName === '王强')).toBe(true);
    const managersPage = await t.call(callAnalysis.page, { page: 1, limit: 50 }, manager);
    expect(managersPage.body.data.records.map((r) => r.callRecordId)).toContain(managers.id);
    expect(managersPage.body.data.total).toBeGreaterThan(agentsPage.body.data.total);
    // The list leaves the segments to the panel.
    const row = managersPage.body.data.records.find((r) => r.callRecordId === managers.id)!;
    expect(row.figures).not.toHaveProperty('agentSegments');
    expect(row).toMatchObject({ state: 'done', realName: '李娜', duration: 2 });
    const failedOnly = await t.call(callAnalysis.page, { page: 1, limit: 50, state: 'failed' }, manager);
    expect(failedOnly.body.data.records.map((r) => r.state)).toEqual(['failed']);

    const stranger = await otherEnterprise(t, { code: 'E9301', username: 'analysis-boss', mobile: '13930000001' });
    const foreign = await t.call(callAnalysis.one, { id: managers.id }, stranger.token);
    expect(foreign.body.code).toBe(10056);
    expect((await t.call(callAnalysis.page, { page: 1, limit: 50 }, stranger.token)).body.data.total).toBe(0);
  });

  it('analyses a call again on demand, for people who hold 重新分析 only', async () => {
    const record = await recordedCall('again-4', 'agent01');
    await t.app.jobs.runDue();
    expect((await t.call(callAnalysis.reanalyse, { id: record.id }, agent)).body.code).toBe(403);

    const asked = await t.call(callAnalysis.reanalyse, { id: record.id }, admin);
    expect(asked.body.code).toBe(0);
    expect(asked.body.data).toMatchObject({ state: 'pending', stateName: '待分析', attempts: 0 });
    await t.app.jobs.runDue();
    expect(await analysisOf(record.id)).toMatchObject({ state: 'done', attempts: 1 });

    // A call without a recording has nothing to analyse.
    const silent = await pendingCall('none-5', 'agent01');
    await t.database.db.update(callRecords).set({ recordingState: 'none' }).where(eq(callRecords.id, silent.id));
    const none = await t.call(callAnalysis.one, { id: silent.id }, agent);
    expect([none.body.code, none.body.data]).toEqual([0, null]);
    const refused = await t.call(callAnalysis.reanalyse, { id: silent.id }, admin);
    expect([refused.body.code, refused.body.msg]).toEqual([10056, '该通话没有录音，无法分析']);
    expect(await analysisOf(silent.id)).toBeUndefined();
  });
});
