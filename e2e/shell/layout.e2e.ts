import { crmRoutes } from '@yunhu/contract';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login } from '../support/api.js';
import { baseUrl, launchBrowser, newPage } from '../support/browser.js';
import { signInWithPassword } from '../support/console.js';

/** The gap between two elements side by side (negative when they overlap). */
const gapBetween = async (left: Locator, right: Locator) => {
  const a = (await left.boundingBox())!;
  const b = (await right.boundingBox())!;
  return b.x - (a.x + a.width);
};

/** Whether the point at the middle of the element hits the element itself (nothing lies over it). */
const isOnTop = (el: Locator) =>
  el.evaluate((node) => {
    const box = node.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && node.contains(hit);
  });

/** The layout faults: each seen as a person sees it in Chromium. */
describe('layout', () => {
  let browser: Browser;
  let manager: Page;
  const longName = `长名称客户${'华东区域销售渠道拓展项目重点跟进对象'.repeat(3)}`.slice(0, 50);

  beforeAll(async () => {
    browser = await launchBrowser();
    const token = await login('manager', 'Manager@2026');
    await call(crmRoutes.customerCreate, { name: longName, mobile: '13987650050' }, token);
    manager = await newPage(browser);
    await signInWithPassword(manager, 'manager', 'Manager@2026');
  });
  afterAll(() => browser.close());

  it('cuts a 50-character customer name with an ellipsis, the full name on hover, the other columns on screen', async () => {
    await manager.goto(`${baseUrl()}/#/menu/CRM/myCustomer`);
    const cell = manager.locator('.yh-cell-ellipsis', { hasText: longName.slice(0, 8) }).first();
    await cell.waitFor();
    expect(await cell.getAttribute('title')).toBe(longName);
    expect((await cell.boundingBox())!.width).toBeLessThanOrEqual(241);
    // Its column stays narrow: the columns after it remain where they were, on screen.
    const nameHead = manager
      .locator('.ant-layout-content .ant-table-thead th:visible', { hasText: '客户名称' })
      .first();
    expect((await nameHead.boundingBox())!.width).toBeLessThan(300);
    const mobileHead = manager
      .locator('.ant-layout-content .ant-table-thead th:visible', { hasText: '手机号' })
      .first();
    expect((await mobileHead.boundingBox())!.x).toBeLessThan(manager.viewportSize()!.width);
  });

  it('keeps 导入跟进记录 and the button after it (我的快捷回复 or 客户设置) apart', async () => {
    await manager.goto(`${baseUrl()}/#/menu/CRM/myCustomer`);
    const follows = manager.getByTestId('crm-import-follows');
    await follows.waitFor();
    const next = manager.locator('[data-testid="crm-my-quick"]:visible, [data-testid="crm-settings"]:visible').first();
    await next.waitFor();
    expect(await gapBetween(follows, next)).toBeGreaterThanOrEqual(4);
  });

  it('keeps the number tags of 线路展示 apart', async () => {
    // 线路展示 is the administrator's.
    const admin = await newPage(browser);
    await signInWithPassword(admin, 'admin', 'Admin@2026');
    await admin.goto(`${baseUrl()}/#/menu/userdata/submit/index`);
    // Screens stay alive hidden (KeepAliveOutlet): only the one shown counts.
    const tags = admin.locator('.ant-table-tbody .ant-space .ant-tag:visible');
    await tags.first().waitFor();
    const n = await tags.count();
    expect(n).toBeGreaterThan(1);
    const first = (await tags.nth(0).boundingBox())!;
    const second = (await tags.nth(1).boundingBox())!;
    // Beside each other with a gap, or wrapped onto the next line.
    expect(second.x - (first.x + first.width) >= 4 || second.y >= first.y + first.height).toBe(true);
    await admin.close();
  });

  it('shows 录音 of 通话记录 beside the fixed 操作 column, not under it', async () => {
    await manager.goto(`${baseUrl()}/#/menu/account/callRecord`);
    // The 录音 column (its header, and a player where a record has one) is not under the fixed 操作 column.
    const head = manager.locator('.ant-layout-content .ant-table-thead th:visible', { hasText: /^录音$/ }).first();
    await head.waitFor();
    // The header shows before the records come: while they load, antd's spinner lies over the whole
    // table, header included (a slow machine saw that). Wait for the rows, then look.
    await manager.locator('.ant-layout-content .ant-table-tbody tr.ant-table-row:visible').first().waitFor();
    await expect.poll(() => manager.locator('.ant-layout-content .ant-spin-spinning:visible').count()).toBe(0);
    // Scrolled to the far right, where the fixed column sits over whatever is narrower than it.
    const scrolledOnTop = async () => {
      await head.evaluate((th) => {
        for (let el = th.parentElement; el; el = el.parentElement) {
          if (el.scrollWidth > el.clientWidth) el.scrollLeft = el.scrollWidth;
        }
      });
      await manager.waitForTimeout(100);
      return isOnTop(head);
    };
    await expect.poll(scrolledOnTop, { timeout: 5000 }).toBe(true);
    const actions = manager.locator('.ant-layout-content .ant-table-thead th:visible', { hasText: /^操作$/ }).first();
    const [a, b] = [(await head.boundingBox())!, (await actions.boundingBox())!];
    expect(a.x + a.width).toBeLessThanOrEqual(b.x + 1);
    expect(a.width).toBeGreaterThanOrEqual(300);
  });

  it('labels the mobile and code of 注册, and 获取验证码 with an empty mobile checks only the mobile', async () => {
    const page = await newPage(browser);
    await page.goto(`${baseUrl()}/#/register`);
    await page.getByTestId('register-form').waitFor();
    const labels = await page.locator('.ant-form-item-label label').allInnerTexts();
    expect(labels).toContain('手机号');
    expect(labels).toContain('验证码');
    await page.getByTestId('sms-code-button').click();
    await page.locator('.ant-form-item-explain-error').first().waitFor();
    await page.waitForTimeout(300);
    expect(await page.locator('.ant-form-item-explain-error').allInnerTexts()).toEqual(['请输入手机号']);
    await page.close();
  });
});
