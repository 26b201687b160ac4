import type { Page } from 'playwright-core';
import { baseUrl, lastSmsCode } from './browser.js';

/** Signs in on the password tab and waits for the workbench. */
export const signInWithPassword = async (page: Page, username: string, password: string): Promise<void> => {
  await page.goto(`${baseUrl()}/#/login`);
  await page.getByRole('tab', { name: '密码登录' }).click();
  await page.getByPlaceholder('请输入账号或手机号').fill(username);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL(/#\/menu\/home/);
};

/** Signs in on the SMS tab with the code the development provider sent. */
export const signInWithSms = async (page: Page, mobile: string): Promise<void> => {
  await page.goto(`${baseUrl()}/#/login`);
  await page.getByRole('tab', { name: '短信登录' }).click();
  await page.getByPlaceholder('请输入手机号').fill(mobile);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page
    .getByText(/\d+\s*秒/)
    .first()
    .waitFor();
  await page.getByPlaceholder('请输入验证码').fill(await lastSmsCode(mobile));
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL(/#\/menu\/home/);
};

/** The texts of the side menu's entries. */
export const sideMenuTexts = async (page: Page): Promise<string[]> => {
  const menu = page.getByRole('menu').first();
  await menu.waitFor();
  return (await menu.getByRole('menuitem').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
};

/**
 * Records every antd message the page shows (toasts are short-lived and may be displaced by the
 * next one), from the next navigation on; `shownMessages` reads them back.
 */
export const recordMessages = async (page: Page): Promise<void> => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __messages: string[] }).__messages = seen;
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('.ant-message-notice')) {
        const text = el.textContent?.trim();
        if (text && !el.hasAttribute('data-e2e-seen')) {
          el.setAttribute('data-e2e-seen', '1');
          seen.push(text);
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
};

export const shownMessages = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { __messages?: string[] }).__messages ?? []);
