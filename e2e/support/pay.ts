import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl, newPage } from './browser.js';

/**
 * The open QR dialog's code answered on the "phone": its link opened in a second page, where the
 * payer confirms (`pay`) or refuses (`decline`); then the console's dialog shows what the server
 * learnt: paid, or closed.
 */
export const answerOnPhone = async (browser: Browser, page: Page, answer: 'pay' | 'decline' = 'pay') => {
  const link = (await page.getByTestId('pay-link').getAttribute('href')) ?? '';
  const phone = await newPage(browser);
  await phone.goto(link);
  await phone.getByRole('button', { name: answer === 'pay' ? '确认支付' : '拒绝支付' }).click();
  await phone.getByText(answer === 'pay' ? '支付成功，请回到电脑端查看' : '已拒绝支付').waitFor();
  await phone.context().close();
  await expect
    .poll(() => page.getByTestId('pay-modal').getAttribute('data-state'), { timeout: 15_000 })
    .toBe(answer === 'pay' ? 'paid' : 'closed');
};

/** The balance 账户明细 shows, in fen. */
export const shownBalance = async (page: Page) => {
  await page.goto(`${baseUrl()}/#/menu/account/accountDetails`);
  const value = page.getByTestId('account-balance').locator('.ant-statistic-content');
  await expect.poll(async () => (await value.textContent()) ?? '').toMatch(/¥/);
  return Math.round(Number(((await value.textContent()) ?? '').replace(/[^\d.-]/g, '')) * 100);
};
