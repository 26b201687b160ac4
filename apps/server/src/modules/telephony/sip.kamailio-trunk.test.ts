import crypto from 'node:crypto';
import dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { routeTables, type TSipLineConfig } from '@yunhu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { callRecords } from '../call/call.schema.js';
import { callKit } from '../call/call.test-kit.js';
import { openAgent, type TAgent } from './sip.agent.test-kit.js';
import { kamailioMissing, startKamailio, type TKamailio, type TKamailioOptions } from './sip.kamailio.js';
import { rtpengineMissing, type TBencode } from './sip.kamailio-rtpengine.js';
import {
  callerScenario,
  openRtpPeer,
  optionsFloodScenario,
  registerScenario,
  registrarScenario,
  sdpOf,
  sippMissing,
  startSippClient,
  startSippTrunk,
  type TRtpPeer,
  type TSippTrunk,
  trunkScenario,
} from './sip.kamailio-sipp.test-kit.js';
import { parseSip } from './sip-client.test-kit.js';

/**
 * Trunks as carriers are (decision 0016), with sipp as the carrier and as a
 * desk phone against the product's Kamailio and its media gateway: the dialled number in the
 * Request-URI and To, the 外显号码 in From and P-Asserted-Identity; no number in any frame a
 * masked agent's browser receives; a trunk asking for digest; failover from a refusing or silent
 * trunk, and a failed record when every trunk fails; inbound calls to a seat's number; bans after
 * failed authentications. Skipped when Kamailio, rtpengine or sipp is missing, unless
 * REQUIRE_KAMAILIO=1.
 */
const missing = kamailioMissing() ?? rtpengineMissing() ?? sippMissing();
const isRequired = process.env.REQUIRE_KAMAILIO === '1';
if (missing && !isRequired) console.warn(`跳过线路集成测试：${missing}`);

const md5 = (s: string) => crypto.createHash('md5').update(s).digest('hex');

describe.skipIf(missing !== null && !isRequired)('carrier trunks (sipp) through the product’s Kamailio', () => {
  const { sip } = loadConfig({});
  const origin = 'http://127.0.0.1:5173';
  let t: TTestApp;
  let kit: Awaited<ReturnType<typeof callKit>>;
  let serverUrl: string;
  let manager: string;
  let managerSip: TSipLineConfig;
  let silent: dgram.Socket;
  let rtp: TRtpPeer;
  const stops: (() => unknown)[] = [];
  let current: { kam?: TKamailio; trunks: TSippTrunk[] } = { trunks: [] };

  const kamailio = async (opts: Partial<TKamailioOptions>) => {
    const kam = await startKamailio({
      serverUrl,
      sharedSecret: sip.sharedSecret!,
      realm: sip.realm,
      origins: [origin],
      ...opts,
    });
    stops.push(() => kam.stop());
    current.kam = kam;
    return kam;
  };
  const trunk = async (scenario?: string, keys?: Record<string, string>, transport?: 'udp' | 'tcp') => {
    const tr = await startSippTrunk({ rtpPort: rtp.port, scenario, keys, transport });
    stops.push(() => tr.stop());
    current.trunks.push(tr);
    return tr;
  };
  const agent = async (kam: TKamailio, c = managerSip): Promise<TAgent> => {
    const a = await openAgent(kam.wsUrl, origin, c, silent.address().port);
    stops.push(() => a.close());
    return a;
  };
  /** The dial flow's request for `telB` on the soft-phone line: its bind id and 外显号码. */
  const dial = async (telB: string) => {
    const res = await t.call(routeTables.call.dial, { telB, interfaceId: kit.sipLine.id }, manager);
    expect(res.body.code).toBe(0);
    return res.body.data as { bindId: string; telX: string; sipTarget: string };
  };
  const recordsOf = (bindId: string) => t.database.db.select().from(callRecords).where(eq(callRecords.bindId, bindId));

  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    serverUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    kit = await callKit(t);
    manager = await t.loginAs.manager();
    await kit.setRules('manager');
    managerSip = (await t.call(routeTables.call.lineConfig, { lineId: 2 }, manager)).body.data;
    silent = dgram.createSocket('udp4');
    await new Promise<void>((resolve) => silent.bind(0, '127.0.0.1', resolve));
    rtp = await openRtpPeer();
  });
  afterAll(async () => {
    for (const stop of stops.reverse()) await stop();
    rtp?.close();
    silent?.close();
    await t?.close();
  });
  beforeEach(({ onTestFailed }) => {
    current = { trunks: [] };
    onTestFailed(() => {
      console.log(`Kamailio log (tail):\n${current.kam?.log().slice(-4000)}`);
      for (const tr of current.trunks) console.log(`sipp messages (tail):\n${tr.log().slice(-3000)}`);
    });
  });

  it('sends the dialled number in the Request-URI and To, and the chosen 外显号码 in From and P-Asserted-Identity', async () => {
    const carrier = await trunk();
    const kam = await kamailio({ trunk: { address: carrier.address, callerHost: '203.0.113.7' } });
    const number = '13912340001';
    const { bindId, telX } = await dial(number);
    expect(telX).toMatch(/^\d+$/);
    const phone = await agent(kam);
    // The phone forges an identity of its own: it never reaches the carrier.
    const call = await phone.call(number, [`X-Bind-Id: ${bindId}`, 'P-Asserted-Identity: <sip:10000@evil>']);
    expect(call.answer.status).toBe(200);

    const [invite] = carrier.invites();
    const got = parseSip(invite!.slice(invite!.indexOf('INVITE sip:')).replace(/\r?\n/g, '\r\n'));
    expect(got.requestUri).toBe(`sip:${number}@127.0.0.1:${carrier.sipPort}`);
    expect(got.header('to')).toContain(`<sip:${number}@127.0.0.1>`);
    expect(got.header('from')).toContain(`<sip:${telX}@203.0.113.7>`);
    expect(got.all('p-asserted-identity')).toEqual([`<sip:${telX}@203.0.113.7>`]);
    // Our SIP key is not the caller ID (it stays in the phone's Contact, where in-dialog requests go).
    expect(`${got.header('from')} ${got.all('p-asserted-identity')}`).not.toContain(managerSip.key);
    // uac keeps the originals in the dialog, not in Record-Route parameters the phone could decode.
    expect(call.answer.all('record-route').join(' ')).not.toMatch(/vs[tf]=/);
    // The phone sees its own From and To back.
    expect(call.answer.header('from')).toContain(`sip:${managerSip.key}@${managerSip.realm}`);
    expect(call.answer.header('to')).toContain(`sip:${number}@${managerSip.realm}`);
    expect(await call.bye()).toBe(200);
  });

  it('keeps the number out of every frame a masked agent receives, though the carrier puts it in Contact, PAI and RPID', async () => {
    const agent02 = await t.login('agent02', 'Agent@2026');
    await kit.setRules('agent02');
    const agentSip = (await t.call(routeTables.call.lineConfig, { lineId: 2 }, agent02)).body.data;
    const customer = await kit.customerOf('agent02');
    const masked = `${customer.mobile.slice(0, 3)}****${customer.mobile.slice(-4)}`;
    const res = await t.call(
      routeTables.call.dial,
      { telB: masked, interfaceId: kit.sipLine.id, octCustomerId: customer.id },
      agent02,
    );
    expect(res.body.code).toBe(0);
    const { bindId, sipTarget } = res.body.data;
    expect(sipTarget).toBe(bindId);
    // This carrier echoes the customer's number everywhere it can (sipp's [number]).
    const echoing = await trunk(trunkScenario({ numberHeaders: true, byeAfterMs: 400 }), { number: customer.mobile });
    const kam2 = await kamailio({ trunk: { address: echoing.address } });
    const phone = await agent(kam2, agentSip);
    const call = await phone.call(bindId, [`X-Bind-Id: ${bindId}`]);
    expect(call.answer.status).toBe(200);
    // The carrier hangs up: its BYE reaches the browser without the number too.
    const bye = await phone.next((m) => m.method === 'BYE');
    expect(bye.header('from')).toContain(bindId);
    // The carrier really sent it, and got the browser's ACK at its own Contact.
    const log = echoing.log();
    expect(log).toContain(`P-Asserted-Identity: <sip:${customer.mobile}@`);
    expect(log).toMatch(new RegExp(`ACK sip:${customer.mobile}@`));
    expect(phone.frames.length).toBeGreaterThanOrEqual(4);
    for (const frame of phone.frames) expect(frame).not.toContain(customer.mobile);
  });

  it('answers a carrier’s digest challenge (407) with the configured credentials', async () => {
    const carrier = await trunk(trunkScenario({ challenge: { status: 407, realm: 'carrier.test' } }));
    const kam = await kamailio({
      trunk: { address: carrier.address, auth: { user: 'yunhu-trunk', password: 'Trunk-Pass-2026' } },
    });
    const { bindId } = await dial('13912340003');
    const phone = await agent(kam);
    const call = await phone.call('13912340003', [`X-Bind-Id: ${bindId}`]);
    expect(call.answer.status).toBe(200);
    const invites = carrier.invites();
    expect(invites).toHaveLength(2);
    const authed = parseSip(invites[1]!.slice(invites[1]!.indexOf('INVITE sip:')).replace(/\r?\n/g, '\r\n'));
    const pa = authed.header('proxy-authorization') ?? '';
    const param = (name: string) => new RegExp(`${name}="?([^",]+)"?`).exec(pa)?.[1];
    expect(param('username')).toBe('yunhu-trunk');
    expect(param('realm')).toBe('carrier.test');
    // The response is the digest of the configured password (RFC 2617, qop=auth).
    const ha1 = md5(`yunhu-trunk:carrier.test:Trunk-Pass-2026`);
    const ha2 = md5(`INVITE:${param('uri')}`);
    expect(param('response')).toBe(
      md5(`${ha1}:${param('nonce')}:${param('nc')}:${param('cnonce')}:${param('qop')}:${ha2}`),
    );
    // The browser never saw the carrier's challenge.
    expect(phone.frames.filter((f) => f.startsWith('SIP/2.0 407')).length).toBe(1);
    expect(await call.bye()).toBe(200);
  });

  it('fails over from a trunk answering 503 and from one that does not answer, to the next', async () => {
    const refusing = await trunk(trunkScenario({ refuse: '503 Service Unavailable' }));
    const good = await trunk();
    const mute = dgram.createSocket('udp4');
    await new Promise<void>((resolve) => mute.bind(0, '127.0.0.1', resolve));
    stops.push(() => mute.close());
    const kam = await kamailio({
      trunk: {
        address: [refusing.address, `127.0.0.1:${mute.address().port}`, good.address],
        timeoutMs: 1500,
      },
    });
    const { bindId } = await dial('13912340004');
    const phone = await agent(kam);
    const started = Date.now();
    const call = await phone.call('13912340004', [`X-Bind-Id: ${bindId}`]);
    expect(call.answer.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    expect(refusing.invites()).toHaveLength(1);
    expect(good.invites()).toHaveLength(1);
    expect(good.invites()[0]).toContain('INVITE sip:13912340004@127.0.0.1');
    expect(kam.log()).toContain('trying sip:127.0.0.1');
    // The media survived the failover: plain RTP/AVP toward the trunk that answered, WebRTC back.
    expect(sdpOf(good.invites()[0]!)).toMatch(/^m=audio \d+ RTP\/AVP 8 0/m);
    expect(call.answer.body).toMatch(/^m=audio \d+ UDP\/TLS\/RTP\/SAVPF/m);
    const calls = (await kam.media!.command({ command: 'list' })) as { calls?: string[] };
    expect(calls.calls).toContain(call.callId);
    expect(await call.bye()).toBe(200);
  });

  it('talks to a trunk over TCP when configured so (SIP_TRUNK_TRANSPORT=tcp)', async () => {
    const carrier = await trunk(undefined, undefined, 'tcp');
    const kam = await kamailio({ trunk: { address: `127.0.0.1:${carrier.sipPort}`, transport: 'tcp' } });
    const { bindId } = await dial('13912340008');
    const phone = await agent(kam);
    const call = await phone.call('13912340008', [`X-Bind-Id: ${bindId}`]);
    expect(call.answer.status).toBe(200);
    expect(carrier.log()).toMatch(/TCP message received[^\n]*\n\s*INVITE sip:13912340008@/);
    expect(await call.bye()).toBe(200);
  });

  it('when every trunk fails, tells the server (a failed record) and the browser (503 with a reason)', async () => {
    const refusing = await trunk(trunkScenario({ refuse: '503 Service Unavailable' }));
    const kam = await kamailio({ trunk: { address: refusing.address, timeoutMs: 1500 } });
    const { bindId } = await dial('13912340005');
    const phone = await agent(kam);
    const call = await phone.call('13912340005', [`X-Bind-Id: ${bindId}`]);
    expect(call.answer.status).toBe(503);
    expect(phone.frames.some((f) => f.startsWith('SIP/2.0 503 All Carrier Trunks Failed'))).toBe(true);
    await expect.poll(async () => (await recordsOf(bindId)).length, { timeout: 5000 }).toBe(1);
    expect((await recordsOf(bindId))[0]).toMatchObject({ callStatus: 4 });

    // A TCP trunk refusing the connection: the next trunk at once; when it was the only one, the same 503.
    const closed = `127.0.0.1:${rtp.port + 9};transport=tcp`;
    const good = await trunk();
    const viaClosed = await kamailio({ trunk: { address: [closed, good.address] } });
    const { bindId: next } = await dial('13912340009');
    const phone3 = await agent(viaClosed);
    const call3 = await phone3.call('13912340009', [`X-Bind-Id: ${next}`]);
    expect(call3.answer.status).toBe(200);
    expect(await call3.bye()).toBe(200);
    const onlyClosed = await kamailio({ trunk: { address: closed } });
    const { bindId: dead } = await dial('13912340010');
    const phone4 = await agent(onlyClosed);
    expect((await phone4.call('13912340010', [`X-Bind-Id: ${dead}`])).answer.status).toBe(503);
    expect(phone4.frames.some((f) => f.startsWith('SIP/2.0 503 All Carrier Trunks Failed'))).toBe(true);
    await expect.poll(async () => (await recordsOf(dead)).length, { timeout: 5000 }).toBe(1);

    // No trunk at all: the same, at once.
    const bare = await kamailio({});
    const { bindId: lone } = await dial('13912340006');
    const phone2 = await agent(bare);
    const call2 = await phone2.call('13912340006', [`X-Bind-Id: ${lone}`]);
    expect(call2.answer.status).toBe(503);
    expect(phone2.frames.some((f) => f.startsWith('SIP/2.0 503 No Carrier Trunk'))).toBe(true);
    await expect.poll(async () => (await recordsOf(lone)).length, { timeout: 5000 }).toBe(1);
  });

  it('rings the agent a desk phone or the carrier calls at his seat’s number, media through the gateway; an unknown number is refused 404', async () => {
    const carrier = await trunk();
    // The carrier also calls in from 127.0.0.4:<port> (its second address in the list).
    const carrierPort = carrier.sipPort + 1;
    const kam = await kamailio({
      trunk: { address: [carrier.address, `127.0.0.4:${carrierPort}`] },
      inboundPeers: ['127.0.0.3'],
    });
    const gateway = (message: Record<string, TBencode>) =>
      kam.media!.command(message) as Promise<Record<string, TBencode>>;
    // His seat's number: the 外显号码 he calls out with.
    const { telX } = await dial('13912340007');
    const phone = await agent(kam);
    expect(await phone.register()).toBe(200);
    const remote = `127.0.0.1:${kam.sipPort}`;

    const desk = await startSippClient({
      scenario: callerScenario({ holdMs: 2500 }),
      remote,
      ip: '127.0.0.3',
      service: telX,
      keys: { from_user: '02587654321', rtp_port: String(rtp.port) },
    });
    const invite = await phone.next((m) => m.method === 'INVITE');
    // The browser is offered WebRTC by the gateway, not the desk phone's plain RTP.
    expect(invite.body).toMatch(/^m=audio \d+ UDP\/TLS\/RTP\/SAVPF/m);
    expect(invite.body).toMatch(/^a=ice-ufrag:/m);
    expect(invite.body).not.toContain(`${rtp.port}`);
    // The desk phone gets plain RTP/AVP with G.711 from the gateway; its tone reaches the gateway.
    await expect.poll(() => /SIP\/2.0 200 OK[\s\S]*m=audio/.test(desk.log()), { timeout: 5000 }).toBe(true);
    const answer = sdpOf(desk.log().slice(desk.log().lastIndexOf('SIP/2.0 200 OK')));
    expect(answer).toMatch(/^m=audio \d+ RTP\/AVP 8/m);
    const gatewayPort = Number(/^m=audio (\d+)/m.exec(answer)?.[1]);
    rtp.sendTo({ address: '127.0.0.1', port: gatewayPort });
    const fromDesk = async () => {
      const q = (await gateway({ command: 'query', 'call-id': invite.header('call-id')! })) as {
        tags?: Record<string, { medias?: { streams?: { 'local port'?: number; stats?: { packets?: number } }[] }[] }>;
      };
      const streams = Object.values(q.tags ?? {}).flatMap((tag) => (tag.medias ?? []).flatMap((m) => m.streams ?? []));
      return streams.find((x) => x['local port'] === gatewayPort)?.stats?.packets ?? 0;
    };
    await expect.poll(fromDesk, { timeout: 3000 }).toBeGreaterThan(10);
    const deskDone = await desk.done;
    expect(deskDone.code).toBe(0);
    await phone.next((m) => m.method === 'BYE');

    // The carrier, from its listed address, reaches him the same way (no digest asked).
    const fromCarrier = await startSippClient({
      scenario: callerScenario({ holdMs: 300 }),
      remote,
      ip: '127.0.0.4',
      port: carrierPort,
      service: telX,
      keys: { from_user: '13800001111', rtp_port: String(rtp.port) },
    });
    await phone.next((m) => m.method === 'INVITE');
    expect((await fromCarrier.done).code).toBe(0);

    // A number nobody has: 404 with a reason.
    const unknown = await startSippClient({
      scenario: callerScenario({ expect: 404 }),
      remote,
      ip: '127.0.0.3',
      service: '02500000000',
      keys: { from_user: '02587654321', rtp_port: String(rtp.port) },
    });
    expect((await unknown.done).code).toBe(0);
    expect(unknown.log()).toContain('SIP/2.0 404 No Such Number');
    // Another source must authenticate like any phone.
    const stranger = await startSippClient({
      scenario: callerScenario({ expect: 407 }),
      remote,
      ip: '127.0.0.5',
      service: telX,
      keys: { from_user: '02587654321', rtp_port: String(rtp.port) },
    });
    expect((await stranger.done).code).toBe(0);
  });

  it('bans a source after repeated failed authentications, and a flood, while others go on', async () => {
    // The carrier's address (127.0.0.7) is in the trunk list: it is never banned.
    const carrierPort = rtp.port + 7;
    const kam = await kamailio({
      trunk: { address: `127.0.0.7:${carrierPort}` },
      edge: { banFailures: 5, banSeconds: 60, pikeRequests: 40, exempt: ['127.0.0.1'] },
    });
    const remote = `127.0.0.1:${kam.sipPort}`;
    const realm = managerSip.realm;
    const guess = await startSippClient({
      scenario: registerScenario({ user: managerSip.key, realm, password: 'wrong-guess', expect: 403 }),
      remote,
      ip: '127.0.0.2',
      calls: 8,
      rate: 20,
      timeoutMs: 8000,
    });
    await guess.done;
    const guessLog = guess.log();
    // The fifth failure bans the source; guesses whose password was being checked at that moment (the
    // look-ups run side by side on a busy machine) still get their own 403, the ones after are banned
    // at their first REGISTER (sipp logs each refusal it drops as well).
    const forbidden = guessLog.match(/SIP\/2.0 403 Forbidden/g)?.length ?? 0;
    expect(forbidden).toBeGreaterThanOrEqual(5);
    expect(forbidden).toBeLessThan(8);
    expect(guessLog.match(/SIP\/2.0 403 Banned After Failed Authentications/g)?.length).toBeGreaterThanOrEqual(
      8 - forbidden,
    );
    expect(kam.log()).toContain('EDGE: 5 failed authentications from 127.0.0.2: banned for 60 s');

    // The right password from the banned source is refused during the ban ...
    const good = () => registerScenario({ user: managerSip.key, realm, password: managerSip.passWord, expect: 200 });
    const banned = await startSippClient({ scenario: good(), remote, ip: '127.0.0.2', timeoutMs: 5000 });
    expect((await banned.done).code).not.toBe(0);
    expect(banned.log()).toContain('SIP/2.0 403 Banned After Failed Authentications');
    // ... and accepted from another one.
    const other = await startSippClient({ scenario: good(), remote, ip: '127.0.0.5', timeoutMs: 5000 });
    expect((await other.done).code).toBe(0);
    expect(other.log()).toContain('SIP/2.0 200 OK');

    // A flood from one address is cut off by pike (no answer, then the ban's short one).
    const flood = await startSippClient({
      scenario: optionsFloodScenario(),
      remote,
      ip: '127.0.0.6',
      calls: 150,
      rate: 300,
      timeoutMs: 5000,
    });
    await flood.done;
    const answered = flood.log().match(/SIP\/2.0 200 OK/g)?.length ?? 0;
    expect(answered).toBeGreaterThan(10);
    expect(answered).toBeLessThan(100);
    expect(kam.log()).toContain('EDGE: request flood from 127.0.0.6 (pike)');
    // The ban says it was a flood, not failed authentications.
    expect(flood.log()).toContain('SIP/2.0 403 Banned After Request Flood');
    expect(flood.log()).not.toContain('Banned After Failed Authentications');
    // The same rate from the carrier is all answered.
    const carrierFlood = await startSippClient({
      scenario: optionsFloodScenario(),
      remote,
      ip: '127.0.0.7',
      port: carrierPort,
      calls: 150,
      rate: 300,
      timeoutMs: 5000,
    });
    expect((await carrierFlood.done).code).toBe(0);
    expect(carrierFlood.log().match(/SIP\/2.0 200 OK/g)?.length).toBe(150);
    expect(kam.log()).not.toContain('from 127.0.0.7');
  });

  it('registers at a trunk that wants it, answering its challenge with the configured credentials', async () => {
    const registrar = await trunk(registrarScenario('carrier.test'));
    await kamailio({
      trunk: { address: registrar.address, auth: { user: 'yunhu-reg', password: 'Reg-Pass-2026' }, register: true },
    });
    const registers = () =>
      registrar
        .log()
        .split(/-{10,}[^\n]*\n/)
        .filter((m) => /^\s*REGISTER sip:/m.test(m));
    await expect.poll(() => registers().length, { timeout: 20_000, interval: 250 }).toBeGreaterThanOrEqual(2);
    const authed = parseSip(registers()[1]!.slice(registers()[1]!.indexOf('REGISTER sip:')).replace(/\r?\n/g, '\r\n'));
    expect(authed.requestUri).toBe('sip:127.0.0.1');
    expect(authed.header('to')).toContain('sip:yunhu-reg@127.0.0.1');
    const credentials = authed.header('authorization') ?? '';
    const param = (name: string) => new RegExp(`${name}="?([^",]+)"?`).exec(credentials)?.[1];
    expect(param('username')).toBe('yunhu-reg');
    expect(param('realm')).toBe('carrier.test');
    const ha1 = md5('yunhu-reg:carrier.test:Reg-Pass-2026');
    expect(param('response')).toBe(md5(`${ha1}:${param('nonce')}:${md5(`REGISTER:${param('uri')}`)}`));
    await expect.poll(() => /SIP\/2.0 200 OK/.test(registrar.log()), { timeout: 5000 }).toBe(true);
  });
});
