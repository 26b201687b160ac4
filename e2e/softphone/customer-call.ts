import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { gatewayCaptureDir } from '../../apps/server/src/modules/telephony/recording.gateway.js';
import { startKamailio, type TKamailio } from '../../apps/server/src/modules/telephony/sip.kamailio.js';
import { baseUrl } from '../support/browser.js';
import { signInWithPassword } from '../support/console.js';
import type { TE2eSip } from '../support/server.js';

/**
 * An agent's soft-phone call to his first customer, as a person makes it (the trunk and recording
 * tests): signs in, goes online, opens 我的客户 and clicks the first customer's call button until the
 * widget says 通话中 (the line list loads after the page: a click before it only says 请先选择线路,
 * and a click during a call is ignored by the flow).
 */
export const callFirstCustomer = async (page: Page, username: string, password: string) => {
  await signInWithPassword(page, username, password);
  await page.locator('[data-testid="softphone"][data-config="ready"]').waitFor({ timeout: 15_000 });
  await page.getByTestId('softphone-online').click();
  await expect.poll(() => page.getByTestId('softphone-line').textContent(), { timeout: 15_000 }).toBe('已上线');
  await page.goto(`${baseUrl()}/#/menu/CRM/myCustomer`);
  const button = page.getByTestId('crm-list-private').locator('[data-testid^="call-customer-"]').first();
  await button.waitFor({ timeout: 20_000 });
  const status = page.getByTestId('softphone-status');
  await expect
    .poll(
      async () => {
        const now = await status.textContent();
        if (now === '') await button.click();
        return now;
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe('通话中');
};

/**
 * The console's Kamailio with a trunk behind it and the media gateway on the e2e server's own
 * control port (the monitoring tests: 监听, 耳语, 强插 drive that gateway through the server);
 * `isRecorded`: its captures go where the server makes recordings of them.
 */
export const startGatewayToTrunk = (
  sip: TE2eSip,
  trunkAddress: string,
  { isRecorded = false }: { isRecorded?: boolean } = {},
): Promise<TKamailio> =>
  startKamailio({
    serverUrl: baseUrl(),
    sharedSecret: sip.sharedSecret,
    realm: sip.realm,
    origins: [baseUrl()],
    wsPort: sip.wsPort,
    trunk: { address: trunkAddress },
    media: { ngPort: sip.mediaNgPort, recordingDir: isRecorded ? gatewayCaptureDir(sip.dataDir) : null },
  });

/** What the agent sees on the customer's page: the call 已接通 at the top of its calls, its recording playing. */
export const expectPlayedOnCustomerPage = async (page: Page, customerId: number) => {
  const calls = page.getByTestId('call-customer-calls');
  const first = calls.locator('tbody tr.ant-table-row').first();
  const play = first.locator('[data-testid^="call-play-"]');
  const loaded = async () => {
    await calls.locator('tbody tr.ant-table-row, tbody tr.ant-table-placeholder').first().waitFor({ timeout: 15_000 });
    await expect.poll(() => calls.locator('.ant-spin-spinning').count()).toBe(0);
  };
  await page.goto(`${baseUrl()}/#/menu/CRM/customerDetails?id=${customerId}`);
  await loaded();
  // The recording follows the record by a moment: the page shows it once it is there.
  await expect
    .poll(
      async () => {
        if ((await play.count()) > 0) return true;
        await page.reload();
        await loaded();
        return (await play.count()) > 0;
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(true);
  expect(await first.textContent()).toContain('已接通');
  await play.click();
  const audio = first.locator('audio');
  await audio.waitFor();
  await expect
    .poll(() => audio.evaluate((el: HTMLAudioElement) => el.readyState), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(1);
  expect(await audio.evaluate((el: HTMLAudioElement) => el.duration)).toBeGreaterThanOrEqual(2);
};

/**
 * Each ask of a poll, when it began, how long its answer took and what it was, printed only when
 * the poll fails (`printed`): a call record that never came, one the list did not show, and a list
 * that answered too slowly to be asked again look alike in the poll's own message.
 */
export const askLog = <T>(ask: () => Promise<T>, describe: (answer: T) => string) => {
  const lines: string[] = [];
  return {
    ask: async () => {
      const at = Date.now();
      try {
        const answer = await ask();
        lines.push(`${new Date(at).toISOString()} +${Date.now() - at} ms: ${describe(answer)}`);
        return answer;
      } catch (error) {
        lines.push(`${new Date(at).toISOString()} +${Date.now() - at} ms: ${(error as Error).message}`);
        throw error;
      }
    },
    printed: (error: unknown): never => {
      console.log(`asked (${lines.length}):\n${lines.join('\n')}`);
      throw error;
    },
  };
};
