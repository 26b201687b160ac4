import dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { routeTables, type TSipLineConfig } from '@yunhu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { callRecords } from '../call/call.schema.js';
import { callKit } from '../call/call.test-kit.js';
import { sipCarrierSimulatorMissing, type TSipCarrierSimulator } from './carrier-sip.simulator.js';
import { gatewayCaptureDir } from './recording.gateway.js';
import { stereoLevels } from './recording.pcap.js';
import { kamailioMissing, startKamailio, type TKamailio } from './sip.kamailio.js';
import { devKamailioOptions, startDevCarrier } from './sip.kamailio-dev.js';
import { rtpengineMissing } from './sip.kamailio-rtpengine.js';
import { webrtcCall } from './sip.webrtc.test-kit.js';

/**
 * The development server's telephony as `npm start` wires it without a trunk: the development
 * carrier (模拟运营商, sipp) as Kamailio's one trunk, the media gateway recording. A soft-phone call
 * from the dial flow to a number the simulated customer answers is connected, carries his speech,
 * and leaves a record with its talk time, its charge and a stereo recording; a busy number, an
 * unavailable one, one that does not exist and one that never answers leave the records of those. Skipped when
 * Kamailio, rtpengine or sipp is missing, unless REQUIRE_KAMAILIO=1.
 */
const missing = kamailioMissing() ?? rtpengineMissing() ?? sipCarrierSimulatorMissing();
const isRequired = process.env.REQUIRE_KAMAILIO === '1';
if (missing && !isRequired) console.warn(`跳过模拟运营商集成测试：${missing}`);

describe.skipIf(missing !== null && !isRequired)(
  'the development carrier as the trunk of a development Kamailio',
  () => {
    const origin = 'http://127.0.0.1:5173';
    let t: TTestApp;
    let kit: Awaited<ReturnType<typeof callKit>>;
    let kam: TKamailio;
    let carrier: TSipCarrierSimulator;
    let manager: string;
    let managerSip: TSipLineConfig;
    let silent: dgram.Socket;
    const closers: (() => void)[] = [];
    const started: string[] = [];
    let n = 0;

    const recordOf = async (bindId: string) =>
      (await t.database.db.select().from(callRecords).where(eq(callRecords.bindId, bindId)))[0];
    /** A fresh number ending in `digit` (the simulator's rule), dialled through the dial flow. */
    const dial = async (digit: string) => {
      const number = `1393344${String(100 + n++).padStart(3, '0')}${digit}`;
      const res = await t.call(routeTables.call.dial, { telB: number, interfaceId: kit.sipLine.id }, manager);
      expect(res.body.code).toBe(0);
      return { number, bindId: res.body.data.bindId as string, telX: res.body.data.telX as string };
    };
    const call = (number: string, bindId: string, isCancelledOnRinging = false) =>
      webrtcCall(
        {
          wsUrl: kam.wsUrl,
          origin,
          candidatePort: silent.address().port,
          onClose: (close) => closers.push(close),
          headers: [`X-Bind-Id: ${bindId}`],
          isCancelledOnRinging,
        },
        managerSip,
        number,
      );

    beforeAll(async () => {
      t = await startTestApp();
      kit = await callKit(t);
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const serverUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      manager = await t.loginAs.manager();
      await kit.setRules('manager', { recording: true });
      managerSip = (await t.call(routeTables.call.lineConfig, { lineId: 2 }, manager)).body.data;
      silent = dgram.createSocket('udp4');
      await new Promise<void>((resolve) => silent.bind(0, '127.0.0.1', resolve));
      // As main.ts: no SIP_TRUNK_ADDR / SIP_TRUNK_PHONE, so the development carrier is the trunk.
      const config = loadConfig({ SIP_SERVER_URL: serverUrl, SIP_WS_ORIGINS: origin });
      const devCarrier = await startDevCarrier(config, (line) => started.push(line), { isTraced: true });
      expect(devCarrier).not.toBeNull();
      carrier = devCarrier!;
      const options = devKamailioOptions(config, config.sip.sharedSecret!, carrier);
      expect(options.trunk).toEqual({ address: carrier.address, timeoutMs: 4000 });
      kam = await startKamailio({
        ...options,
        // Free ports (tests run in parallel) and the test server's data folder for the captures.
        wsPort: undefined,
        sipPort: undefined,
        media: { recordingDir: gatewayCaptureDir(t.dataDir) },
      });
    });
    afterAll(async () => {
      for (const close of closers) close();
      await kam?.stop();
      await carrier?.stop();
      silent?.close();
      await t?.close();
    });
    beforeEach(({ onTestFailed }) => {
      onTestFailed(() => {
        console.log(`Kamailio log (tail):\n${kam?.log().slice(-3000)}`);
        console.log(`carrier simulator log (tail):\n${carrier?.log().slice(-2000)}`);
      });
    });

    it('says in the start log that a simulator is the carrier, and its rule', () => {
      expect(started).toEqual([
        expect.stringMatching(
          /^模拟运营商（开发用 sipp，不是真实运营商）：127\.0\.0\.1:\d+;transport=udp；号码尾数 5 无法接通、6 无人接听/,
        ),
      ]);
    });

    it('connects a customer who answers: his speech through the gateway, a record with talk time, charge and a stereo recording', async () => {
      const { number, bindId } = await dial('0');
      const dialledAt = Date.now();
      const answered = await call(number, bindId);
      expect(answered.answer.status).toBe(200);
      // He rang first (3 s), as a phone does.
      expect(Date.now() - dialledAt).toBeGreaterThanOrEqual(2500);
      await new Promise((r) => setTimeout(r, 2200));
      expect(await answered.bye()).toBe(200);

      await expect.poll(async () => (await recordOf(bindId))?.recordingState, { timeout: 15_000 }).toBe('ready');
      const record = (await recordOf(bindId))!;
      expect(record).toMatchObject({ callStatus: 1, finishStatus: 1, endReason: '' });
      expect(record.duration).toBeGreaterThanOrEqual(2);
      expect(record.postage).toBeGreaterThan(0);
      const url = await t.call(routeTables.callRecord.recordingUrl, { id: record.id }, manager);
      const wav = (await t.app.inject({ method: 'GET', url: url.body.data.url })).rawPayload;
      const levels = stereoLevels(wav);
      // The customer's speech on the right (the other party); the hand-written browser sent nothing.
      expect(levels.right).toBeGreaterThan(300);
      expect(levels.left).toBeLessThan(50);
    });

    it('reaches the simulator with the line’s 外显号码 as the caller ID', async () => {
      const { number, bindId, telX } = await dial('1');
      const answered = await call(number, bindId);
      expect(answered.answer.status).toBe(200);
      expect(await answered.bye()).toBe(200);
      expect(telX).toMatch(/^\d+$/);
      const invite = carrier
        .log()
        .split(/-{10,}[^\n]*\n/)
        .find((m) => m.includes(`INVITE sip:${number}@`))!;
      const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'm').exec(invite)?.[1] ?? '';
      expect(header('From')).toContain(`<sip:${telX}@`);
      expect(header('P-Asserted-Identity')).toBe(`<sip:${telX}@127.0.0.1>`);
      expect(`${header('From')} ${header('P-Asserted-Identity')}`).not.toContain(managerSip.key);
    });

    it('leaves 占线 for a number ending 8, not reached for one ending 5 and failed for one ending 9 (no such number)', async () => {
      const busy = await dial('8');
      expect((await call(busy.number, busy.bindId)).answer.status).toBe(486);
      const off = await dial('5');
      expect((await call(off.number, off.bindId)).answer.status).toBe(480);
      const absent = await dial('9');
      expect((await call(absent.number, absent.bindId)).answer.status).toBe(404);
      await expect.poll(async () => (await recordOf(busy.bindId))?.callStatus, { timeout: 10_000 }).toBe(3);
      await expect.poll(async () => (await recordOf(off.bindId))?.callStatus, { timeout: 10_000 }).toBe(2);
      await expect.poll(async () => (await recordOf(absent.bindId))?.callStatus, { timeout: 10_000 }).toBe(4);
      for (const { bindId } of [busy, off, absent]) {
        expect(await recordOf(bindId)).toMatchObject({ duration: 0, postage: 0, preRecordUrl: null });
      }
    });

    it('leaves 未接听 for a number ending 6, which rings until the agent gives up', async () => {
      const { number, bindId } = await dial('6');
      expect((await call(number, bindId, true)).answer.status).toBe(487);
      await expect.poll(async () => (await recordOf(bindId))?.callStatus, { timeout: 10_000 }).toBe(2);
      expect(await recordOf(bindId)).toMatchObject({ duration: 0, postage: 0 });
    });
  },
);
