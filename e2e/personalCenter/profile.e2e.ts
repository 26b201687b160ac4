import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage } from '../support/browser.js';
import { signInWithPassword } from '../support/console.js';

describe('personal center and workbench', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('keeps the workbench alive across navigation and locks its refresh button for 3 s', async () => {
    const page = await newPage(browser);
    await signInWithPassword(page, 'agent01', 'Agent@2026');
    const refresh = page.getByTestId('home-refresh');
    await refresh.click();
    expect(await refresh.isDisabled()).toBe(true);
    await expect.poll(() => refresh.isDisabled(), { timeout: 6000 }).toBe(false);

    // Mark the rendered workbench, go elsewhere and back: a kept-alive page is the same element.
    await page.getByTestId('home-page').evaluate((el) => {
      el.setAttribute('data-e2e-mark', 'kept');
    });
    await page.goto(`${baseUrl()}/#/menu/userHandle`);
    await page.waitForURL(/userHandle/);
    expect(await page.locator('[data-keepalive="/menu/home"]').count()).toBe(1);
    await page.goto(`${baseUrl()}/#/menu/home`);
    await page.getByTestId('home-page').waitFor();
    expect(await page.getByTestId('home-page').getAttribute('data-e2e-mark')).toBe('kept');
    await page.context().close();
  });

  it('renames the user and shows the new name in the header', async () => {
    const page = await newPage(browser);
    await signInWithPassword(page, 'agent01', 'Agent@2026');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-personal').click();
    await page.waitForURL(/#\/menu\/personalCenter/);
    await page.getByTestId('edit-realname').click();
    const input = page.getByRole('dialog').getByRole('textbox');
    await input.fill('王强强');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*定|保存/ })
      .click();
    await page.getByTestId('user-menu').getByText('王强强').waitFor();
    await page.reload();
    await page.getByTestId('user-menu').getByText('王强强').waitFor();
    // The name back as it was: the end-to-end files share one server, and others look for 王强.
    await page.getByTestId('edit-realname').click();
    await page.getByRole('dialog').getByRole('textbox').fill('王强');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*定|保存/ })
      .click();
    await page.getByTestId('user-menu').getByText('王强', { exact: true }).waitFor();
    await page.context().close();
  });
});
