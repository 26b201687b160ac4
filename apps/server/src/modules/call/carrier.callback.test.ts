import fs from 'node:fs';
import path from 'node:path';
import { routeTables } from '@yunhu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { crmChangeLogs, customers } from '../crm/crm.schema.js';
import {
  carrierCallbackPath,
  carrierSignatureHeader,
  signCarrierBody,
  type TCarrierCallback,
} from '../telephony/carrier.js';
import { recordingPathPrefix } from '../telephony/recording.store.js';
import { wavDurationOf } from '../telephony/recording.wav.js';
import { callBinds, callRecords } from './call.schema.js';
import { callKit } from './call.test-kit.js';

const { call, callRecord: callDetail } = routeTables;
const { carrier } = loadConfig({});

/** The carrier simulator and the one ingestion path of call records ("Tests"). */
describe('carrier callback and simulator', () => {
  let t: TTestApp;
  let kit: Awaited<ReturnType<typeof callKit>>;
  let agent01: string;
  let manager: string;

  beforeAll(async () => {
    t = await startTestApp();
    kit = await callKit(t);
    [agent01, manager] = await Promise.all([t.loginAs.agent(), t.loginAs.manager()]);
    await kit.setRules('agent01');
    await kit.setRules('manager');
  });
  afterAll(() => t.close());

  const post = (body: string, signature: string | null) =>
    t.app.inject({
      method: 'POST',
      url: carrierCallbackPath,
      headers: {
        'content-type': 'application/json',
        ...(signature === null ? {} : { [carrierSignatureHeader]: signature }),
      },
      payload: body,
    });
  const recordsOf = (bindId: string) => t.database.db.select().from(callRecords).where(eq(callRecords.bindId, bindId));

  /** A call-back dial by agent01 with the simulator held back, so the test plays the carrier. */
  const heldDial = async () => {
    await kit.endCalls('agent01');
    t.app.call.simulator.configure({ timeScale: 1000 });
    const customer = await kit.customerOf('agent01');
    const res = await t.call(
      call.dial,
      { telB: customer.mobile, interfaceId: kit.callbackLine.id, octCustomerId: customer.id },
      agent01,
    );
    expect(res.body.code).toBe(0);
    return { bindId: res.body.data.bindId, customer };
  };
  const callback = (bindId: string, over: Partial<TCarrierCallback> = {}): TCarrierCallback => ({
    callId: `test-${bindId}`,
    bindId,
    outcome: 'connected',
    telA: '13800000002',
    telB: '13900000000',
    telX: '02566660001',
    startTime: Date.now() - 70_000,
    answerTime: Date.now() - 61_000,
    endTime: Date.now(),
    finishStatus: 2,
    recordingKey: null,
    ...over,
  });

  describe('signed callback', () => {
    it('refuses a bad or missing signature and writes nothing', async () => {
      const { bindId } = await heldDial();
      const body = JSON.stringify(callback(bindId));
      expect((await post(body, null)).statusCode).toBe(403);
      expect((await post(body, 'f'.repeat(64))).statusCode).toBe(403);
      // Signed with another key, or the body changed after signing.
      expect((await post(body, signCarrierBody('other-secret', body))).statusCode).toBe(403);
      const tampered = body.replace('"connected"', '"busy"     ');
      expect((await post(tampered, signCarrierBody(carrier.callbackSecret!, body))).statusCode).toBe(403);
      expect(await recordsOf(bindId)).toHaveLength(0);
    });

    it('writes one record from the same callback sent twice, with the bind’s person and customer', async () => {
      const { bindId, customer } = await heldDial();
      const body = JSON.stringify(callback(bindId));
      const sig = signCarrierBody(carrier.callbackSecret!, body);
      const first = await post(body, sig);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ code: 0, msg: 'ok' });
      const again = await post(body, sig);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ code: 0, msg: 'duplicate' });
      const rows = await recordsOf(bindId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        tenantId: kit.tenantId,
        userId: await kit.userId('agent01'),
        customerId: customer.id,
        lineId: kit.callbackLine.id,
        // The number comes from the bind, not from the carrier's body.
        telB: customer.mobile,
        callStatus: 1,
        finishStatus: 2,
        duration: 61,
        // Two started minutes at the line's price.
        postage: 2 * kit.callbackLine.pricePerMinute,
        preRecordUrl: null,
      });
      const [bind] = await t.database.db.select().from(callBinds).where(eq(callBinds.bindId, bindId));
      expect(bind!.state).toBe('finished');
    });

    it('counts the call on the customer and sets the phone label it showed, once per call', async () => {
      const { bindId, customer } = await heldDial();
      const before = (await t.database.db.select().from(customers).where(eq(customers.id, customer.id)))[0]!;
      const startTime = Date.now() - 30_000;
      const body = JSON.stringify(callback(bindId, { outcome: 'empty', answerTime: null, startTime, finishStatus: 4 }));
      const sig = signCarrierBody(carrier.callbackSecret!, body);
      await post(body, sig);
      await post(body, sig);
      const [after] = await t.database.db.select().from(customers).where(eq(customers.id, customer.id));
      expect(after).toMatchObject({
        callCount: before.callCount + 1,
        lastCallAt: new Date(startTime),
        phoneLabel: 'invalid',
      });
      const changes = await t.database.db.select().from(crmChangeLogs).where(eq(crmChangeLogs.customerId, customer.id));
      expect(changes.at(-1)).toMatchObject({
        userId: await kit.userId('agent01'),
        changes: [{ field: 'phoneLabel', label: '电话标签', to: '空号' }],
      });
      // Seen through the customer list: the call figures and the label.
      const list = await t.call(
        routeTables.crm.customerPage,
        { page: 1, limit: 5, isNeverCalled: false, sortField: 'lastCallAt' },
        agent01,
      );
      const row = list.body.data.records.find((r) => r.id === customer.id);
      expect(row).toMatchObject({ callCount: before.callCount + 1, lastCallAt: startTime, phoneLabel: 'invalid' });
      // A connected call later turns the label to 已接通; an older record arriving late keeps the last call time.
      const next = await heldDial();
      const older = JSON.stringify(
        callback(next.bindId, {
          startTime: startTime - 3_600_000,
          answerTime: startTime - 3_590_000,
          endTime: startTime - 3_500_000,
        }),
      );
      await post(older, signCarrierBody(carrier.callbackSecret!, older));
      const [last] = await t.database.db.select().from(customers).where(eq(customers.id, customer.id));
      expect(last).toMatchObject({
        callCount: before.callCount + 2,
        lastCallAt: new Date(startTime),
        phoneLabel: 'connected',
      });
    });

    it('tells the person who dialled where his call stands, and nobody else', async () => {
      const { bindId, customer } = await heldDial();
      const state = (token: string) => t.call(call.dialState, { bindId }, token);
      expect((await state(agent01)).body.data).toMatchObject({
        bindId,
        state: 'ringing',
        isOver: false,
        callStatus: null,
        callRecordId: null,
        customerId: customer.id,
      });
      // His manager sees the record in the lists, but the dial request is the agent's own.
      expect((await state(manager)).body).toMatchObject({ code: 10056, msg: '拨号记录不存在', data: null });
      const body = JSON.stringify(callback(bindId, { outcome: 'busy', answerTime: null, finishStatus: 4 }));
      await post(body, signCarrierBody(carrier.callbackSecret!, body));
      const ended = (await state(agent01)).body.data;
      expect(ended).toMatchObject({ state: 'failed', isOver: true, callStatus: 3, duration: 0 });
      // Its record, for the follow-up after the call (and its analysis).
      const [record] = await t.database.db.select().from(callRecords).where(eq(callRecords.bindId, bindId));
      expect(ended.callRecordId).toBe(record!.id);
    });

    it('answers 404 for a bind nobody issued and 400 for a malformed body', async () => {
      const body = JSON.stringify(callback('b00000000000000000000000000000000'));
      expect((await post(body, signCarrierBody(carrier.callbackSecret!, body))).statusCode).toBe(404);
      const bad = JSON.stringify({ callId: 'x' });
      expect((await post(bad, signCarrierBody(carrier.callbackSecret!, bad))).statusCode).toBe(400);
    });

    it('ignores a recording key of another enterprise', async () => {
      const { bindId } = await heldDial();
      const key = `recordings/999999/x.wav`;
      const body = JSON.stringify(callback(bindId, { recordingKey: key }));
      expect((await post(body, signCarrierBody(carrier.callbackSecret!, body))).statusCode).toBe(200);
      expect((await recordsOf(bindId))[0]!.preRecordUrl).toBeNull();
    });
  });

  describe('simulator', () => {
    // The calls the tests above held back never call back.
    beforeAll(async () => {
      t.app.call.simulator.cancelCalls();
      await kit.endCalls('agent01');
    });

    it('plays a connected call to its record and a WAV of the call’s length', async () => {
      t.app.call.simulator.configure({ timeScale: 0.001, seed: 7, outcome: 'connected' });
      const customer = await kit.customerOf('agent01');
      const res = await t.call(
        call.dial,
        { telB: customer.mobile, interfaceId: kit.callbackLine.id, octCustomerId: customer.id },
        agent01,
      );
      await t.app.call.simulator.idle();
      const [record] = await recordsOf(res.body.data.bindId);
      expect(record).toMatchObject({ callStatus: 1, customerId: customer.id, telX: kit.callbackLine.callerNumbers[0] });
      expect(record!.duration).toBeGreaterThanOrEqual(8);
      expect(record!.carrierCallId).toMatch(/^sim-/);
      expect(record!.endTime.getTime() - record!.startTime.getTime()).toBeGreaterThan(record!.duration * 1000);
      // The recording: a real RIFF/WAVE file whose length is the talk time, in stereo (agent, customer).
      const file = path.join(t.dataDir, record!.preRecordUrl!);
      const wav = fs.readFileSync(file);
      expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
      expect(wav.toString('ascii', 8, 12)).toBe('WAVE');
      expect(wavDurationOf(wav)).toBeCloseTo(record!.duration, 3);
      expect(wav.readUInt16LE(22)).toBe(2);
      expect(path.basename(file)).toBe(`${record!.carrierCallId}.wav`);

      // The customer's page lists it with a playable, signed address.
      const list = await t.call(callDetail.getCallDetailList, { octCustomerId: customer.id }, agent01);
      const row = list.body.data.records.find((r) => r.id === record!.id)!;
      expect(row).toMatchObject({ callStatusName: '已接通', duration: record!.duration, realName: '王强' });
      const audio = await t.app.inject({ method: 'GET', url: row.preRecordUrl! });
      expect(audio.statusCode).toBe(200);
      expect(audio.headers['content-type']).toBe('audio/wav');
      expect(audio.rawPayload.equals(wav)).toBe(true);
      const part = await t.app.inject({ method: 'GET', url: row.preRecordUrl!, headers: { range: 'bytes=0-43' } });
      expect(part.statusCode).toBe(206);
      expect(part.rawPayload.length).toBe(44);
      // A forged or expired address plays nothing.
      // (The first character of the signature changed: to '0', or to '1' when it was '0' — 1 in 16.)
      const forged = row.preRecordUrl!.replace(/sig=(.)/, (_m, c: string) => `sig=${c === '0' ? '1' : '0'}`);
      expect(forged).not.toBe(row.preRecordUrl);
      expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
      const expired = t.app.call.store.signedUrl(kit.tenantId, record!.id, Date.now() - 3_600_000);
      expect((await t.app.inject({ method: 'GET', url: expired.url })).statusCode).toBe(403);
      expect(
        (await t.app.inject({ method: 'GET', url: `${recordingPathPrefix}/${kit.tenantId}/${record!.id}` })).statusCode,
      ).toBe(403);
    });

    it('plays failed calls with realistic odds, deterministically with a seed', async () => {
      const outcomes = async () => {
        t.app.call.simulator.configure({ timeScale: 0.0001, seed: 42, outcome: null });
        const got: number[] = [];
        for (let i = 0; i < 12; i++) {
          const res = await t.call(
            call.dial,
            { telB: `1391111${String(i).padStart(4, '0')}`, interfaceId: kit.callbackLine.id },
            agent01,
          );
          await t.app.call.simulator.idle();
          got.push((await recordsOf(res.body.data.bindId))[0]!.callStatus);
        }
        return got;
      };
      await kit.setRules('agent01', { perNumberDailyLimit: 50 });
      const first = await outcomes();
      const second = await outcomes();
      expect(second).toEqual(first);
      expect(new Set(first).size).toBeGreaterThan(1);
      expect(first.filter((s) => s === 1).length).toBeGreaterThan(3);
    });

    it('records nothing to play when the seat does not record', async () => {
      await kit.setRules('agent01', { recording: false });
      t.app.call.simulator.configure({ timeScale: 0.0001, outcome: 'connected' });
      const res = await t.call(call.dial, { telB: '13912229999', interfaceId: kit.callbackLine.id }, agent01);
      await t.app.call.simulator.idle();
      const [record] = await recordsOf(res.body.data.bindId);
      expect(record).toMatchObject({ callStatus: 1, preRecordUrl: null });
      await kit.setRules('agent01');
    });
  });

  describe('customer call list: data scope, masking, tenant isolation', () => {
    it('shows a manager his department’s calls on the customer; masks them for the agent; hides them from another department', async () => {
      const customer = await kit.customerOf('agent01');
      const mine = await t.call(callDetail.getCallDetailList, { octCustomerId: customer.id }, manager);
      expect(mine.body.code).toBe(0);
      expect(mine.body.data.total).toBeGreaterThan(0);
      // The manager holds the view-number permission; the agent sees numbers masked (privacy switch on).
      expect(mine.body.data.records[0]!.telB).toBe(customer.mobile);
      const own = await t.call(callDetail.getCallDetailList, { octCustomerId: customer.id }, agent01);
      expect(own.body.data.total).toBe(mine.body.data.total);
      expect(own.body.data.records[0]!.telB).toMatch(/^\d{3}\*{4}\d{4}$/);
      const agent04 = await t.login('agent04', 'Agent@2026');
      const other = await t.call(callDetail.getCallDetailList, { octCustomerId: customer.id }, agent04);
      expect(other.body.code).toBe(10056);
      const recordId = mine.body.data.records.find((r) => r.preRecordUrl)!.id;
      expect((await t.call(callDetail.recordingUrl, { id: recordId }, agent04)).body.code).toBe(10056);
      const url = await t.call(callDetail.recordingUrl, { id: recordId }, manager);
      expect(url.body.data.url).toContain(`${recordingPathPrefix}/${kit.tenantId}/${recordId}?`);
    });

    it('another enterprise sees neither the customer’s calls nor their recordings', async () => {
      const { otherEnterprise } = await import('./sip.test-kit.js').then((m) => m.sipKit(t));
      const other = await otherEnterprise();
      const { roles, userRoles } = await import('../org/org.schema.js');
      const [role] = await t.database.db
        .insert(roles)
        .values({
          tenantId: other.tenantId,
          name: '主管',
          dataScope: 'all',
          permissions: ['crm:customer:list', 'call:dial:make'],
        })
        .returning();
      await t.database.db
        .insert(userRoles)
        .values({ userId: other.userId, roleId: role!.id, tenantId: other.tenantId });
      const token = await other.login();
      const customer = await kit.customerOf('agent01');
      const list = await t.call(callDetail.getCallDetailList, { octCustomerId: customer.id }, token);
      expect(list.body).toMatchObject({ code: 10056, msg: '客户不存在或已删除', data: null });
      const [rec] = await recordsOf(
        (await t.database.db.select().from(callRecords).where(eq(callRecords.customerId, customer.id)))[0]!.bindId,
      );
      expect((await t.call(callDetail.recordingUrl, { id: rec!.id }, token)).body.code).toBe(10056);
      // Its callee check never sees the demo enterprise's calls under way.
      await heldDial();
      expect((await t.call(call.calleeCheck, { mobile: customer.mobile }, manager)).body.data).toBe(true);
      expect((await t.call(call.calleeCheck, { mobile: customer.mobile }, token)).body).toMatchObject({
        code: 0,
        data: 0,
      });
      t.app.call.simulator.cancelCalls();
    });
  });
});
