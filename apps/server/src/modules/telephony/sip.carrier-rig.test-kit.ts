import dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { routeTables } from '@yunhu/contract';
import { loadConfig } from '../../config.js';
import { startTestApp } from '../../test/harness.js';
import { callKit } from '../call/call.test-kit.js';
import { gatewayCaptureDir } from './recording.gateway.js';
import { startKamailio } from './sip.kamailio.js';
import { openRtpPeer, startSippTrunk } from './sip.kamailio-sipp.test-kit.js';

/** The page origin the hand-written browsers (sip.webrtc.test-kit.ts) open the SIP WebSocket from. */
export const rigOrigin = 'http://127.0.0.1:5173';

/**
 * The set-up of the tests that call a customer through the product's Kamailio and media gateway
 * with sipp as the carrier (sip.kamailio-recording.test.ts, sip.kamailio-restart.test.ts): the
 * test app listening, the manager recording his calls and his soft-phone credentials, a silent UDP
 * port for the hand-written browser's ICE candidate, the carrier's RTP peer and sipp as its trunk,
 * Kamailio recording into the app's data folder. `closers`: what a test opened, closed by `stop`.
 */
export const startCarrierRig = async () => {
  const { sip } = loadConfig({});
  const t = await startTestApp();
  const kit = await callKit(t);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const serverUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const manager = await t.loginAs.manager();
  await kit.setRules('manager', { recording: true });
  const managerSip = (await t.call(routeTables.call.lineConfig, { lineId: 2 }, manager)).body.data;
  const silent = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => silent.bind(0, '127.0.0.1', resolve));
  const rtp = await openRtpPeer();
  const trunk = await startSippTrunk({ rtpPort: rtp.port });
  /** A Kamailio of this app with the media gateway recording, sending numbers to `trunkAddress`. */
  const kamailioFor = (trunkAddress: string) =>
    startKamailio({
      serverUrl,
      sharedSecret: sip.sharedSecret!,
      realm: sip.realm,
      origins: [rigOrigin],
      trunk: { address: trunkAddress },
      media: { recordingDir: gatewayCaptureDir(t.dataDir) },
    });
  const kam = await kamailioFor(trunk.address);
  const closers: (() => void)[] = [];
  return {
    t,
    kit,
    manager,
    managerSip,
    silent,
    rtp,
    trunk,
    kam,
    kamailioFor,
    closers,
    stop: async () => {
      for (const close of closers) close();
      await kam.stop();
      await trunk.stop();
      rtp.close();
      silent.close();
      await t.close();
    },
  };
};

export type TCarrierRig = Awaited<ReturnType<typeof startCarrierRig>>;
