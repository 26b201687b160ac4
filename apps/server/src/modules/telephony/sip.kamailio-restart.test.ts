import dgram from 'node:dgram';
import fs from 'node:fs';
import path from 'node:path';
import { routeTables, type TSipLineConfig } from '@yunhu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TTestApp } from '../../test/harness.js';
import { callRecords } from '../call/call.schema.js';
import { lostCallReason } from '../call/ingest.rules.js';
import { customers } from '../crm/crm.schema.js';
import { gatewayCaptureDir } from './recording.gateway.js';
import { stereoLevels } from './recording.pcap.js';
import { rigOrigin, startCarrierRig, type TCarrierRig } from './sip.carrier-rig.test-kit.js';
import { kamailioMissing, type TKamailio } from './sip.kamailio.js';
import { confirmedCallIds } from './sip.kamailio-dialogs.js';
import { ngCommand, rtpengineMissing, type TBencode } from './sip.kamailio-rtpengine.js';
import { sdpOf, sippMissing, type TRtpPeer, type TSippTrunk } from './sip.kamailio-sipp.test-kit.js';
import { webrtcCall } from './sip.webrtc.test-kit.js';
import { openSipPhone } from './sip-client.test-kit.js';

/**
 * Kamailio and the media gateway recover by themselves: killed with SIGKILL, each is started again
 * by its supervisor on the same ports within seconds (Kamailio answers OPTIONS and takes a
 * REGISTER, rtpengine answers ping); a recorded customer call cut by Kamailio's death is ended on
 * both legs (sipp as the carrier receives the BYE), its record written once with the recording made
 * so far, and the customer counts the call; a call whose gateway died keeps what was captured
 * until then.
 */
const missing = kamailioMissing() ?? rtpengineMissing() ?? sippMissing();
const isRequired = process.env.REQUIRE_KAMAILIO === '1';
if (missing && !isRequired) console.warn(`跳过自动恢复集成测试：${missing}`);

/** One OPTIONS to Kamailio's SIP port: its status line, or null without an answer within 300 ms. */
const options = (port: number) =>
  new Promise<string | null>((resolve) => {
    const socket = dgram.createSocket('udp4');
    const timer = setTimeout(() => {
      socket.close();
      resolve(null);
    }, 300);
    socket.on('message', (m) => {
      clearTimeout(timer);
      socket.close();
      resolve(m.toString().split('\r\n')[0]!);
    });
    socket.bind(0, '127.0.0.1', () => {
      const own = socket.address().port;
      const id = Math.random().toString(36).slice(2);
      socket.send(
        [
          `OPTIONS sip:127.0.0.1:${port} SIP/2.0`,
          `Via: SIP/2.0/UDP 127.0.0.1:${own};branch=z9hG4bK${id}`,
          'Max-Forwards: 70',
          `From: <sip:probe@127.0.0.1>;tag=${id}`,
          'To: <sip:127.0.0.1>',
          `Call-ID: ${id}@probe`,
          'CSeq: 1 OPTIONS',
          'Content-Length: 0',
          '',
          '',
        ].join('\r\n'),
        port,
        '127.0.0.1',
      );
    });
  });

describe.skipIf(missing !== null && !isRequired)('Kamailio and the media gateway after they die', () => {
  const origin = rigOrigin;
  let rig: TCarrierRig;
  let t: TTestApp;
  let kit: TCarrierRig['kit'];
  let kam: TKamailio;
  let trunk: TSippTrunk;
  let rtp: TRtpPeer;
  let manager: string;
  let managerSip: TSipLineConfig;
  let silent: dgram.Socket;
  let closers: (() => void)[];

  /** Kills Kamailio's main process and waits until a new one answers OPTIONS; answers how long that took. */
  const killKamailio = async () => {
    const killed = kam.pid()!;
    const restarts = kam.restarts();
    const at = Date.now();
    process.kill(killed, 'SIGKILL');
    await expect
      .poll(async () => kam.restarts() > restarts && (await options(kam.sipPort)) === 'SIP/2.0 200 OK', {
        timeout: 10_000,
        interval: 50,
      })
      .toBe(true);
    expect(kam.pid()).not.toBe(killed);
    return Date.now() - at;
  };

  /** A recorded call from the dial flow to one of the manager's customers, answered by the carrier, which talks. */
  const customerCall = async () => {
    await kit.endCalls('manager');
    const customer = await kit.customerOf('manager');
    const res = await t.call(
      routeTables.call.dial,
      { telB: customer.mobile, interfaceId: kit.sipLine.id, octCustomerId: customer.id },
      manager,
    );
    expect(res.body.code).toBe(0);
    const { bindId, telX } = res.body.data;
    const invitesBefore = trunk.invites().length;
    const call = await webrtcCall(
      {
        wsUrl: kam.wsUrl,
        origin,
        candidatePort: silent.address().port,
        onClose: (close) => closers.push(close),
        headers: [`X-Bind-Id: ${bindId}`],
      },
      managerSip,
      customer.mobile,
    );
    expect(call.answer.status).toBe(200);
    const gatewayPort = Number(/^m=audio (\d+)/m.exec(sdpOf(trunk.invites()[invitesBefore]!))![1]);
    rtp.sendTo({ address: '127.0.0.1', port: gatewayPort });
    return { customer, bindId, telX: telX as string, call };
  };

  /** The call's one record once its recording is settled, and the recording's levels. */
  const recordedOf = async (bindId: string, timeout = 20_000) => {
    await expect
      .poll(
        async () =>
          (await t.database.db.select().from(callRecords).where(eq(callRecords.bindId, bindId)))[0]?.recordingState,
        { timeout },
      )
      .toBe('ready');
    const records = await t.database.db.select().from(callRecords).where(eq(callRecords.bindId, bindId));
    expect(records).toHaveLength(1);
    const played = await t.call(routeTables.callRecord.recordingUrl, { id: records[0]!.id }, manager);
    const wav = (await t.app.inject({ method: 'GET', url: played.body.data.url })).rawPayload;
    return { record: records[0]!, levels: stereoLevels(wav) };
  };

  beforeAll(async () => {
    rig = await startCarrierRig();
    ({ t, kit, kam, trunk, rtp, manager, managerSip, silent, closers } = rig);
  });
  afterAll(() => rig?.stop());
  beforeEach(({ onTestFailed }) => {
    onTestFailed(() => {
      console.log(`Kamailio log (tail):\n${kam?.log().slice(-4000)}`);
      console.log(`rtpengine log (tail):\n${kam?.media?.log().slice(-2000)}`);
      console.log(`carrier (tail):\n${trunk?.log().slice(-3000)}`);
    });
  });

  it('starts a Kamailio killed with SIGKILL again within seconds, on its ports: OPTIONS answered, a REGISTER taken', async () => {
    const ms = await killKamailio();
    console.log(`Kamailio 被 SIGKILL 后重新应答 OPTIONS：${ms} ms`);
    expect(ms).toBeLessThan(5000);
    const phone = await openSipPhone({
      wsUrl: kam.wsUrl,
      origin,
      domain: managerSip.realm,
      user: managerSip.key,
      password: managerSip.passWord,
    });
    closers.push(() => phone.close());
    expect((await phone.register()).map((r) => r.status)).toEqual([401, 200]);
    expect(kam.log()).toMatch(/kamailio exited unexpectedly; starting it again/);
  });

  it('starts a media gateway killed with SIGKILL again on its control port', async () => {
    const media = kam.media!;
    const killed = media.pid()!;
    const at = Date.now();
    process.kill(killed, 'SIGKILL');
    await expect
      .poll(
        async () =>
          media.pid() !== killed &&
          (
            (await ngCommand(media.ngPort, { command: 'ping' }, 200).catch(() => null)) as Record<
              string,
              TBencode
            > | null
          )?.result,
        { timeout: 10_000, interval: 50 },
      )
      .toBe('pong');
    console.log(`rtpengine 被 SIGKILL 后重新应答 ping：${Date.now() - at} ms`);
  });

  it('ends a call cut by Kamailio dying on both legs: the carrier gets a BYE, the record keeps its recording and the customer counts it', async () => {
    const { customer, bindId, telX, call } = await customerCall();
    // The carrier talks for 1.5 s; Kamailio has written the dialog to its run folder meanwhile.
    await new Promise((r) => setTimeout(r, 1500));
    expect(fs.readFileSync(path.join(kam.dir, 'dialog-db', 'dialog'), 'utf8')).toContain(call.callId);
    const byesBefore = (trunk.log().match(/^BYE sip:/gm) ?? []).length;

    await killKamailio();

    // The carrier's leg is ended by the Kamailio started after it.
    await expect
      .poll(() => (trunk.log().match(/^BYE sip:/gm) ?? []).length, { timeout: 10_000 })
      .toBeGreaterThan(byesBefore);
    // It names the call as the carrier knew it: our 外显号码, not the agent's key.
    const log = trunk.log();
    const bye = log.slice(log.lastIndexOf('BYE sip:')).split(/\r?\n\r?\n/)[0]!;
    expect(bye).toMatch(new RegExp(`^From: <sip:${telX}@`, 'm'));
    expect(bye).not.toContain(managerSip.key);
    // One record, ended by the restart, with what was recorded until then.
    const { record, levels } = await recordedOf(bindId);
    expect(record).toMatchObject({ callStatus: 1, finishStatus: 4, endReason: lostCallReason });
    expect(levels.seconds).toBeGreaterThan(0.5);
    expect(levels.right).toBeGreaterThan(1000);
    // The customer counts the call, as after any other.
    const [after] = await t.database.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(after!.callCount).toBe(customer.callCount + 1);
    expect(after!.lastCallAt).not.toBeNull();
    // The gateway holds nothing of it.
    const listed = (await kam.media!.command({ command: 'list' })) as Record<string, TBencode>;
    expect(listed.calls ?? []).not.toContain(call.callId);
  });

  it('ends a call answered a moment before Kamailio died on the carrier’s leg too', async () => {
    const { bindId, call } = await customerCall();
    // Killed once the call is on disk confirmed by the ACK: the second's dump may have written it
    // answered but not yet confirmed, and such a dialog is an answer the phone never confirmed, which
    // a restart drops instead of ending.
    await expect
      .poll(() => confirmedCallIds(path.join(kam.dir, 'dialog-db')).includes(call.callId), {
        timeout: 5000,
        interval: 20,
      })
      .toBe(true);
    const byesBefore = (trunk.log().match(/^BYE sip:/gm) ?? []).length;

    await killKamailio();

    await expect
      .poll(() => (trunk.log().match(/^BYE sip:/gm) ?? []).length, { timeout: 10_000 })
      .toBeGreaterThan(byesBefore);
    await expect
      .poll(async () => (await t.database.db.select().from(callRecords).where(eq(callRecords.bindId, bindId)))[0], {
        timeout: 10_000,
      })
      .toMatchObject({ callStatus: 1, endReason: lostCallReason });
  });

  it('keeps the recording made until the media gateway died, once the call ends', async () => {
    const { bindId, call } = await customerCall();
    await new Promise((r) => setTimeout(r, 1500));
    const media = kam.media!;
    const killed = media.pid()!;
    process.kill(killed, 'SIGKILL');
    await expect.poll(() => media.pid() !== killed, { timeout: 10_000 }).toBe(true);
    // The agent hangs up: the record is his (主叫挂断), its recording what the dead gateway captured,
    // there at once (not after waiting for a close that never comes).
    expect(await call.bye()).toBe(200);
    const { record, levels } = await recordedOf(bindId, 5000);
    expect(record).toMatchObject({ callStatus: 1, finishStatus: 1 });
    expect(levels.seconds).toBeGreaterThan(0.5);
    expect(levels.right).toBeGreaterThan(1000);
    expect(fs.readdirSync(path.join(gatewayCaptureDir(t.dataDir), 'tmp'))).toEqual([]);
  });
});
