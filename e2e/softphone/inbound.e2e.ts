import { callRoutes } from '@yunhu/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { kamailioMissing, type TKamailio } from '../../apps/server/src/modules/telephony/sip.kamailio.js';
import { rtpengineMissing } from '../../apps/server/src/modules/telephony/sip.kamailio-rtpengine.js';
import {
  callerScenario,
  openRtpPeer,
  sippMissing,
  startSippClient,
  type TRtpPeer,
} from '../../apps/server/src/modules/telephony/sip.kamailio-sipp.test-kit.js';
import { allowCallingAnyHour, call, login } from '../support/api.js';
import { launchBrowser, newPage } from '../support/browser.js';
import { signInWithPassword } from '../support/console.js';
import { softphoneMediaArgs, startTestKamailio } from './sip-server.js';

/**
 * A call from outside rings an agent's browser showing who calls as the server masks the number
 * (来电：138****5678), never 来电：pstn nor the number itself: a desk phone (sipp, an inbound peer by
 * address) calls the 外显号码 the agent last called out with; he answers, the caller hangs up.
 */

const missing = kamailioMissing() ?? rtpengineMissing() ?? sippMissing();
const isRequired = process.env.REQUIRE_KAMAILIO === '1';
if (missing && !isRequired) console.warn(`跳过呼入来电显示端到端测试：${missing}`);

describe.skipIf(missing !== null && !isRequired)('an inbound call in the soft-phone dock', { retry: 1 }, () => {
  let browser: Browser;
  let kam: TKamailio | null = null;
  let rtp: TRtpPeer | null = null;
  let page: Page | null = null;

  beforeAll(async () => {
    browser = await launchBrowser({ extraArgs: softphoneMediaArgs });
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail' && kam) console.log(`Kamailio log (tail):\n${kam.log().slice(-4000)}`);
    await page
      ?.context()
      .close()
      .catch(() => undefined);
    page = null;
    await kam?.stop();
    kam = null;
    rtp?.close();
    rtp = null;
  });
  afterAll(() => browser?.close());

  it('shows the caller as the masked number the server provides', async () => {
    kam = await startTestKamailio({ inboundPeers: ['127.0.0.3'] });
    rtp = await openRtpPeer();
    // The number agent04 calls out with: his latest dial request's 外显号码 (the request withdrawn).
    await allowCallingAnyHour(await login('admin', 'Admin@2026'), 'agent04');
    const token = await login('agent04', 'Agent@2026');
    const line = (await call(callRoutes.usableLines, {}, token)).find((l) => l.lineMode === 2)!;
    const dialled = await call(callRoutes.dial, { telB: '13933337001', interfaceId: line.lineId }, token);
    await call(callRoutes.dialCancel, { bindId: dialled.bindId }, token);

    page = await newPage(browser);
    await signInWithPassword(page, 'agent04', 'Agent@2026');
    await page.locator('[data-testid="softphone"][data-config="ready"]').waitFor({ timeout: 15_000 });
    await page.getByTestId('softphone-online').click();
    await expect.poll(() => page!.getByTestId('softphone-line').textContent(), { timeout: 15_000 }).toBe('已上线');

    const caller = '13812345678';
    const desk = await startSippClient({
      scenario: callerScenario({ holdMs: 1500 }),
      remote: `127.0.0.1:${kam.sipPort}`,
      ip: '127.0.0.3',
      service: dialled.telX,
      keys: { from_user: caller, rtp_port: String(rtp.port) },
    });
    const incoming = page.getByTestId('softphone-incoming');
    await incoming.waitFor({ timeout: 15_000 });
    expect(await incoming.textContent()).toBe('来电：138****5678');
    await page.getByTestId('softphone-answer').click();
    await expect.poll(() => page!.getByTestId('softphone-status').textContent(), { timeout: 10_000 }).toBe('通话中');
    expect(await page.getByTestId('softphone-peer').textContent()).toMatch(/^来电：138\*\*\*\*5678/);
    expect(await page.locator('[data-testid="softphone"]').textContent()).not.toContain(caller);
    const { code, errors } = await desk.done;
    expect(code, errors).toBe(0);
    await expect.poll(() => page!.getByTestId('softphone-status').textContent(), { timeout: 10_000 }).toBe('已挂断');
  });
});
