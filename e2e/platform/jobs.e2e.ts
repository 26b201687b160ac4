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
    // A page of 100 (kept in the link): when this file runs late in the suite, the server's periodic
    // runs have pushed its first ones off a page of 20.
    await platform.goto(`${baseUrl()}/#/menu/platform/jobs?perPage=100`);
    const list = platform.getByTestId('list-platformJobs');
    // The server ran its housekeeping a few seconds after it started listening.
    const released = list.locator('tr', { hasText: '客户自动放入公海' }).filter({ hasText: '已完成' });
    await expect
      .poll(
        async () => {
          await list.getByRole('button', { name: /查\s*询/ }).click();
          return released.count();
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);
    expect(await list.getByText('中断导入的恢复').count()).toBeGreaterThan(0);
    await platform.context().close();

    const admin = await newPage(browser);
    await signInWithPassword(admin, 'admin', 'Admin@2026');
    await admin.goto(`${baseUrl()}/#/menu/platform/jobs`);
    await admin.getByTestId('no-permission').waitFor();
    await admin.context().close();
  });
});
