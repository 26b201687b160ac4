import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { kamailioMissing, type TKamailio } from '../../apps/server/src/modules/telephony/sip.kamailio.js';
import { rtpengineMissing } from '../../apps/server/src/modules/telephony/sip.kamailio-rtpengine.js';
import {
  openRtpPeer,
  sippMissing,
  startSippTrunk,
  type TRtpPeer,
  type TSippTrunk,
} from '../../apps/server/src/modules/telephony/sip.kamailio-sipp.test-kit.js';
import { allowCallingAnyHour, login } from '../support/api.js';
import { baseUrl, launchBrowser, newPage } from '../support/browser.js';
import { signInWithPassword } from '../support/console.js';
import { callFirstCustomer, startGatewayToTrunk } from './customer-call.js';

/**
 * 监听 in the browser: agent02 (赵丽) calls a customer, the carrier trunk (sipp,
 * plain RTP) answers and plays a 1 kHz tone; the manager opens 实时监控, clicks 监听 on 赵丽's
 * 通话中 row and hears the call — WebAudio measures the page's played streams: loud, one of them
 * peaking at 1 kHz. When 赵丽 hangs up the listen ends by itself. (An agent has no such page:
 * wallboard.e2e.ts.)
 */

const mediaArgs = [
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  '--autoplay-policy=no-user-gesture-required',
];

const rowOf = (page: Page, realName: string) =>
  page.getByTestId('wallboard').locator('tr.ant-table-row', { hasText: realName });

/**
 * Per <audio> of the listen: the loudest RMS over `ms` and the frequency (Hz) of its strongest bin,
 * measured by WebAudio on the stream the element plays.
 */
const heard = (page: Page, ms: number) =>
  page.evaluate(async (ms) => {
    const els = [...document.querySelectorAll<HTMLAudioElement>('[data-testid="listen-audio"]')];
    const ctx = new AudioContext();
    await ctx.resume();
    const probes = els.map((el) => {
      const analyser = ctx.createAnalyser();
      analyser.fftSize = 2048;
      ctx.createMediaStreamSource(el.srcObject as MediaStream).connect(analyser);
      return { analyser, rms: 0, peakHz: 0, playing: !el.paused };
    });
    const end = Date.now() + ms;
    while (Date.now() < end) {
      await new Promise((r) => setTimeout(r, 100));
      for (const p of probes) {
        const wave = new Float32Array(p.analyser.fftSize);
        p.analyser.getFloatTimeDomainData(wave);
        const rms = Math.sqrt(wave.reduce((s, v) => s + v * v, 0) / wave.length);
        if (rms > p.rms) {
          p.rms = rms;
          const bins = new Float32Array(p.analyser.frequencyBinCount);
          p.analyser.getFloatFrequencyData(bins);
          const top = bins.indexOf(Math.max(...bins));
          p.peakHz = Math.round((top * ctx.sampleRate) / p.analyser.fftSize);
        }
      }
    }
    await ctx.close();
    return probes.map(({ rms, peakHz, playing }) => ({ rms, peakHz, playing }));
  }, ms);

const missing = kamailioMissing() ?? rtpengineMissing() ?? sippMissing();
const isRequired = process.env.REQUIRE_KAMAILIO === '1';
if (missing && !isRequired) console.warn(`跳过监听端到端测试：${missing}`);

describe.skipIf(missing !== null && !isRequired)('监听 on 实时监控', () => {
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
      console.log(`Kamailio log (tail):\n${kam?.log().slice(-2000)}`);
      console.log(`rtpengine log (tail):\n${kam?.media?.log().slice(-8000)}`);
    }
    await kam?.stop();
    await trunk?.stop();
    rtp?.close();
  });
  afterAll(() => browser?.close());

  it('the manager hears the trunk’s tone of 赵丽’s call; the listen ends with the call', async () => {
    rtp = await openRtpPeer();
    trunk = await startSippTrunk({ rtpPort: rtp.port });
    kam = await startGatewayToTrunk(sip, trunk.address);
    await allowCallingAnyHour(await login('admin', 'Admin@2026'), 'agent02');

    const agent = await newPage(browser);
    await callFirstCustomer(agent, 'agent02', 'Agent@2026');

    const manager = await newPage(browser);
    await signInWithPassword(manager, 'manager', 'Manager@2026');
    await manager.goto(`${baseUrl()}/#/menu/callWallboard`);
    const row = rowOf(manager, '赵丽');
    await expect.poll(() => row.getByTestId('wallboard-state').textContent(), { timeout: 15_000 }).toBe('通话中');
    // Only a talking row offers 监听.
    expect(await manager.getByTestId('wallboard-listen').count()).toBe(1);
    await row.getByTestId('wallboard-listen').click();
    const bar = manager.getByTestId('listen-bar');
    await expect.poll(() => bar.getAttribute('data-phase'), { timeout: 30_000 }).toBe('listening');
    expect(await bar.textContent()).toContain('正在监听 赵丽 的通话');

    const probes = await heard(manager, 1500);
    expect(probes).toHaveLength(2);
    for (const p of probes) expect(p.playing).toBe(true);
    // The customer's side: the trunk's 1 kHz tone, loud (a 1 kHz bin is 1000 ± 12 Hz at 48 kHz / 2048).
    expect(probes.some((p) => p.rms > 0.05 && Math.abs(p.peakHz - 1000) < 30)).toBe(true);

    // 赵丽 hangs up: the row leaves 通话中 and the listen ends by itself.
    await agent.getByTestId('softphone-hangup').click();
    await expect.poll(() => bar.count(), { timeout: 20_000 }).toBe(0);
    expect(await manager.getByTestId('wallboard-listen').count()).toBe(0);
    await manager.context().close();
    await agent.context().close();
  }, 120_000);
});
