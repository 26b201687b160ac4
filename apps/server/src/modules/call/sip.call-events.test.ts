import type { AddressInfo } from 'node:net';
import { routeTables, type TSipLineConfig } from '@yunhu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { collectLogLines, startTestApp, type TTestApp } from '../../test/harness.js';
import { customers } from '../crm/crm.schema.js';
import { kamailioMissing, startKamailio, type TKamailio } from '../telephony/sip.kamailio.js';
import { openSipPhone, type TSipPhone } from '../telephony/sip-client.test-kit.js';
import { callBinds, callRecords } from './call.schema.js';
import { callKit } from './call.test-kit.js';
import { sipCallEventPath } from './callback.routes.js';

const { call } = routeTables;
const { sip } = loadConfig({});

/** Soft-phone calls (mode 2) become call records through Kamailio's call events. */
describe('SIP call events', () => {
  let t: TTestApp;
  let kit: Awaited<ReturnType<typeof callKit>>;
  let manager: string;
  const log = collectLogLines();

  beforeAll(async () => {
    t = await startTestApp({ logStream: log.stream });
    kit = await callKit(t);
    manager = await t.loginAs.manager();
    await kit.setRules('manager');
  });
  afterAll(() => t.close());

  const dial = async (telB: string) => {
    const res = await t.call(call.dial, { telB, interfaceId: kit.sipLine.id }, manager);
    expect(res.body.code).toBe(0);
    return res.body.data.bindId;
  };
  const event = (fields: Record<string, string>, secret: string | null = sip.sharedSecret) =>
    t.app.inject({
      method: 'POST',
      url: sipCallEventPath,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(secret ? { 'x-sip-secret': secret } : {}) },
      payload: new URLSearchParams(fields).toString(),
    });
  const bindOf = async (bindId: string) =>
    (await t.database.db.select().from(callBinds).where(eq(callBinds.bindId, bindId)))[0]!;
  const recordsOf = (bindId: string) => t.database.db.select().from(callRecords).where(eq(callRecords.bindId, bindId));

  it('refuses events without the shared secret, and malformed ones', async () => {
    const bindId = await dial('13933330001');
    expect((await event({ event: 'ended', callId: 'c1', bindId, code: '0' }, null)).statusCode).toBe(403);
    expect((await event({ event: 'ended', callId: 'c1', bindId, code: '0' }, 'wrong')).statusCode).toBe(403);
    expect((await event({ event: 'hangup', callId: 'c1', bindId, code: '0' })).statusCode).toBe(400);
    expect((await event({ event: 'ended', callId: 'c1', bindId: 'x', code: '0' })).statusCode).toBe(400);
    expect(await recordsOf(bindId)).toHaveLength(0);
  });

  it("hands Kamailio the dial request's id with the invite's answer and logs every event of the call with it", async () => {
    const dialled = await t.call(call.dial, { telB: '13933330009', interfaceId: kit.sipLine.id }, manager);
    const dialId = String(dialled.headers['x-request-id']);
    const { bindId } = dialled.body.data;
    expect((await bindOf(bindId)).requestId).toBe(dialId);
    const callId = `req-id-${Date.now()}@pc33.example`;
    const invite = await event({ event: 'invite', callId, bindId, code: '0' });
    expect(invite.json()).toMatchObject({ code: 0, data: { reqId: dialId } });
    // Kamailio carries it on the call's later events (route CALL_EVENT); a malformed one is not logged.
    expect((await event({ event: 'answered', callId, bindId, code: '200', reqId: dialId })).statusCode).toBe(200);
    const ended = { event: 'ended', callId, bindId, code: '0', by: 'callee', cause: '0' };
    expect((await event({ ...ended, reqId: `${dialId}"\n{` })).statusCode).toBe(200);
    const lines = log.lines.filter((l) => l.msg === 'call event' && l.callId === callId);
    expect(lines.map((l) => [l.event, l.dialRequestId])).toEqual([
      ['invite', dialId],
      ['answered', dialId],
      ['ended', undefined],
    ]);
  });

  it('follows a call from INVITE to hang-up and writes one connected record, no recording', async () => {
    const bindId = await dial('13933330002');
    const callId = 'a84b4c76e66710@pc33.example';
    expect((await event({ event: 'invite', callId, bindId, code: '0' })).statusCode).toBe(200);
    expect((await bindOf(bindId)).state).toBe('ringing');
    // A colleague's callee check now sees the number busy.
    const agent01 = await t.loginAs.agent();
    expect((await t.call(call.calleeCheck, { mobile: '13933330002' }, agent01)).body.data).toBe(true);
    expect((await event({ event: 'answered', callId, bindId, code: '200' })).statusCode).toBe(200);
    expect((await bindOf(bindId)).state).toBe('talking');
    await t.database.db
      .update(callBinds)
      .set({ updatedAt: new Date(Date.now() - 42_000) })
      .where(eq(callBinds.bindId, bindId));
    const ended = { event: 'ended', callId, bindId, code: '0', by: 'caller', cause: '0' };
    expect((await event(ended)).json()).toMatchObject({ code: 0, msg: 'ok' });
    expect((await event(ended)).json()).toMatchObject({ msg: 'duplicate' });
    const rows = await recordsOf(bindId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      callStatus: 1,
      finishStatus: 1,
      duration: 42,
      lineId: kit.sipLine.id,
      userId: await kit.userId('manager'),
      preRecordUrl: null,
      carrierCallId: `sip-${callId}`,
    });
    expect((await bindOf(bindId)).state).toBe('finished');
    expect((await t.call(call.calleeCheck, { mobile: '13933330002' }, agent01)).body.data).toBe(0);
  });

  it('takes the answer and end times from the events’ own time (at), however late they arrive', async () => {
    const bindId = await dial('13933330010');
    const callId = `at-${bindId}`;
    const answeredAt = Date.now() - 120_000;
    await event({ event: 'invite', callId, bindId, code: '0', at: String(answeredAt - 3_000) });
    await event({ event: 'answered', callId, bindId, code: '200', at: String(answeredAt) });
    await event({ event: 'ended', callId, bindId, code: '0', by: 'callee', at: String(answeredAt + 65_300) });
    const [row] = await recordsOf(bindId);
    expect(row).toMatchObject({ callStatus: 1, finishStatus: 2, duration: 65 });
    expect(row!.endTime.getTime()).toBe(answeredAt + 65_300);
  });

  it('records who hung up from the direction of the BYE, and a call whose media failed as failed, not connected', async () => {
    const hangUp = async (fields: Record<string, string>) => {
      const bindId = await dial('13933330009');
      const callId = `dir-${bindId}`;
      await event({ event: 'invite', callId, bindId, code: '0' });
      await event({ event: 'answered', callId, bindId, code: '200' });
      await event({ event: 'ended', callId, bindId, code: '0', ...fields });
      return (await recordsOf(bindId))[0]!;
    };
    expect(await hangUp({ by: 'caller' })).toMatchObject({ callStatus: 1, finishStatus: 1, endReason: '' });
    expect(await hangUp({ by: 'callee' })).toMatchObject({ callStatus: 1, finishStatus: 2, endReason: '' });
    // 200 then at once a BYE from the browser saying its media failed: 失败 with the reason, no talk time.
    expect(await hangUp({ by: 'caller', cause: '488' })).toMatchObject({
      callStatus: 4,
      finishStatus: 1,
      duration: 0,
      endReason: '媒体协商失败（488）',
    });
  });

  it('ends the dial request at once with a failed record naming the trunk failure', async () => {
    const bindId = await dial('13933330008');
    await event({ event: 'invite', callId: 'trunk-503', bindId, code: '0' });
    await event({ event: 'failed', callId: 'trunk-503', bindId, code: '503' });
    expect(await recordsOf(bindId)).toMatchObject([{ callStatus: 4, finishStatus: 4, endReason: '线路故障（503）' }]);
    expect((await bindOf(bindId)).state).toBe('failed');
  });

  it('turns a busy reply into a busy record', async () => {
    const bindId = await dial('13933330003');
    await event({ event: 'invite', callId: 'busy-1', bindId, code: '0' });
    await event({ event: 'failed', callId: 'busy-1', bindId, code: '486' });
    expect(await recordsOf(bindId)).toMatchObject([{ callStatus: 3, duration: 0, finishStatus: 4 }]);
  });

  it('labels the customer by how the call ended: 404 空号, a server error says nothing', async () => {
    const customer = await kit.customerOf('manager');
    const labelOf = async () => (await t.database.db.select().from(customers).where(eq(customers.id, customer.id)))[0]!;
    const end = async (code: string) => {
      const res = await t.call(
        call.dial,
        { telB: customer.mobile, interfaceId: kit.sipLine.id, octCustomerId: customer.id },
        manager,
      );
      const bindId = res.body.data.bindId;
      await event({ event: 'invite', callId: `label-${code}`, bindId, code: '0' });
      await event({ event: 'failed', callId: `label-${code}`, bindId, code });
    };
    const before = await labelOf();
    await end('404');
    expect(await labelOf()).toMatchObject({ phoneLabel: 'invalid', callCount: before.callCount + 1 });
    await end('503');
    expect(await labelOf()).toMatchObject({ phoneLabel: 'invalid', callCount: before.callCount + 2 });
  });

  const missing = kamailioMissing();
  describe.skipIf(missing !== null)('through the product’s Kamailio', () => {
    let kam: TKamailio;
    let phones: TSipPhone[] = [];
    let managerSip: TSipLineConfig;
    let trunkSip: TSipLineConfig;
    const origin = 'http://127.0.0.1:5173';

    beforeAll(async () => {
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const serverUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      managerSip = (await t.call(call.lineConfig, { lineId: 2 }, manager)).body.data;
      trunkSip = (await t.call(call.lineConfig, { lineId: 2 }, await t.login('agent04', 'Agent@2026'))).body.data;
      kam = await startKamailio({
        serverUrl,
        sharedSecret: sip.sharedSecret!,
        realm: sip.realm,
        origins: [origin],
        trunk: { phone: trunkSip.key },
      });
    });
    afterAll(async () => {
      for (const p of phones) p.close();
      phones = [];
      await kam?.stop();
    });

    it('a customer call carrying X-Bind-Id that the carrier answers busy leaves a busy record', async () => {
      const open = async (c: TSipLineConfig) => {
        const p = await openSipPhone({ wsUrl: kam.wsUrl, origin, domain: c.realm, user: c.key, password: c.passWord });
        phones.push(p);
        return p;
      };
      const carrier = await open(trunkSip);
      await carrier.register();
      const caller = await open(managerSip);
      await caller.register();
      const bindId = await dial('13933330004');
      const answers = await caller.invite('13933330004', managerSip.passWord, [`X-Bind-Id: ${bindId}`]);
      expect(answers.map((a) => a.status)).toEqual([407, 486]);
      // Kamailio posts the failure from its failure route; give it a moment.
      let rows: Awaited<ReturnType<typeof recordsOf>> = [];
      for (let i = 0; i < 50 && rows.length === 0; i++) {
        await new Promise((r) => setTimeout(r, 100));
        rows = await recordsOf(bindId);
      }
      if (rows.length === 0) console.log(kam.log().slice(-3000));
      expect(rows).toMatchObject([{ callStatus: 3, carrierCallId: expect.stringMatching(/^sip-/) }]);
    });

    it('dials the customer behind a bind id for an agent who sees his number masked, and for him only', async () => {
      const agent02 = await t.login('agent02', 'Agent@2026');
      await kit.setRules('agent02');
      const agentSip = (await t.call(call.lineConfig, { lineId: 2 }, agent02)).body.data;
      const open = async (c: TSipLineConfig) => {
        const p = await openSipPhone({ wsUrl: kam.wsUrl, origin, domain: c.realm, user: c.key, password: c.passWord });
        phones.push(p);
        return p;
      };
      const carrier = await open(trunkSip);
      await carrier.register();
      const caller = await open(agentSip);
      await caller.register();
      const customer = await kit.customerOf('agent02');
      const masked = `${customer.mobile.slice(0, 3)}****${customer.mobile.slice(-4)}`;
      const res = await t.call(
        call.dial,
        { telB: masked, interfaceId: kit.sipLine.id, octCustomerId: customer.id },
        agent02,
      );
      expect(res.body.code).toBe(0);
      const { bindId, sipTarget } = res.body.data;
      // The page never gets the number: its SIP phone calls the bind id.
      expect(sipTarget).toBe(bindId);
      // Someone else cannot use that bind id (refused at the edge, and it stays the agent's).
      const other = await open(managerSip);
      await other.register();
      expect((await other.invite(bindId, managerSip.passWord, [`X-Bind-Id: ${bindId}`])).map((a) => a.status)).toEqual([
        407, 403,
      ]);
      const arrived = carrier.nextInvite();
      const answers = await caller.invite(bindId, agentSip.passWord, [`X-Bind-Id: ${bindId}`]);
      expect(answers.map((a) => a.status)).toEqual([407, 486]);
      expect((await arrived).header('x-dialed-number')).toBe(customer.mobile);
      let rows: Awaited<ReturnType<typeof recordsOf>> = [];
      for (let i = 0; i < 50 && rows.length === 0; i++) {
        await new Promise((r) => setTimeout(r, 100));
        rows = await recordsOf(bindId);
      }
      expect(rows).toMatchObject([{ callStatus: 3, telB: customer.mobile, customerId: customer.id }]);
    });
  });
});
