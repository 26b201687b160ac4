import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage, pickOption, pressInConfirm } from '../support/browser.js';
import { signInWithPassword } from '../support/console.js';

const rows = (list: Locator) => list.locator('tbody tr.ant-table-row');
/** A locator's text ('' when absent). */
const text = async (l: Locator) => (await l.textContent()) ?? '';
const okButton = (dialog: Locator) => dialog.getByRole('button', { name: /确\s*定/ });
const deptOne = ['李娜', '王强', '赵丽', '陈晨'];

const signedIn = async (browser: Browser, username: string, password: string) => {
  const page = await newPage(browser);
  await signInWithPassword(page, username, password);
  return page;
};

/** Opens 坐席管理 filtered by a holder's name. */
const openSeats = async (page: Page, userName = '') => {
  await page.goto(`${baseUrl()}/#/menu/account/purchaseeats`);
  const list = page.getByTestId('list-seatList');
  await list.getByTestId('seat-filter-user').fill(userName);
  await list.getByRole('button', { name: /查\s*询/ }).click();
  return list;
};

describe('seats, caller numbers and calling settings', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('assigns a seat, renews it, switches auto-renewal and releases it', async () => {
    const admin = await signedIn(browser, 'admin', 'Admin@2026');
    let list = await openSeats(admin, '赵丽');
    // 赵丽 (agent02) holds a soft-phone seat only.
    await expect.poll(() => rows(list).count()).toBe(1);

    await admin.getByTestId('seat-assign').click();
    const assign = admin.getByTestId('seat-assign-modal');
    await pickOption(admin, assign, '线路', '全国回拨线路');
    await pickOption(admin, assign, '员工', '赵丽（销售一部）');
    await okButton(assign).click();
    await admin.getByText('操作成功').first().waitFor();
    list = await openSeats(admin, '赵丽');
    await expect.poll(() => rows(list).count()).toBe(2);
    const seat = rows(list).filter({ hasText: '全国回拨线路' });
    await seat.getByText('使用中').waitFor();

    // Renewed by 3 months: the expiry moves on.
    const expiry = async () => (await seat.locator('td').allInnerTexts()).find((t) => /^\d{4}-\d{2}-\d{2} /.test(t));
    const before = await expiry();
    await seat.getByRole('button', { name: /续\s*费/ }).click();
    const renew = admin.getByTestId('seat-renew-modal');
    await pickOption(admin, renew, '续费时长', '3个月');
    await okButton(renew).click();
    await expect.poll(expiry).not.toBe(before);
    // 'YYYY-MM-DD HH:mm' sorts as time does.
    expect(((await expiry()) ?? '') > (before ?? '')).toBe(true);

    // Auto-renewal off and on again.
    const toggle = seat.locator('[data-testid^="seat-auto-"]');
    const wasOn = (await toggle.getAttribute('aria-checked')) === 'true';
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe(String(!wasOn));
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe(String(wasOn));

    // Released: the seat is free again and no longer listed under her name.
    await seat.getByRole('button', { name: /释\s*放/ }).click();
    await pressInConfirm(admin);
    await expect.poll(() => rows(list).count()).toBe(1);
    await expect.poll(() => text(rows(list).first())).toContain('浙江软电话线路');
    await admin.context().close();
  });

  it('adds a caller number and sets an agent’s calling hours', async () => {
    const admin = await signedIn(browser, 'admin', 'Admin@2026');
    await admin.goto(`${baseUrl()}/#/menu/userdata/mobiles`);
    await admin.getByTestId('caller-add').click();
    const dialog = admin.getByTestId('caller-modal');
    await pickOption(admin, dialog, '线路名称', '浙江软电话线路');
    await dialog.getByTestId('caller-number').fill('0571-8888 3001');
    await okButton(dialog).click();
    await admin.getByTestId('list-lineCallerNumbers').getByText('057188883001').waitFor();

    await admin.goto(`${baseUrl()}/#/menu/account/callingManagement`);
    const list = admin.getByTestId('list-callingList');
    await list.getByTestId('calling-filter-user').fill('陈晨');
    await list.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => rows(list).count()).toBe(1);
    await rows(list)
      .first()
      .getByRole('button', { name: /修\s*改/ })
      .click();
    const form = admin.getByTestId('calling-modal');
    const [from, to] = [
      form.locator('.ant-picker-range input').first(),
      form.locator('.ant-picker-range input').nth(1),
    ];
    await from.click();
    await from.fill('09:00');
    await from.press('Enter');
    await to.fill('18:00');
    await to.press('Enter');
    await form.getByLabel('每日呼叫上限（次）').fill('120');
    await okButton(form).click();
    await admin.getByText('呼叫设置已保存').first().waitFor();
    await expect.poll(() => text(rows(list).first())).toContain('09:00-18:00');
    const row = await text(rows(list).first());
    expect(row).toContain('已单独设置');
    expect(row).toContain('120');
    await admin.context().close();
  });

  it("shows a manager only his department's seats", async () => {
    const manager = await signedIn(browser, 'manager', 'Manager@2026');
    const list = await openSeats(manager);
    await expect.poll(() => rows(list).count()).toBeGreaterThan(0);
    const holders = await rows(list).locator('td:nth-child(4)').allInnerTexts();
    expect(holders.length).toBeGreaterThan(0);
    for (const name of holders) expect(deptOne).toContain(name.trim());
    // He reads the seats but does not change them.
    expect(await manager.getByTestId('seat-assign').count()).toBe(0);
    const total = manager.getByTestId('seat-counts').locator('.ant-statistic-content-value').first();
    await expect.poll(async () => Number(await text(total))).toBe(holders.length);
    await manager.context().close();
  });
});
