import type { Locator, Page } from 'playwright-core';
import { baseUrl } from '../support/browser.js';

/**
 * The first sign-in of a person whose password an administrator set: the sign-in page
 * asks for a new password before anything else, then opens the workbench.
 */
export const signInChangingPassword = async (
  page: Page,
  username: string,
  given: string,
  chosen: string,
): Promise<void> => {
  await page.goto(`${baseUrl()}/#/login`);
  await page.getByRole('tab', { name: '密码登录' }).click();
  await page.getByPlaceholder('请输入账号或手机号').fill(username);
  await page.getByPlaceholder('请输入密码').fill(given);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  const form = page.getByTestId('must-change-password');
  await form.getByText('请先修改密码').waitFor();
  await form.getByLabel('新密码').fill(chosen);
  await form.getByLabel('确认密码').fill(chosen);
  await form.getByTestId('must-change-submit').click();
  await page.waitForURL(/#\/menu\/home/);
};

/** The text a form field shows (a select's chosen label), found by its label. */
export const fieldText = async (page: Page, form: Locator, label: string): Promise<string> =>
  (await form
    .locator('.ant-form-item')
    .filter({ has: page.locator('.ant-form-item-label label', { hasText: new RegExp(`^${label}$`) }) })
    .textContent()) ?? '';
