import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage, pickOption, pressInConfirm } from '../support/browser.js';
import { signInWithPassword } from '../support/console.js';
import { answerOnPhone, shownBalance } from '../support/pay.js';

const rows = (list: Locator) => list.locator('tbody tr.ant-table-row');
const okButton = (dialog: Locator) => dialog.getByRole('button', { name: /确\s*定/ });
const appLine = 'APP 外呼线路';
/** The line as 购买坐席 offers it, with the platform's price (its default: 50 yuan a month). */
const appLinePriced = 'APP 外呼线路（50.00 元/个/月）';

const signedIn = async (browser: Browser, username: string, password: string) => {
  const page = await newPage(browser);
  await signInWithPassword(page, username, password);
  return page;
};

/**
 * 坐席管理 filtered by one line, once the filtered rows are shown: the seats of every line come
 * first, and a row picked before the answer is a seat of another line.
 */
const openSeats = async (page: Page, line: string) => {
  await page.goto(`${baseUrl()}/#/menu/account/purchaseeats`);
  const list = page.getByTestId('list-seatList');
  await pickOption(page, list, '线路', line);
  await list.getByRole('button', { name: /查\s*询/ }).click();
  await expect
    .poll(async () => {
      const shown = await rows(list).allInnerTexts();
      return shown.length > 0 && shown.every((row) => row.includes(line));
    })
    .toBe(true);
  return list;
};

describe('commerce: seats bought by QR, cancelled and refunded after the platform’s review', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('a seat purchase paid by QR creates a seat the administrator assigns; its cancellation, approved, returns the money', async () => {
    const admin = await signedIn(browser, 'admin', 'Admin@2026');
    // 购买坐席: one APP-line seat for 3 months, priced by the platform (50 yuan a month).
    await admin.goto(`${baseUrl()}/#/menu/account/purchaseeats`);
    await admin.getByTestId('seat-buy').click();
    const buy = admin.getByTestId('seat-buy-modal');
    await pickOption(admin, buy, '线路', appLinePriced);
    await pickOption(admin, buy, '购买时长', '3个月');
    await expect.poll(async () => (await buy.getByTestId('seat-buy-cost').textContent()) ?? '').toContain('150.00');
    await buy.getByRole('button', { name: '下单并支付' }).click();
    await admin.getByTestId('pay-qr').waitFor();
    await answerOnPhone(browser, admin);
    await admin.keyboard.press('Escape');

    // The new seat is there, free, and is handed to a staff member.
    let list = await openSeats(admin, appLine);
    await expect.poll(() => rows(list).count()).toBe(1);
    await rows(list).first().getByText('空闲').waitFor();
    await admin.getByTestId('seat-assign').click();
    const assign = admin.getByTestId('seat-assign-modal');
    await pickOption(admin, assign, '线路', appLine);
    await pickOption(admin, assign, '员工', '赵丽（销售一部）');
    await okButton(assign).click();
    await admin.getByText('操作成功').first().waitFor();
    list = await openSeats(admin, appLine);
    await rows(list).first().getByText('使用中').waitFor();
    await rows(list).first().getByText('赵丽').waitFor();

    // 退订 minutes after buying, no call on it: all three months come back, 150 yuan (the grace rule).
    const before = await shownBalance(admin);
    list = await openSeats(admin, appLine);
    await rows(list).first().locator('[data-testid^="seat-cancel-"]').click();
    const cancel = admin.getByTestId('seat-cancel-modal');
    await expect
      .poll(async () => (await cancel.getByTestId('seat-cancel-quote').textContent()) ?? '')
      .toBe('可退 3 个月，共 150.00 元');
    await cancel.getByTestId('seat-cancel-reason').fill('人员调整，不再需要');
    await okButton(cancel).click();
    await admin.getByText('已提交退订申请，请等待平台审核').waitFor();

    // 订单 › 坐席退订 shows it under review.
    await admin.goto(`${baseUrl()}/#/menu/order`);
    await admin.getByRole('tab', { name: '坐席退订' }).click();
    const applications = admin.getByTestId('list-tradeSeatCancels');
    await expect.poll(async () => (await rows(applications).allInnerTexts()).join('\n')).toContain('待审核');
    const applyNo = ((await rows(applications).first().locator('td').first().textContent()) ?? '').trim();
    expect(applyNo).toMatch(/^TD\d+$/);

    // The platform approves it.
    const platform = await signedIn(browser, 'platform', 'Platform@2026');
    await platform.goto(`${baseUrl()}/#/menu/platform/refund`);
    const review = platform.getByTestId('list-platformRefunds');
    const row = rows(review).filter({ hasText: applyNo });
    await row.getByRole('button', { name: /通\s*过/ }).click();
    await pressInConfirm(platform);
    await platform.getByText('已通过，款项已退回企业账户余额').waitFor();
    await row.getByText('已退款').waitFor();
    await platform.context().close();

    // The money is back: 账户明细 shows the balance up by 150 yuan and the refund in the ledger.
    await expect.poll(() => shownBalance(admin), { timeout: 10_000 }).toBe(before + 15000);
    await admin.getByRole('tab', { name: '收支明细' }).click();
    const ledger = admin.getByTestId('list-tradeLedger');
    await expect.poll(async () => (await rows(ledger).allInnerTexts()).join('\n')).toContain(applyNo);
    await admin.context().close();
  });

  it('refuses a second cancellation of a seat under review', async () => {
    const admin = await signedIn(browser, 'admin', 'Admin@2026');
    await admin.goto(`${baseUrl()}/#/menu/account/purchaseeats`);
    await admin.getByTestId('seat-buy').click();
    const buy = admin.getByTestId('seat-buy-modal');
    await pickOption(admin, buy, '线路', appLinePriced);
    await pickOption(admin, buy, '购买时长', '6个月');
    await buy.getByRole('button', { name: '下单并支付' }).click();
    await admin.getByTestId('pay-qr').waitFor();
    await answerOnPhone(browser, admin);
    await admin.keyboard.press('Escape');
    const list = await openSeats(admin, appLine);
    const free = rows(list).filter({ hasText: '空闲' }).first();
    for (const expected of ['已提交退订申请，请等待平台审核', '该坐席已有退订申请在审核中，请等待平台审核']) {
      await free.locator('[data-testid^="seat-cancel-"]').click();
      const cancel = admin.getByTestId('seat-cancel-modal');
      await cancel.getByTestId('seat-cancel-reason').fill('试一试');
      await okButton(cancel).click();
      await admin.getByText(expected).first().waitFor();
      await admin.keyboard.press('Escape');
    }
    await admin.context().close();
  });
});
