import { sandboxPayPagePath } from '@yunhu/contract';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage, pressInConfirm } from '../support/browser.js';
import { sideMenuTexts, signInWithPassword } from '../support/console.js';

const rows = (list: Locator) => list.locator('tbody tr.ant-table-row');

/** 采购中心: the first package of the catalogue into the plan, confirmed; answers the pay modal. */
const placeOrder = async (page: Page) => {
  await page.goto(`${baseUrl()}/#/menu/ProcurementCenter`);
  const choose = page.locator('[data-testid^="procure-choose-"]').first();
  await choose.waitFor();
  await choose.click();
  await page.getByTestId('procure-plan').getByText('合计').waitFor();
  await page.getByTestId('procure-confirm').click();
  const modal = page.getByTestId('pay-modal');
  await page.getByTestId('pay-qr').waitFor();
  return { modal, orderNo: (await page.getByTestId('pay-order-no').textContent()) ?? '' };
};

/** 订单 filtered by one order number. */
const orderRow = async (page: Page, orderNo: string) => {
  await page.goto(`${baseUrl()}/#/menu/order`);
  const list = page.getByTestId('list-tradeOrders');
  await list.getByTestId('order-filter-no').fill(orderNo);
  await list.getByRole('button', { name: /查\s*询/ }).click();
  await expect.poll(() => rows(list).count()).toBe(1);
  return rows(list).first();
};

describe('commerce: buy a package and pay it by the sandbox QR code', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('the administrator buys a package, pays on the QR page in a second page, sees it paid and in his account', async () => {
    const admin = await newPage(browser);
    await signInWithPassword(admin, 'admin', 'Admin@2026');
    expect(await sideMenuTexts(admin)).toContain('费用中心');
    const { modal, orderNo } = await placeOrder(admin);
    expect(orderNo).toMatch(/^YH\d{20}$/);
    expect(await admin.getByTestId('pay-countdown').textContent()).toMatch(/剩余支付时间 1[45]:\d\d/);

    // The "phone": the QR code's link opened in a second page, where the payer confirms.
    const link = (await admin.getByTestId('pay-link').getAttribute('href')) ?? '';
    expect(new URL(link).pathname).toBe(sandboxPayPagePath);
    const phone = await newPage(browser);
    await phone.goto(link);
    await phone.getByText('模拟支付（开发环境）').waitFor();
    await phone.getByRole('button', { name: '确认支付' }).click();
    await phone.getByText('支付成功，请回到电脑端查看').waitFor();
    await phone.context().close();

    // The console learns it from the server (notification, polled every 2 s).
    await expect.poll(() => modal.getAttribute('data-state'), { timeout: 15_000 }).toBe('paid');
    await admin.getByText('支付成功').first().waitFor();

    const row = await orderRow(admin, orderNo);
    await row.getByText('已支付').waitFor();
    await row.getByRole('button', { name: /详\s*情/ }).click();
    const details = admin.getByTestId('order-details');
    await details.getByText(orderNo).first().waitFor();
    await details.getByText('模拟支付').first().waitFor();

    await admin.goto(`${baseUrl()}/#/menu/account/accountDetails`);
    const packets = admin.getByTestId('list-packetMine');
    await expect.poll(() => rows(packets).count()).toBeGreaterThan(0);
    await expect.poll(async () => (await rows(packets).allInnerTexts()).join('\n')).toContain('1000分钟月包');
    await admin.getByRole('tab', { name: '收支明细' }).click();
    const ledger = admin.getByTestId('list-tradeLedger');
    await expect.poll(async () => (await rows(ledger).allInnerTexts()).join('\n')).toContain(orderNo);
    await admin.context().close();
  });

  it('an unpaid order closes when cancelled, and its QR page says so', async () => {
    const admin = await newPage(browser);
    await signInWithPassword(admin, 'admin', 'Admin@2026');
    const { orderNo } = await placeOrder(admin);
    const link = (await admin.getByTestId('pay-link').getAttribute('href')) ?? '';
    await admin.keyboard.press('Escape');
    const row = await orderRow(admin, orderNo);
    await row.getByText('待支付').waitFor();
    await row.getByRole('button', { name: /取消订单/ }).click();
    await pressInConfirm(admin);
    await row.getByText('已关闭').waitFor();

    const phone = await newPage(browser);
    await phone.goto(link);
    await phone.getByRole('button', { name: '确认支付' }).click();
    await phone.getByText('交易已关闭，请回到电脑端重新下单').waitFor();
    await phone.context().close();
    await admin.context().close();
  });
});
