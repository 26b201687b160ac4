import { authRoutes } from '@yunhu/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api.js';
import { baseUrl, launchBrowser, newPage } from '../support/browser.js';
import { recordMessages, shownMessages, signInWithPassword, signInWithSms } from '../support/console.js';

describe('signing in and out', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('sends a signed-out visitor to the login page', async () => {
    const page = await newPage(browser);
    await page.goto(`${baseUrl()}/#/menu/home`);
    await page.waitForURL(/#\/login/);
    await page.getByPlaceholder('请输入账号或手机号').waitFor();
    await page.context().close();
  });

  it('signs in with a password, shows the enterprise, and refuses a wrong one', async () => {
    const page = await newPage(browser);
    await page.goto(`${baseUrl()}/#/login`);
    await page.getByPlaceholder('请输入账号或手机号').fill('admin');
    await page.getByPlaceholder('请输入密码').fill('wrong-password1');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.getByText('账号或密码错误').first().waitFor();
    expect(page.url()).toContain('#/login');

    await signInWithPassword(page, 'admin', 'Admin@2026');
    await page.getByText('演示科技有限公司').first().waitFor();
    await expect.poll(() => page.title()).toContain('演示科技有限公司');
    await page.context().close();
  });

  it('signs in with an SMS code', async () => {
    const page = await newPage(browser);
    await signInWithSms(page, '13900000003');
    await page.getByText('王强').first().waitFor();
    await page.context().close();
  });

  it('signs out and the guard keeps the console closed afterwards', async () => {
    const page = await newPage(browser);
    await recordMessages(page);
    await signInWithPassword(page, 'manager', 'Manager@2026');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await expect.poll(() => shownMessages(page)).toContain('已退出登录');
    await page.getByPlaceholder('请输入账号或手机号').waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('CLOUD_TOKEN'))).toBeNull();
    await page.goto(`${baseUrl()}/#/menu/home`);
    await expect.poll(() => page.url()).toMatch(/#\/login/);
    await page.context().close();
  });

  it('keeps the session when the user could not be fetched for want of an answer (a reload under way, the network)', async () => {
    const page = await newPage(browser);
    await signInWithPassword(page, 'admin', 'Admin@2026');
    // A reloaded page asks who he is; the first ask gets no answer (the reload before cut it, as
    // in the first-hour journey), the next one does.
    let asks = 0;
    await page.route('**/base/sys/user/get-user-info', (route) => {
      asks += 1;
      return asks === 1 ? route.abort('connectionreset') : route.continue();
    });
    await page.reload();
    await page.getByTestId('home-page').waitFor({ timeout: 15_000 });
    expect(asks).toBe(2);
    expect(page.url()).toMatch(/#\/menu\/home/);
    expect(await page.evaluate(() => sessionStorage.getItem('CLOUD_TOKEN'))).toBeTruthy();
    await page.context().close();
  });

  it('returns a user whose session ended to the login page with the message', async () => {
    const page = await newPage(browser);
    await recordMessages(page);
    await signInWithPassword(page, 'agent01', 'Agent@2026');
    await page.waitForLoadState('networkidle');
    const token = await page.evaluate(() => sessionStorage.getItem('CLOUD_TOKEN'));
    expect(token).toBeTruthy();
    // The session ends on the server (as when it expires); the next request meets 401. He opens
    // another screen in the same page (a reload could meet the 401 in the old page, whose
    // message the reload then wipes, when a poll of the workbench fires in between).
    await call(authRoutes.ssoLogout, {}, token!);
    await page.evaluate(() => {
      window.location.hash = '#/menu/CRM/myCustomer';
    });
    await expect.poll(() => page.url()).toMatch(/#\/login/);
    await expect.poll(() => shownMessages(page)).toContain('登录已过期，请重新登录');
    expect(await page.evaluate(() => sessionStorage.getItem('CLOUD_TOKEN'))).toBeNull();
    await page.context().close();
  });
});
