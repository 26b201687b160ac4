import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage } from '../support/browser.js';
import { signInWithPassword } from '../support/console.js';

describe('platform operator: background jobs', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('lists the server’s job runs — the runs at its start done — and refuses an enterprise admin', async () => {
    const platform = await newPage(browser);
    await signInWithPassword(platform, 'platform', 'Platform@2026');
    // Each job's runs by its name (the filter kept in the link): the periodic runs of the others
    // (the low-balance watch every few seconds) would push the start's runs off any page.
    const runsOf = async (name: string, label: string) => {
      await platform.goto(`${baseUrl()}/#/menu/platform/jobs?filter=${encodeURIComponent(JSON.stringify({ name }))}`);
      const list = platform.getByTestId('list-platformJobs');
      return { list, row: list.locator('tr', { hasText: label }) };
    };
    // The server ran its housekeeping a few seconds after it started listening.
    const release = await runsOf('crm.release', '客户自动放入公海');
    await expect
      .poll(
        async () => {
          await release.list.getByRole('button', { name: /查\s*询/ }).click();
          return release.row.filter({ hasText: '已完成' }).count();
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);
    const recovery = await runsOf('import.recovery', '中断导入的恢复');
    await expect.poll(() => recovery.row.count()).toBeGreaterThan(0);
    await platform.context().close();

    const admin = await newPage(browser);
    await signInWithPassword(admin, 'admin', 'Admin@2026');
    await admin.goto(`${baseUrl()}/#/menu/platform/jobs`);
    await admin.getByTestId('no-permission').waitFor();
    await admin.context().close();
  });
});
