import { blacklistRoutes, crmRoutes } from '@yunhu/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowCallingAnyHour, call, login } from '../support/api.js';
import { baseUrl, launchBrowser, newPage } from '../support/browser.js';
import { signInWithPassword } from '../support/console.js';

type TCustomerRow = { id: number; mobile: string; name: string; ownerName: string | null };

/**
 * "Dialing": agent01 holds a call-back seat (mode 0). He clicks call on a customer, is told
 * to wait for the answer, the carrier simulator rings, connects and reports the call, and the record
 * with its recording appears on the customer's page and plays; the end of the call opens the follow-up
 * with the phone label the call showed; a black-listed number is refused. While the call
 * happens the 拨号成功 notice shows where it stands, and a second 拨打 does nothing.
 */
describe('dialing on a call-back line through the carrier simulator', () => {
  let browser: Browser;
  let page: Page;
  let called: TCustomerRow;
  let blocked: TCustomerRow;

  beforeAll(async () => {
    browser = await launchBrowser();
    const admin = await login('admin', 'Admin@2026');
    const manager = await login('manager', 'Manager@2026');
    // agent01 may call at any hour (呼叫管理), so the test does not depend on the clock.
    await allowCallingAnyHour(admin, 'agent01');
    // Two of agent01's customers, with their full numbers (the manager may see them).
    const list = await call(crmRoutes.customerPage, { page: 1, limit: 100 }, manager);
    const own = list.records.filter((c) => c.ownerName === '王强');
    [called, blocked] = [own[0]!, own[1]!];
    await call(blacklistRoutes.addOne, { number: blocked.mobile, reason: '客户要求勿扰' }, admin);
    page = await newPage(browser);
    await signInWithPassword(page, 'agent01', 'Agent@2026');
  });
  afterAll(() => browser.close());

  const openCustomer = async (id: number) => {
    await page.goto(`${baseUrl()}/#/menu/CRM/customerDetails?id=${id}`);
    const calls = page.getByTestId('call-customer-calls');
    await calls.locator('tbody tr.ant-table-row, tbody tr.ant-table-placeholder').first().waitFor();
    // The customer's calls have loaded (no spinner over the table).
    await expect.poll(() => calls.locator('.ant-spin-spinning').count()).toBe(0);
    return calls;
  };

  it('calls, waits for the answer, and the record with a playable recording appears', async () => {
    const calls = await openCustomer(called.id);
    // The line picker shows his call-back line.
    await expect.poll(() => page.getByTestId('call-line-picker').textContent()).toContain('回拨');
    const before = await calls.locator('[data-testid^="call-play-"]').count();
    // Every dial request and check the page sends (a second 拨打 during the call sends none).
    const dialRequests: string[] = [];
    page.on('request', (r) => {
      if (/\/base\/(crmV2\/callV2|call\/callee-check)$/.test(r.url())) dialRequests.push(r.url());
    });
    // Where the call stands, as the notice showed it (呼叫中 → 振铃 → 通话中 → 已结束).
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __progress: string[] }).__progress = seen;
      new MutationObserver(() => {
        const now = document.querySelector('[data-testid="call-progress"]')?.getAttribute('data-progress');
        if (now && seen.at(-1) !== now) seen.push(now);
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await calls.getByTestId(`call-customer-${called.id}`).click();
    const notice = page.locator('.ant-notification-notice').filter({ hasText: '拨号成功' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain('请等待接听');
    await notice.getByTestId('call-progress').waitFor();
    expect(await notice.textContent()).toMatch(/呼叫中.*振铃.*通话中.*已结束/);
    // A second 拨打 while the call is active does nothing (spec section 4 Dial flow, step 1).
    expect(dialRequests).toHaveLength(2);
    await calls.getByTestId(`call-customer-${called.id}`).click();
    await page.waitForTimeout(500);
    expect(dialRequests).toHaveLength(2);
    expect(await page.locator('.ant-notification-notice').filter({ hasText: '拨号成功' }).count()).toBe(1);
    // The notice follows the call to its end.
    await notice.locator('[data-progress="ended"]').waitFor({ timeout: 30_000 });
    expect(await notice.getByTestId('call-progress-now').textContent()).toBe('当前状态：已结束');
    const seen = await page.evaluate(() => (window as unknown as { __progress: string[] }).__progress);
    const order = ['calling', 'ringing', 'talking', 'ended'];
    expect(seen[0]).toBe('calling');
    expect(seen.at(-1)).toBe('ended');
    expect(seen.map((s) => order.indexOf(s))).toEqual([...seen.map((s) => order.indexOf(s))].sort());
    // The simulator rings, talks and reports; the page polls the customer's calls meanwhile.
    const play = calls.locator('[data-testid^="call-play-"]');
    await expect.poll(() => play.count(), { timeout: 30_000, interval: 500 }).toBe(before + 1);
    // The call is over: the follow-up opens with its result and the phone label it gave the customer.
    const followUp = page.locator('.ant-modal').filter({ hasText: '通话已结束，写跟进' });
    await followUp.waitFor();
    expect(await followUp.getByTestId('call-follow-result').textContent()).toBe('已接通');
    // The only select of the form is the phone label.
    await expect.poll(() => followUp.locator('.ant-select').textContent()).toContain('已接通');
    await followUp.getByTestId('crm-follow-content').fill('客户已接听，约定下周演示');
    await followUp.getByTestId('crm-follow-submit').click();
    await followUp.waitFor({ state: 'hidden' });
    await page.getByText('客户已接听，约定下周演示').first().waitFor();
    const first = calls.locator('tbody tr.ant-table-row').first();
    expect(await first.textContent()).toContain('已接通');
    await first.locator('[data-testid^="call-play-"]').click();
    const audio = first.locator('audio');
    await audio.waitFor();
    // The metadata arrives over a signed range request: wait for it (HAVE_METADATA), then read the length.
    await expect
      .poll(() => audio.evaluate((el: HTMLAudioElement) => el.readyState), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(1);
    expect(await audio.evaluate((el: HTMLAudioElement) => el.duration)).toBeGreaterThanOrEqual(8);
  });

  it('shows the call on the customer list', async () => {
    await page.goto(`${baseUrl()}/#/menu/CRM/myCustomer`);
    const figures = page.getByTestId(`customer-calls-${called.id}`);
    await figures.waitFor();
    expect(await figures.textContent()).toMatch(/^\d+次 · \d{4}-\d{2}-\d{2}/);
  });

  it('refuses a black-listed number with the message', async () => {
    const calls = await openCustomer(blocked.id);
    // The first call's notice closes on its own first, so a new one could not hide among them.
    const dialled = page.locator('.ant-notification-notice').filter({ hasText: '拨号成功' });
    await dialled.first().waitFor({ state: 'detached', timeout: 15_000 });
    const rowsBefore = await calls.locator('tbody tr.ant-table-row').count();
    await calls.getByTestId(`call-customer-${blocked.id}`).click();
    await page.locator('.ant-message-notice').filter({ hasText: '该号码在企业黑名单中，禁止拨打' }).waitFor();
    expect(await dialled.count()).toBe(0);
    // Nothing was dialled: no call record arrives for the customer (the list is polled after a dial).
    await page.waitForTimeout(4000);
    expect(await calls.locator('tbody tr.ant-table-row').count()).toBe(rowsBefore);
  });
});
