import dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { routeTables, type TSipLineConfig } from '@yunhu/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { callBinds } from '../call/call.schema.js';
import { callKit } from '../call/call.test-kit.js';
import { operationLogs } from '../system/system.schema.js';
import { listenGatewayAt } from '../telephony/listen.gateway.js';
import { freeNgPort } from '../telephony/sip.gateway.test-kit.js';
import { kamailioMissing, startKamailio, type TKamailio } from '../telephony/sip.kamailio.js';
import { rtpengineMissing } from '../telephony/sip.kamailio-rtpengine.js';
import {
  openRtpPeer,
  sdpOf,
  sippMissing,
  startSippTrunk,
  type TRtpPeer,
  type TSippTrunk,
} from '../telephony/sip.kamailio-sipp.test-kit.js';
import { webrtcCall } from '../telephony/sip.webrtc.test-kit.js';
import { whisperTag } from './whisper.service.js';

/**
 * 监听 through the product's Kamailio and gateway, sipp as the plain-RTP carrier:
 * the manager's customer call is answered by the trunk, whose tone reaches the gateway. The
 * administrator's listen gets one WebRTC offer per party (ICE, DTLS-SRTP, receive-only) and is
 * written to the operation log; the same subscriptions made with a plain-RTP listener carry the
 * trunk's packets to a UDP socket, and stop carrying them once unsubscribed, the call going on.
 * A party can be given a fresh subscription (listenRenew). The browser's ears: e2e/softphone/listen.e2e.ts.
 */
const missing = kamailioMissing() ?? rtpengineMissing() ?? sippMissing();
const isRequired = process.env.REQUIRE_KAMAILIO === '1';
if (missing && !isRequired) console.warn(`跳过监听集成测试：${missing}`);

/** A plain-RTP listener: counts RTP packets by payload type. */
const openListener = async () => {
  const socket = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const counts = new Map<number, number>();
  socket.on('message', (data) => {
    if (data.length < 12 || data[0]! >> 6 !== 2 || (data[1]! >= 200 && data[1]! <= 204)) return;
    const pt = data[1]! & 0x7f;
    counts.set(pt, (counts.get(pt) ?? 0) + 1);
  });
  const total = () => [...counts.values()].reduce((a, b) => a + b, 0);
  /**
   * The answer to one offer: receive-only at this socket, PCMA first, the party's own codecs kept
   * (rtpengine 10.5 refuses an answer without the source's codec: "not present in the answer").
   */
  const answerTo = (offer: string) => {
    const offered = /^m=audio \d+ RTP\/AVP ([\d ]+)/m.exec(offer)![1]!.trim().split(' ');
    const pcma = /^a=rtpmap:(\d+) PCMA\/8000/m.exec(offer)![1]!;
    const order = [pcma, ...offered.filter((pt) => pt !== pcma)];
    const mid = /^a=mid:.*$/m.exec(offer)?.[0];
    return [
      'v=0',
      'o=- 1 1 IN IP4 127.0.0.1',
      's=-',
      'c=IN IP4 127.0.0.1',
      't=0 0',
      `m=audio ${socket.address().port} RTP/AVP ${order.join(' ')}`,
      ...(mid ? [mid] : []),
      ...order.flatMap((pt) => offer.match(new RegExp(`^a=(rtpmap|fmtp):${pt} .*$`, 'gm')) ?? []),
      'a=recvonly',
      '',
    ].join('\r\n');
  };
  return { counts, total, answerTo, close: () => socket.close() };
};

describe.skipIf(missing !== null && !isRequired)('监听 through the media gateway', () => {
  const { sip } = loadConfig({});
  const origin = 'http://127.0.0.1:5173';
  let t: TTestApp;
  let kit: Awaited<ReturnType<typeof callKit>>;
  let kam: TKamailio;
  let trunk: TSippTrunk;
  let rtp: TRtpPeer;
  let manager: string;
  let admin: string;
  let managerId: number;
  let managerSip: TSipLineConfig;
  let silent: dgram.Socket;
  let ngPort: number;
  const closers: (() => void)[] = [];
  let n = 0;

  /** The manager's call to a customer, answered by the trunk, its tone flowing into the gateway. */
  const talkingCall = async () => {
    const number = `1393333${String(7100 + n++).padStart(4, '0')}`;
    const res = await t.call(routeTables.call.dial, { telB: number, interfaceId: kit.sipLine.id }, manager);
    expect(res.body.code, res.body.msg).toBe(0);
    const { bindId } = res.body.data;
    const before = trunk.invites().length;
    const call = await webrtcCall(
      {
        wsUrl: kam.wsUrl,
        origin,
        candidatePort: silent.address().port,
        onClose: (close) => closers.push(close),
        headers: [`X-Bind-Id: ${bindId}`],
      },
      managerSip,
      number,
    );
    expect(call.answer.status).toBe(200);
    const gatewayPort = Number(/^m=audio (\d+)/m.exec(sdpOf(trunk.invites()[before]!))![1]);
    rtp.sendTo({ address: '127.0.0.1', port: gatewayPort });
    // Talking once the server took the answer event.
    await expect
      .poll(async () => (await t.database.db.select().from(callBinds).where(eq(callBinds.bindId, bindId)))[0]?.state)
      .toBe('talking');
    return { bindId, call };
  };

  beforeAll(async () => {
    ngPort = await freeNgPort();
    t = await startTestApp({ env: { MEDIA_NG_PORT: String(ngPort) } });
    kit = await callKit(t);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const serverUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    manager = await t.loginAs.manager();
    admin = await t.loginAs.admin();
    managerId = await kit.userId('manager');
    // Calls at any hour: the demo's 08:00–21:00 refused every dial after 21:00 Beijing time (CI, 13:30 UTC).
    await kit.setRules('manager');
    managerSip = (await t.call(routeTables.call.lineConfig, { lineId: 2 }, manager)).body.data;
    silent = dgram.createSocket('udp4');
    await new Promise<void>((resolve) => silent.bind(0, '127.0.0.1', resolve));
    rtp = await openRtpPeer();
    trunk = await startSippTrunk({ rtpPort: rtp.port });
    kam = await startKamailio({
      serverUrl,
      sharedSecret: sip.sharedSecret!,
      realm: sip.realm,
      origins: [origin],
      trunk: { address: trunk.address },
      media: { ngPort },
    });
  });
  afterAll(async () => {
    for (const close of closers) close();
    await kam?.stop();
    await trunk?.stop();
    rtp?.close();
    silent?.close();
    await t?.close();
  });
  beforeEach(({ onTestFailed }) => {
    onTestFailed(() => {
      console.log(`Kamailio log (tail):\n${kam?.log().slice(-3000)}`);
      console.log(`rtpengine log (tail):\n${kam?.media?.log().slice(-3000)}`);
    });
  });

  it('gives the administrator one receive-only WebRTC offer per party, logs it, and stops it', async () => {
    const { call } = await talkingCall();
    const res = await t.call(routeTables.wallboard.listenStart, { userId: managerId }, admin);
    expect(res.body.code).toBe(0);
    const { listenId, sdps } = res.body.data;
    expect(sdps).toHaveLength(2);
    for (const sdp of sdps) {
      expect(sdp).toMatch(/^m=audio \d+ UDP\/TLS\/RTP\/SAVPF /m);
      expect(sdp).toMatch(/^a=ice-ufrag:/m);
      expect(sdp).toMatch(/^a=fingerprint:sha-256 /m);
      expect(sdp).toMatch(/^a=rtcp-mux/m);
      expect(sdp).toMatch(/^a=sendonly/m);
      expect(sdp).toMatch(/^a=setup:passive/m);
    }
    const [log] = await t.database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.summary, '监听通话'), eq(operationLogs.userName, 'admin')));
    expect(log).toMatchObject({ module: 'call', result: 'success' });
    // Only its starter may answer or stop it.
    const foreign = await t.call(routeTables.wallboard.listenStop, { listenId }, manager);
    expect(foreign.body.msg).toBe('监听已结束，请重新点击监听');
    const noSuchParty = await t.call(routeTables.wallboard.listenAnswer, { listenId, index: 2, sdp: 'v=0' }, admin);
    expect(noSuchParty.body.msg).toBe('监听应答与媒体网关的提议不符，请重新点击监听');
    // A party whose connection did not connect gets a fresh subscription (other ICE credentials);
    // another person's renew and a party the call has not are refused.
    const renewed = await t.call(routeTables.wallboard.listenRenew, { listenId, index: 1 }, admin);
    expect(renewed.body.code).toBe(0);
    const ufrag = (sdp: string) => /^a=ice-ufrag:(\S+)/m.exec(sdp)![1];
    expect(renewed.body.data.sdp).toMatch(/^a=setup:passive/m);
    expect(ufrag(renewed.body.data.sdp)).not.toBe(ufrag(sdps[1]!));
    expect((await t.call(routeTables.wallboard.listenRenew, { listenId, index: 1 }, manager)).body.msg).toBe(
      '监听已结束，请重新点击监听',
    );
    expect((await t.call(routeTables.wallboard.listenRenew, { listenId, index: 2 }, admin)).body.msg).toBe(
      '监听应答与媒体网关的提议不符，请重新点击监听',
    );
    expect((await t.call(routeTables.wallboard.listenStop, { listenId }, admin)).body.code).toBe(0);
    expect((await t.call(routeTables.wallboard.listenStop, { listenId }, admin)).body.msg).toBe(
      '监听已结束，请重新点击监听',
    );
    expect(await call.bye()).toBe(200);
  });

  it('carries the call’s packets to a plain-RTP listener until it unsubscribes; the call goes on', async () => {
    const { bindId, call } = await talkingCall();
    // The INVITE event noted the Call-ID on the dial request.
    const [bind] = await t.database.db.select().from(callBinds).where(eq(callBinds.bindId, bindId));
    expect(bind!.callId).toBe(call.callId);
    const gateway = listenGatewayAt(ngPort);
    const parties = await gateway.parties(call.callId);
    expect(parties).toHaveLength(2);
    const listener = await openListener();
    closers.push(listener.close);
    const subs = [];
    for (const tag of parties) {
      const sub = await gateway.subscribe(call.callId, tag, 'rtp');
      expect(sub.sdp).toMatch(/^m=audio \d+ RTP\/AVP /m);
      await gateway.answer(call.callId, sub.toTag, listener.answerTo(sub.sdp));
      subs.push(sub);
    }
    // A listener is no party: a second listen still finds the same two.
    expect((await gateway.parties(call.callId)).sort()).toEqual([...parties].sort());
    await new Promise((r) => setTimeout(r, 1000));
    // The trunk's PCMA tone, 50 packets a second (fewer on a loaded machine).
    expect(listener.counts.get(8) ?? 0).toBeGreaterThan(20);
    for (const sub of subs) await gateway.unsubscribe(call.callId, sub.toTag);
    await new Promise((r) => setTimeout(r, 200));
    const after = listener.total();
    await new Promise((r) => setTimeout(r, 600));
    expect(listener.total() - after).toBe(0);
    // The call itself is untouched: both parties still there, the hang-up goes through.
    expect(await gateway.parties(call.callId)).toHaveLength(2);
    expect(await call.bye()).toBe(200);
  });

  it('a stream published into the call (耳语’s path) reaches its subscriber only, never the trunk', async () => {
    const { call } = await talkingCall();
    const gateway = listenGatewayAt(ngPort);
    // The manager's side: a plain-RTP sender of PCMA.
    const manager = await openRtpPeer();
    closers.push(manager.close);
    const offer = [
      'v=0',
      'o=- 1 1 IN IP4 127.0.0.1',
      's=-',
      'c=IN IP4 127.0.0.1',
      't=0 0',
      `m=audio ${manager.port} RTP/AVP 8`,
      'a=rtpmap:8 PCMA/8000',
      'a=sendonly',
      '',
    ].join('\r\n');
    const published = await gateway.publish(call.callId, 'whisper-1', offer, 'rtp');
    expect(published.sdp).toMatch(/^a=recvonly/m);
    const trunkBefore = rtp.received().packets;
    manager.sendTo({ address: '127.0.0.1', port: Number(/^m=audio (\d+)/m.exec(published.sdp)![1]) });
    // The agent's side subscribes to it.
    const agentSide = await openListener();
    closers.push(agentSide.close);
    const sub = await gateway.subscribe(call.callId, 'whisper-1', 'rtp');
    await gateway.answer(call.callId, sub.toTag, agentSide.answerTo(sub.sdp));
    await new Promise((r) => setTimeout(r, 1000));
    expect(agentSide.counts.get(8) ?? 0).toBeGreaterThan(20);
    // The customer's leg got none of it (the browser leg of this test sends nothing either).
    expect(manager.sent()).toBeGreaterThan(20);
    expect(rtp.received().packets - trunkBefore).toBe(0);
    // The call's parties are still the two: a listen never subscribes to the whisper.
    expect(await gateway.parties(call.callId)).toHaveLength(2);
    expect(await call.bye()).toBe(200);
  });

  it('耳语 through the routes: the manager’s tone reaches the agent’s side only, never the trunk', async () => {
    const { call } = await talkingCall();
    const gateway = listenGatewayAt(ngPort);
    // The administrator whispers to the talking manager; his side sends plain PCMA (a browser
    // sends Opus over DTLS-SRTP: e2e). The server publishes it into the call.
    const speaker = await openRtpPeer();
    closers.push(speaker.close);
    const offer = [
      'v=0',
      'o=- 1 1 IN IP4 127.0.0.1',
      's=-',
      'c=IN IP4 127.0.0.1',
      't=0 0',
      `m=audio ${speaker.port} RTP/AVP 8`,
      'a=rtpmap:8 PCMA/8000',
      'a=sendonly',
      '',
    ].join('\r\n');
    const started = await t.call(routeTables.wallboard.whisperStart, { userId: managerId, sdp: offer }, admin);
    expect(started.body.code).toBe(0);
    const { whisperId, sdp } = started.body.data;
    expect(sdp).toMatch(/^m=audio \d+ RTP\/AVP /m);
    const trunkBefore = rtp.received().packets;
    speaker.sendTo({ address: '127.0.0.1', port: Number(/^m=audio (\d+)/m.exec(sdp)![1]) });
    // The manager's soft-phone learns of it and gets a WebRTC offer of the administrator's stream.
    const mine = await t.call(routeTables.wallboard.whisperMine, {}, manager);
    expect(mine.body.data).toMatchObject({ whisperId, mode: 'whisper' });
    const joined = await t.call(routeTables.wallboard.whisperJoin, { whisperId }, manager);
    expect(joined.body.code).toBe(0);
    expect(joined.body.data.sdp).toMatch(/^m=audio \d+ UDP\/TLS\/RTP\/SAVPF /m);
    expect(joined.body.data.sdp).toMatch(/^a=setup:passive/m);
    // Its ears here: a plain-RTP subscriber to the same published tag (as the soft-phone's join does).
    const agentSide = await openListener();
    closers.push(agentSide.close);
    const sub = await gateway.subscribe(call.callId, whisperTag(whisperId), 'rtp');
    await gateway.answer(call.callId, sub.toTag, agentSide.answerTo(sub.sdp));
    await new Promise((r) => setTimeout(r, 1000));
    expect(speaker.sent()).toBeGreaterThan(20);
    expect(agentSide.counts.get(8) ?? 0).toBeGreaterThan(20);
    // The customer's leg (the sipp trunk) received none of it; the call still has its two parties.
    expect(rtp.received().packets - trunkBefore).toBe(0);
    expect(await gateway.parties(call.callId)).toHaveLength(2);
    // A listen started now is not handed the whisper as a party.
    const listen = await t.call(routeTables.wallboard.listenStart, { userId: managerId }, admin);
    expect(listen.body.data.sdps).toHaveLength(2);
    await t.call(routeTables.wallboard.listenStop, { listenId: listen.body.data.listenId }, admin);
    expect((await t.call(routeTables.wallboard.whisperStop, { whisperId }, admin)).body.code).toBe(0);
    const [log] = await t.database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.summary, '结束耳语'), eq(operationLogs.userName, 'admin')));
    expect(log).toMatchObject({ module: 'call', result: 'success' });
    expect(await call.bye()).toBe(200);
  });

  it('refuses a listen to nobody talking, to oneself, to someone out of scope, and to an agent', async () => {
    const agent = await t.loginAs.agent();
    const agentId = await kit.userId('agent01');
    const idle = await t.call(routeTables.wallboard.listenStart, { userId: agentId }, admin);
    expect(idle.body.msg).toBe('该员工当前没有进行中的通话，或不在您的数据范围内');
    const self = await t.call(routeTables.wallboard.listenStart, { userId: await kit.userId('admin') }, admin);
    expect(self.body.msg).toBe('不能监听自己的通话');
    const refused = await t.call(routeTables.wallboard.listenStart, { userId: managerId }, agent);
    expect(refused.body.code).toBe(403);
    // The manager sees his department only: the administrator's call is not his to hear.
    const outside = await t.call(routeTables.wallboard.listenStart, { userId: await kit.userId('agent04') }, manager);
    expect(outside.body.msg).toBe('该员工当前没有进行中的通话，或不在您的数据范围内');
  });
});
