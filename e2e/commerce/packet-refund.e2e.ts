import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage, pressInConfirm } from '../support/browser.js';
import { signInWithPassword } from '../support/console.js';

const rows = (list: Locator) => list.locator('tbody tr.ant-table-row');
const okButton = (dialog: Locator) => dialog.getByRole('button', { name: /确\s*定/ });
const fenOf = (text: string) => Math.round(Number(text.replace(/[^\d.-]/g, '')) * 100);

const signedIn = async (browser: Browser, username: string, password: string) => {
  const page = await newPage(browser);
  await signInWithPassword(page, username, password);
  return page;
};

/** 采购中心: the first package into the plan, ordered, and paid on the QR page in a second page; answers the order number. */
const buyPackage = async (browser: Browser, admin: Page) => {
  await admin.goto(`${baseUrl()}/#/menu/ProcurementCenter`);
  const choose = admin.locator('[data-testid^="procure-choose-"]').first();
  await choose.waitFor();
  await choose.click();
  await admin.getByTestId('procure-plan').getByText('合计').waitFor();
  await admin.getByTestId('procure-confirm').click();
  await admin.getByTestId('pay-qr').waitFor();
  const orderNo = (await admin.getByTestId('pay-order-no').textContent()) ?? '';
  const link = (await admin.getByTestId('pay-link').getAttribute('href')) ?? '';
  const phone = await newPage(browser);
  await phone.goto(link);
  await phone.getByRole('button', { name: '确认支付' }).click();
  await phone.getByText('支付成功，请回到电脑端查看').waitFor();
  await phone.context().close();
  await expect.poll(() => admin.getByTestId('pay-modal').getAttribute('data-state'), { timeout: 15_000 }).toBe('paid');
  await admin.keyboard.press('Escape');
  return orderNo;
};

/** The balance shown on 账户明细 in fen. */
const shownBalance = async (page: Page) => {
  await page.goto(`${baseUrl()}/#/menu/account/accountDetails`);
  const value = page.getByTestId('account-balance').locator('.ant-statistic-content');
  await expect.poll(async () => (await value.textContent()) ?? '').toMatch(/¥/);
  return fenOf((await value.textContent()) ?? '');
};

describe('commerce: 退订 of a bought package, approved by the platform', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('an unused package is frozen under review; approved on 退款审核, the balance goes up by its price', async () => {
    const admin = await signedIn(browser, 'admin', 'Admin@2026');
    const orderNo = await buyPackage(browser, admin);
    expect(orderNo).toMatch(/^YH\d{20}$/);
    const before = await shownBalance(admin);

    // 账户明细 › 已购套餐: the package of that order has 退订.
    const packets = admin.getByTestId('list-packetMine');
    const row = rows(packets).filter({ hasText: orderNo });
    await row.first().waitFor();
    await row.locator('[data-testid^="packet-unsubscribe-"]').click();
    const modal = admin.getByTestId('packet-unsubscribe-modal');
    const estimate = (await modal.getByTestId('packet-unsubscribe-estimate').textContent()) ?? '';
    const amount = fenOf(estimate.split('预计可退')[1] ?? '');
    expect(amount).toBeGreaterThan(0);
    await modal.getByRole('textbox').fill('业务调整，不再需要');
    await okButton(modal).click();
    await admin
      .getByText(/已提交退订申请，退款金额/)
      .first()
      .waitFor();
    await row.getByText('退订审核中').waitFor();

    // 订单 › 退订账单 shows it under review.
    await admin.goto(`${baseUrl()}/#/menu/order`);
    await admin.getByRole('tab', { name: '退订账单' }).click();
    const bill = admin.getByTestId('list-tradeRefunds');
    const pending = rows(bill).filter({ hasText: '套餐退订' }).filter({ hasText: '待审核' }).first();
    await pending.waitFor();
    const applyNo = ((await pending.locator('td').first().textContent()) ?? '').trim();
    expect(applyNo).toMatch(/^TD\d+$/);

    // The platform approves it to the balance (原路退回 is offered: it was paid on the sandbox).
    const platform = await signedIn(browser, 'platform', 'Platform@2026');
    await platform.goto(`${baseUrl()}/#/menu/platform/refund`);
    const review = platform.getByTestId('list-platformRefunds');
    const app = rows(review).filter({ hasText: applyNo });
    await app.getByRole('button', { name: /通\s*过/ }).click();
    const confirm = platform.locator('.ant-modal-confirm');
    await confirm
      .getByTestId('refund-target')
      .getByText(/原路退回（模拟支付/)
      .waitFor();
    await pressInConfirm(platform);
    await platform.getByText('已通过，款项已退回企业账户余额').waitFor();
    await app.getByText('已退款').waitFor();
    await app.getByText('退回余额').waitFor();
    await platform.context().close();

    // The money is back, the package ended, the refund in the ledger.
    await expect.poll(() => shownBalance(admin), { timeout: 10_000 }).toBe(before + amount);
    await rows(packets).filter({ hasText: orderNo }).getByText('已退订').waitFor();
    await admin.getByRole('tab', { name: '收支明细' }).click();
    const ledger = admin.getByTestId('list-tradeLedger');
    await expect.poll(async () => (await rows(ledger).allInnerTexts()).join('\n')).toContain(applyNo);
    await admin.context().close();
  });
});
