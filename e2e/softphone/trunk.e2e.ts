import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  kamailioMissing,
  startKamailio,
  type TKamailio,
} from '../../apps/server/src/modules/telephony/sip.kamailio.js';
import { rtpengineMissing } from '../../apps/server/src/modules/telephony/sip.kamailio-rtpengine.js';
import {
  openRtpPeer,
  sdpOf,
  sippMissing,
  startSippTrunk,
  type TRtpPeer,
  type TSippTrunk,
} from '../../apps/server/src/modules/telephony/sip.kamailio-sipp.test-kit.js';
import { allowCallingAnyHour, login } from '../support/api.js';
import { baseUrl, launchBrowser, newPage } from '../support/browser.js';
import { callFirstCustomer } from './customer-call.js';

/**
 * A browser agent calls a customer through the media gateway: the carrier trunk is
 * sipp on UDP speaking plain RTP/AVP with PCMA (its media endpoint a UDP socket of this process
 * that counts what arrives and sends a 1 kHz tone), answers at once; the widget shows 通话中; the
 * trunk's RTP reaches the browser (getStats: inbound audio packets) and the browser's reaches the
 * trunk (PCMA packets counted at the trunk's port).
 */

const mediaArgs = [
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  '--autoplay-policy=no-user-gesture-required',
];

/** Keeps every RTCPeerConnection the page makes, so the test can read its statistics. */
const recordPeerConnections = (page: Page) =>
  page.addInitScript(() => {
    const kept: RTCPeerConnection[] = [];
    const w = window as unknown as { __pcs: RTCPeerConnection[]; RTCPeerConnection: typeof RTCPeerConnection };
    w.__pcs = kept;
    const Original = w.RTCPeerConnection;
    w.RTCPeerConnection = class extends Original {
      constructor(config?: RTCConfiguration) {
        super(config);
        kept.push(this);
      }
    };
  });

/** Audio packets received by the page's newest peer connection (inbound-rtp), and their codec. */
const inboundAudio = (page: Page) =>
  page.evaluate(async () => {
    const pcs = (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs;
    const pc = pcs[pcs.length - 1];
    if (!pc) return { packets: 0, codec: '' };
    const stats = [...(await pc.getStats()).values()] as Record<string, unknown>[];
    const inbound = stats.find((s) => s.type === 'inbound-rtp' && s.kind === 'audio');
    const codec = stats.find((s) => s.type === 'codec' && s.id === inbound?.codecId);
    return { packets: Number(inbound?.packetsReceived ?? 0), codec: String(codec?.mimeType ?? '') };
  });

const status = (page: Page) => page.getByTestId('softphone-status');

const missing = kamailioMissing() ?? rtpengineMissing() ?? sippMissing();
const isRequired = process.env.REQUIRE_KAMAILIO === '1';
if (missing && !isRequired) console.warn(`跳过媒体网关端到端测试：${missing}`);

describe.skipIf(missing !== null && !isRequired)(
  'a customer call through the media gateway to a plain-RTP trunk',
  () => {
    const sip = inject('sip');
    let browser: Browser;
    let kam: TKamailio | null = null;
    let trunk: TSippTrunk | null = null;
    let rtp: TRtpPeer | null = null;

    beforeAll(async () => {
      browser = await launchBrowser({ extraArgs: mediaArgs });
    });
    afterEach(async ({ task }) => {
      if (task.result?.state === 'fail') {
        console.log(`Kamailio log (tail):\n${kam?.log().slice(-3000)}`);
        console.log(`rtpengine log (tail):\n${kam?.media?.log().slice(-6000)}`);
        console.log(`sipp messages (tail):\n${trunk?.log().slice(-3000)}`);
      }
      await kam?.stop();
      await trunk?.stop();
      rtp?.close();
      kam = null;
      trunk = null;
      rtp = null;
    });
    afterAll(() => browser?.close());

    it('the trunk answers at once; 通话中; audio flows both ways; the hang-up reaches the trunk', async () => {
      rtp = await openRtpPeer();
      trunk = await startSippTrunk({ rtpPort: rtp.port });
      kam = await startKamailio({
        serverUrl: baseUrl(),
        sharedSecret: sip.sharedSecret,
        realm: sip.realm,
        origins: [baseUrl()],
        wsPort: sip.wsPort,
        trunk: { address: trunk.address },
      });
      expect(kam.media).not.toBeNull();
      await allowCallingAnyHour(await login('admin', 'Admin@2026'), 'agent02');

      const page = await newPage(browser);
      try {
        await recordPeerConnections(page);
        await callFirstCustomer(page, 'agent02', 'Agent@2026');

        // The carrier got plain RTP/AVP with G.711 for the customer's number.
        const invite = trunk.invites()[0]!;
        // None of our own X- headers (the bind, the dialled number) reaches the carrier.
        expect(invite).not.toMatch(/^X-/im);
        expect(sdpOf(invite)).toMatch(/^m=audio \d+ RTP\/AVP 8 0 /m);
        expect(sdpOf(invite)).not.toMatch(/^a=(fingerprint|ice-ufrag)/m);

        // Trunk → browser: the tone arrives as RTP the page decodes (Opus from the gateway).
        await expect.poll(async () => (await inboundAudio(page)).packets, { timeout: 15_000 }).toBeGreaterThan(25);
        expect((await inboundAudio(page)).codec).toBe('audio/opus');
        // Browser → trunk: the fake microphone's audio arrives as PCMA (payload type 8).
        await expect.poll(() => rtp!.received().packets, { timeout: 15_000 }).toBeGreaterThan(25);
        expect(rtp.received().payloadTypes).toEqual([8]);
        expect(rtp.sent()).toBeGreaterThan(25);

        await page.getByTestId('softphone-hangup').click();
        await expect.poll(() => status(page).textContent(), { timeout: 10_000 }).toBe('已挂断');
        // sipp answered the BYE (its message log holds the 200 for it).
        await expect.poll(() => /BYE sip:[\s\S]*SIP\/2\.0 200 OK[\s\S]*CSeq: \d+ BYE/.test(trunk!.log())).toBe(true);
      } finally {
        await page.context().close();
      }
    });
  },
);
