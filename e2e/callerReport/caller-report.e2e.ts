import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage } from '../support/browser.js';
import { signInWithPassword } from '../support/console.js';

describe('号码报备 and 数据审核', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('the enterprise resubmits its rejected report, the platform approves it beside the materials', async () => {
    // The demo's 02566661001 was rejected with a reason.
    const admin = await newPage(browser);
    await signInWithPassword(admin, 'admin', 'Admin@2026');
    await admin.goto(`${baseUrl()}/#/menu/userdata/TelReport/telReport`);
    const row = admin.getByTestId('list-caller-reports').locator('tr', { hasText: '02566661001' });
    await row.getByText('话术未说明来电目的与企业名称，请补充后重新提交').waitFor();
    await row.getByRole('button', { name: '重新提交' }).click();
    await row.getByText('待审核').waitFor();

    const platform = await newPage(browser);
    await signInWithPassword(platform, 'platform', 'Platform@2026');
    await platform.goto(`${baseUrl()}/#/menu/userdata/index`);
    const queued = platform.getByTestId('list-caller-report-review').locator('tr', { hasText: '02566661001' });
    await queued.getByText('待审核').waitFor();
    await queued.getByText('详情').click();
    await platform.getByTestId('materials-details').getByText('第 1 版').waitFor();
    await platform.getByRole('button', { name: /^通\s?过$/ }).click();
    await platform
      .getByRole('dialog')
      .getByRole('button', { name: /^通\s?过$/ })
      .click();
    await platform.getByTestId('report-details').getByText('审核通过').waitFor();
    await platform.context().close();

    await admin.reload();
    await row.getByText('审核通过').waitFor();
    expect(await row.getByRole('button', { name: '重新提交' }).count()).toBe(0);
    await admin.context().close();
  });
});
