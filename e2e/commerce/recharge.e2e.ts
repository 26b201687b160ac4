import { tradeRoutes } from '@yunhu/contract';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, send } from '../support/api.js';
import { baseUrl, launchBrowser, newPage } from '../support/browser.js';
import { signInWithPassword } from '../support/console.js';
import { answerOnPhone, shownBalance } from '../support/pay.js';

const rows = (list: Locator) => list.locator('tbody tr.ant-table-row');

describe('commerce: 余额充值 by the sandbox QR code, and 充值退款 of what is unused', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('the administrator tops up from 余额提醒’s link, pays on the phone, sees the balance and the ledger row; the platform refunds part itself, the rest on application', async () => {
    const admin = await newPage(browser);
    await signInWithPassword(admin, 'admin', 'Admin@2026');
    const before = await shownBalance(admin);

    // 收支明细 › 余额提醒 links to 充值: 账户明细 with the top-up dialog open.
    await admin.goto(`${baseUrl()}/#/menu/money/revenueDetails`);
    await admin.getByTestId('low-balance-open').click();
    await admin.getByTestId('low-balance-recharge').click();
    const dialog = admin.getByTestId('recharge-modal');
    await dialog.getByRole('spinbutton').fill('123.45');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await admin.getByTestId('pay-qr').waitFor();
    const orderNo = (await admin.getByTestId('pay-order-no').textContent()) ?? '';
    expect(orderNo).toMatch(/^YH\d{20}$/);
    await admin
      .getByTestId('pay-modal')
      .getByText(/123\.45/)
      .waitFor();

    // The "phone" pays; the console learns it from the server.
    await answerOnPhone(browser, admin);
    await admin.keyboard.press('Escape');

    await expect.poll(() => shownBalance(admin), { timeout: 10_000 }).toBe(before + 12345);
    await admin.getByRole('tab', { name: '收支明细' }).click();
    const ledger = admin.getByTestId('list-tradeLedger');
    await expect.poll(async () => (await rows(ledger).allInnerTexts()).join('\n')).toContain(orderNo);

    // The platform refunds part of it itself: 订单管理 › 退款, at most what is unused, at once.
    const operator = await newPage(browser);
    await signInWithPassword(operator, 'platform', 'Platform@2026');
    await operator.goto(`${baseUrl()}/#/menu/platform/order`);
    await operator.getByTestId(`platform-recharge-refund-${orderNo}`).click();
    const refund = operator.getByTestId('platform-recharge-refund-modal');
    await refund.getByText(/最多可退 123\.45 元/).waitFor();
    await refund.getByRole('spinbutton').fill('23.45');
    await refund.getByRole('textbox').last().fill('企业来电要求退回一部分');
    await refund.getByRole('button', { name: /确\s*定/ }).click();
    await refund.waitFor({ state: 'hidden' });
    const token = await login('admin', 'Admin@2026');
    await expect.poll(async () => (await call(tradeRoutes.account, {}, token)).balance).toBe(before + 10000);
    await operator.context().close();

    // 充值退款 of the rest: applied for by the enterprise, sent back the way it was paid on the platform's approval.
    const app = await call(tradeRoutes.rechargeRefundApply, { orderNo, reason: '多充了，退回' }, token);
    expect(app).toMatchObject({ kind: 'recharge', amount: 10000, state: 'pending' });
    const platform = await login('platform', 'Platform@2026');
    const toBalance = await send(tradeRoutes.examine, { id: app.id, isApproved: true, refundTo: 'balance' }, platform);
    expect(toBalance.msg).toBe('充值退款只能原路退回，请选择原路退回');
    await call(tradeRoutes.examine, { id: app.id, isApproved: true, refundTo: 'original' }, platform);
    // The refund left the balance where it was before the top-up.
    expect((await call(tradeRoutes.account, {}, token)).balance).toBe(before);
    await admin.context().close();
  });

  it('a payment refused on the phone closes the open QR dialog within seconds (订单已关闭, not 等待支付…)', async () => {
    const admin = await newPage(browser);
    await signInWithPassword(admin, 'admin', 'Admin@2026');
    await admin.goto(`${baseUrl()}/#/menu/account/accountDetails`);
    await admin.getByTestId('recharge-open').click();
    const dialog = admin.getByTestId('recharge-modal');
    await dialog.getByRole('spinbutton').fill('50');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await admin.getByTestId('pay-qr').waitFor();
    await admin.getByText('等待支付…').waitFor();
    await answerOnPhone(browser, admin, 'decline');
    await admin.getByTestId('pay-modal').getByText('订单已关闭').waitFor();
    await admin.context().close();
  });

  it('refuses a top-up under ¥10 and orders nothing', async () => {
    const token = await login('admin', 'Admin@2026');
    const low = await send(tradeRoutes.recharge, { amount: 999 }, token);
    expect(low).toMatchObject({ code: 10002, msg: expect.stringContaining('充值金额至少为10元') });
  });
});
