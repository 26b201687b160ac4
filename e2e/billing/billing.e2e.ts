import { billingRoutes, callRoutes, type TResponseOf } from '@yunhu/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowCallingAnyHour, call, login } from '../support/api.js';
import { baseUrl, launchBrowser, newPage } from '../support/browser.js';
import { signInWithPassword } from '../support/console.js';

type TLine = TResponseOf<typeof callRoutes.usableLines>[number];

/**
 * Billing end to end: agent01 calls on his call-back line through the carrier simulator;
 * the call is rated and charged from the line's package, and the administrator sees it in
 * 收支明细 › 消费明细 (package seconds used, what paid) and in 账单分析 (figures, charts, 账单); the
 * platform sees the line's rate on 线路资费. An agent without the permission is refused the screen.
 */
describe('billing', () => {
  let browser: Browser;
  let page: Page;
  let admin: string;
  let line: TLine;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await login('admin', 'Admin@2026');
    await allowCallingAnyHour(admin, 'agent01');
    const agent = await login('agent01', 'Agent@2026');
    const lines = await call(callRoutes.usableLines, {}, agent);
    line = lines.find((l) => l.lineMode === 0)!;
    // A call through the simulator (always connected in the e2e server): its record comes by callback.
    const { bindId } = await call(callRoutes.dial, { telB: '13912345016', interfaceId: line.lineId }, agent);
    for (let i = 0; !(await call(callRoutes.dialState, { bindId }, agent)).isOver; i++) {
      if (i > 120) throw new Error('the simulated call did not end');
      await new Promise((done) => setTimeout(done, 500));
    }
    page = await newPage(browser);
  });
  afterAll(() => browser.close());

  it('shows the call in 消费明细 with the package seconds that paid for it', async () => {
    const charged = await call(billingRoutes.consumePage, { page: 1, limit: 5 }, admin);
    const charge = charged.records.find((r) => r.lineName === line.lineName)!;
    expect(charge.packetSeconds).toBeGreaterThan(0);
    await signInWithPassword(page, 'admin', 'Admin@2026');
    await page.goto(`${baseUrl()}/#/menu/money/revenueDetails`);
    await page.getByRole('tab', { name: '消费明细' }).click();
    // 消费明细's own list: the other tabs stay rendered, hidden, with rows naming the line too, and
    // 收支明细's stay visible while the tabs switch.
    const row = page
      .getByTestId('list-billingConsume')
      .locator('tbody tr.ant-table-row:visible')
      .filter({ hasText: line.lineName })
      .first();
    await row.waitFor();
    const text = await row.textContent();
    expect(text).toContain(line.lineName);
    expect(text).toContain('王强');
    expect(text).toContain(`${charge.packetSeconds} 秒`);
  });

  it('draws the month in 账单分析 and lists the bill per line and department', async () => {
    await page.goto(`${baseUrl()}/#/menu/account/billAnalysis`);
    const figures = page.getByTestId('bill-figures');
    await figures.waitFor();
    expect(await figures.textContent()).toContain('计费通话数');
    await page.getByTestId('bill-daily').waitFor();
    await page.getByTestId('bill-lines').waitFor();
    const bill = page.locator('tbody tr.ant-table-row').filter({ hasText: line.lineName }).first();
    await bill.waitFor();
  });

  it('refuses 收支明细 to an agent without the permission', async () => {
    const other = await newPage(browser);
    await signInWithPassword(other, 'agent01', 'Agent@2026');
    await other.goto(`${baseUrl()}/#/menu/money/revenueDetails`);
    await other.getByTestId('no-permission').waitFor();
    await other.close();
  });

  it('shows the platform each line with its rate', async () => {
    const platform = await newPage(browser);
    await signInWithPassword(platform, 'platform', 'Platform@2026');
    await platform.goto(`${baseUrl()}/#/menu/platform/rates`);
    const row = platform.locator('tbody tr.ant-table-row').filter({ hasText: line.lineName }).first();
    await row.waitFor();
    expect(await row.textContent()).toContain('60 秒');
    await platform.close();
  });
});
