import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage } from '../support/browser.js';
import { signInWithPassword } from '../support/console.js';

describe('operation log', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('lists the log, exports it once per click lock, and refuses an agent', async () => {
    const page = await newPage(browser);
    await signInWithPassword(page, 'admin', 'Admin@2026');
    await page.goto(`${baseUrl()}/#/menu/logcom`);
    await page.getByTestId('list-logcom').getByText('密码登录').first().waitFor();

    // The export button is a re-click-locked button: disabled for 3 s after a click.
    const exportButton = page.getByTestId('list-export');
    const download = page.waitForEvent('download');
    await exportButton.click();
    expect(await exportButton.isDisabled()).toBe(true);
    expect((await download).suggestedFilename()).toMatch(/^操作日志.*\.xlsx$/);
    await expect.poll(() => exportButton.isDisabled(), { timeout: 6000 }).toBe(false);
    await page.context().close();

    const agent = await newPage(browser);
    await signInWithPassword(agent, 'agent01', 'Agent@2026');
    await agent.goto(`${baseUrl()}/#/menu/logcom`);
    await agent.getByTestId('no-permission').waitFor();
    await agent.context().close();
  });
});
