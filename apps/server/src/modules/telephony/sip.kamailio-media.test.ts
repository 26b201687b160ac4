import { spawn } from 'node:child_process';
import dgram from 'node:dgram';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { routeTables, type TSipLineConfig } from '@yunhu/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { callKit } from '../call/call.test-kit.js';
import { kamailioMissing, startKamailio, type TKamailio } from './sip.kamailio.js';
import { ngCommand, rtpengineMissing, type TBencode } from './sip.kamailio-rtpengine.js';
import {
  openRtpPeer,
  sdpOf,
  sippMissing,
  startSippTrunk,
  type TRtpPeer,
  type TSippTrunk,
} from './sip.kamailio-sipp.test-kit.js';
import { webrtcCall as browserCall } from './sip.webrtc.test-kit.js';
import { openSipPhone } from './sip-client.test-kit.js';

/**
 * The media gateway: Kamailio hands every call's SDP to rtpengine. A browser's WebRTC
 * offer (ICE, DTLS-SRTP, Opus) reaches a plain-RTP carrier trunk (sipp) as RTP/AVP with PCMA/PCMU;
 * the trunk's answer comes back to the browser as WebRTC again; the trunk's RTP reaches the
 * gateway; agent-to-agent calls are anchored too. The audio both ways through a real browser is
 * e2e/softphone/trunk.e2e.ts. Skipped when Kamailio, rtpengine or sipp is missing, unless
 * REQUIRE_KAMAILIO=1 (scripts/test.sh after scripts/ensure-kamailio.sh installed them).
 */
const missing = kamailioMissing() ?? rtpengineMissing() ?? sippMissing();
const isRequired = process.env.REQUIRE_KAMAILIO === '1';
if (missing && !isRequired) console.warn(`跳过媒体网关集成测试：${missing}`);

/** The codecs (rtpmap names) and the transport of an SDP's audio line. */
const mediaOf = (sdp: string) => ({
  proto: /^m=audio \d+ (\S+)/m.exec(sdp)?.[1],
  port: Number(/^m=audio (\d+)/m.exec(sdp)?.[1]),
  address: /^c=IN IP4 (\S+)/m.exec(sdp)?.[1],
  codecs: [...sdp.matchAll(/^a=rtpmap:\d+ ([^/\r\n]+\/\d+)/gm)].map((m) => m[1]),
  isIce: /^a=ice-ufrag:/m.test(sdp) && /^a=candidate:/m.test(sdp),
  fingerprint: /^a=fingerprint:(.*)$/m.exec(sdp)?.[1]?.trim(),
  setup: /^a=setup:(\S+)/m.exec(sdp)?.[1],
});

describe.skipIf(missing !== null && !isRequired)('the media gateway (rtpengine beside Kamailio)', () => {
  const { sip } = loadConfig({});
  const origin = 'http://127.0.0.1:5173';
  let t: TTestApp;
  let kam: TKamailio;
  let trunk: TSippTrunk;
  let rtp: TRtpPeer;
  let manager: TSipLineConfig;
  let managerToken: string;
  let agent02: TSipLineConfig;
  /** Where the offers' ICE candidate points: nobody answers the gateway's checks there. */
  let silent: dgram.Socket;
  const closers: (() => void)[] = [];

  const creds = async (token: string) => (await t.call(routeTables.call.lineConfig, { lineId: 2 }, token)).body.data;
  const gateway = (message: Record<string, TBencode>) =>
    kam.media!.command(message) as Promise<Record<string, TBencode>>;
  const calls = async () => ((await gateway({ command: 'list' })).calls as string[]) ?? [];

  const webrtcCall = (c: TSipLineConfig, target: string, headers: string[] = []) =>
    browserCall(
      {
        wsUrl: kam.wsUrl,
        origin,
        candidatePort: silent.address().port,
        onClose: (close) => closers.push(close),
        headers,
      },
      c,
      target,
    );
  /** The manager's dial request for `telB` (a number goes to the carrier on its bind only). */
  const dialBind = async (telB: string) => {
    const kit = await callKit(t);
    await kit.setRules('manager');
    const res = await t.call(routeTables.call.dial, { telB, interfaceId: kit.sipLine.id }, managerToken);
    expect(res.body.code).toBe(0);
    return [`X-Bind-Id: ${res.body.data.bindId}`];
  };

  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const serverUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    managerToken = await t.loginAs.manager();
    manager = await creds(managerToken);
    agent02 = await creds(await t.login('agent02', 'Agent@2026'));
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
      console.log(`sipp messages (tail):\n${trunk?.log().slice(-3000)}`);
    });
  });

  it('runs beside Kamailio and answers the ng ping', async () => {
    expect(kam.media).not.toBeNull();
    expect(await gateway({ command: 'ping' })).toEqual({ result: 'pong' });
  });

  it('turns a browser call to a number into plain RTP/AVP with G.711 toward the trunk, and back into WebRTC', async () => {
    const call = await webrtcCall(manager, '02566660001', await dialBind('02566660001'));
    expect(call.answer.status).toBe(200);

    // What the carrier got: plain RTP/AVP, PCMA/PCMU and telephone-event at 8 kHz, no ICE, no
    // DTLS, the gateway's address; no Opus.
    const invites = trunk.invites();
    expect(invites).toHaveLength(1);
    const toTrunk = mediaOf(sdpOf(invites[0]!));
    expect(toTrunk.proto).toBe('RTP/AVP');
    expect(toTrunk.codecs).toEqual(['PCMA/8000', 'PCMU/8000', 'telephone-event/8000']);
    expect(toTrunk.isIce).toBe(false);
    expect(toTrunk.fingerprint).toBeUndefined();
    expect(toTrunk.address).toBe('127.0.0.1');

    // What the browser got back: WebRTC (ICE with the gateway's candidate, DTLS with the
    // gateway's certificate, the gateway passive) with Opus although the trunk answered PCMA.
    const toBrowser = mediaOf(call.answer.body);
    expect(toBrowser.proto).toBe('UDP/TLS/RTP/SAVPF');
    expect(toBrowser.isIce).toBe(true);
    expect(toBrowser.setup).toBe('passive');
    expect(toBrowser.fingerprint).toBeDefined();
    expect(toBrowser.fingerprint).not.toBe(mediaOf(call.offer).fingerprint);
    expect(toBrowser.codecs[0]).toBe('opus/48000');
    expect(toBrowser.codecs).not.toContain('PCMA/8000');
    expect(call.answer.body).toMatch(/^a=rtcp-mux/m);

    // The trunk's RTP (PCMA from the port its SDP named) reaches the gateway's port for it.
    rtp.sendTo({ address: toTrunk.address!, port: toTrunk.port });
    const fromTrunk = async () => {
      const q = (await gateway({ command: 'query', 'call-id': call.callId })) as {
        tags?: Record<string, { medias?: { streams?: { 'local port'?: number; stats?: { packets?: number } }[] }[] }>;
      };
      const streams = Object.values(q.tags ?? {}).flatMap((tag) => (tag.medias ?? []).flatMap((m) => m.streams ?? []));
      return streams.find((s) => s['local port'] === toTrunk.port)?.stats?.packets ?? 0;
    };
    await expect.poll(fromTrunk, { timeout: 5000 }).toBeGreaterThan(10);

    // The hang-up goes through to the trunk, and the gateway lets the call go (its media is
    // deleted from Kamailio's queue after the BYE is relayed, so a moment later).
    expect(await call.bye()).toBe(200);
    await expect.poll(calls, { timeout: 5000 }).not.toContain(call.callId);
  });

  it('goes with the process that started it, even one killed with SIGKILL (no exit handler runs)', async () => {
    // A process that starts Kamailio and its gateway, says where, and waits to be killed.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-orphan-'));
    const script = path.join(dir, 'start.mts');
    const kamailioModule = new URL('./sip.kamailio.ts', import.meta.url).pathname;
    fs.writeFileSync(
      script,
      `import { startKamailio } from ${JSON.stringify(kamailioModule)};
const k = await startKamailio({ serverUrl: 'http://127.0.0.1:9', sharedSecret: 'x', realm: 'sip.yunhu.test', origins: '*' });
console.log(JSON.stringify({ wsPort: k.wsPort, ngPort: k.media?.ngPort, dir: k.dir }));
setInterval(() => undefined, 1000);
`,
    );
    const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    const started = await new Promise<{ wsPort: number; ngPort: number; dir: string }>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
        if (out.includes('\n')) resolve(JSON.parse(out));
      });
      child.once('exit', () => reject(new Error(`the starter exited: ${out}`)));
    });
    const isWsUp = () =>
      new Promise<boolean>((resolve) => {
        const socket = net.connect(started.wsPort, '127.0.0.1');
        socket.once('connect', () => {
          socket.destroy();
          resolve(true);
        });
        socket.once('error', () => resolve(false));
      });
    const isGatewayUp = () =>
      ngCommand(started.ngPort, { command: 'ping' }, 300).then(
        () => true,
        () => false,
      );
    try {
      expect(await isWsUp()).toBe(true);
      expect(await isGatewayUp()).toBe(true);
      child.kill('SIGKILL');
      await expect.poll(isWsUp, { timeout: 10_000 }).toBe(false);
      await expect.poll(isGatewayUp, { timeout: 10_000 }).toBe(false);
    } finally {
      child.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
      fs.rmSync(started.dir, { recursive: true, force: true });
    }
  });

  it('anchors agent-to-agent calls too, and lets a refused call go', async () => {
    const callee = await openSipPhone({
      wsUrl: kam.wsUrl,
      origin,
      domain: agent02.realm,
      user: agent02.key,
      password: agent02.passWord,
    });
    closers.push(() => callee.close());
    expect((await callee.register()).map((r) => r.status)).toEqual([401, 200]);
    const arrived = callee.nextInvite();
    // The callee answers 486 (the test phone's answer to every call).
    const call = await webrtcCall(manager, agent02.key);
    expect(call.answer.status).toBe(486);
    const offer = mediaOf(call.offer);
    const received = mediaOf((await arrived).body);
    // The callee's offer is the gateway's: its candidate and certificate, not the caller's.
    expect(received.proto).toBe('UDP/TLS/RTP/SAVPF');
    expect(received.isIce).toBe(true);
    expect(received.fingerprint).not.toBe(offer.fingerprint);
    expect((await arrived).body).not.toContain(`127.0.0.1 ${silent.address().port} typ host`);
    // Opus passes untouched between browsers.
    expect(received.codecs[0]).toBe('opus/48000');
    await expect.poll(calls, { timeout: 5000 }).not.toContain(call.callId);
  });
});
