import { orgDeptRoutes, orgStaffRoutes } from '@yunhu/contract';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login } from '../support/api.js';
import { baseUrl, launchBrowser, newPage } from '../support/browser.js';
import { recordMessages, shownMessages, signInWithPassword } from '../support/console.js';
import { uniqueAccount, uniqueMobile } from '../support/unique.js';

describe('staff row actions on 员工管理', () => {
  let browser: Browser;
  // The people this test disables and deletes are its own: the demo's agents serve the other files,
  // which run before or after this one in any order.
  // Accounts of the attempt's own, so a retry meets nothing the first attempt left.
  const [off, del1, del2] = [uniqueAccount('staffoff'), uniqueAccount('staffdel'), uniqueAccount('staffdel')];
  const people = [
    [off, '停用甲', uniqueMobile()],
    [del1, '删除乙', uniqueMobile()],
    [del2, '删除丙', uniqueMobile()],
  ] as const;
  beforeAll(async () => {
    browser = await launchBrowser();
    const admin = await login('admin', 'Admin@2026');
    const depts = await call(orgDeptRoutes.deptList, {}, admin);
    for (const [username, realName, mobile] of people) {
      await call(
        orgStaffRoutes.staffAdd,
        { username, realName, mobile, deptId: depts[0]!.id, password: 'Staff@2026x' },
        admin,
      );
    }
  });
  afterAll(() => browser.close());

  // Many steps and several sign-ins: a longer limit than the suite's 60 s on a busy machine.
  it('exports the filtered list, switches billing, disables, deletes in a batch and resets a password', async () => {
    const page = await newPage(browser);
    await recordMessages(page);
    await signInWithPassword(page, 'admin', 'Admin@2026');
    await page.goto(`${baseUrl()}/#/menu/account/staffManage`);
    const list = page.getByTestId('list-staffManage');
    const row = (name: string) => list.locator('tbody tr.ant-table-row').filter({ hasText: name });

    // The name filter matches pinyin; the export follows the filter.
    await list.getByPlaceholder('姓名、账号或拼音').fill('chenchen');
    await list.getByRole('button', { name: '查询' }).click();
    await expect.poll(() => list.locator('tbody tr.ant-table-row').count()).toBe(1);
    await row('agent03').waitFor();
    const downloading = page.waitForEvent('download');
    await page.getByTestId('list-export').click();
    const file = await downloading;
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await file.path());
    const cells = (book.worksheets[0]?.getSheetValues() ?? []).flat().map(String).join();
    expect(cells).toContain('agent03');
    expect(cells).not.toContain('agent02');

    // Billing off for 陈晨 stays off after a reload (a retry finds it off already: it leaves it so).
    const billing = row('agent03').getByRole('switch');
    if ((await billing.getAttribute('aria-checked')) === 'true') await billing.click();
    await expect.poll(() => row('agent03').getByRole('switch').getAttribute('aria-checked')).toBe('false');
    await page.reload();
    await list.getByPlaceholder('姓名、账号或拼音').fill('agent03');
    await list.getByRole('button', { name: '查询' }).click();
    await expect.poll(() => row('agent03').getByRole('switch').getAttribute('aria-checked')).toBe('false');

    // A disabled person shows as 已停用 and can no longer sign in. Each step finds its people by
    // the filter: the other lane's files add staff to this enterprise meanwhile, past the first page.
    const search = async (words: string) => {
      await list.getByPlaceholder('姓名、账号或拼音').fill(words);
      await list.getByRole('button', { name: '查询' }).click();
    };
    await search(off);
    await row(off).getByRole('button', { name: '停用' }).click();
    await row(off).getByText('已停用').waitFor();

    // Two people deleted in one batch after the confirmation.
    await search('删除');
    await row(del1).locator('.ant-checkbox-input').check();
    await row(del2).locator('.ant-checkbox-input').check();
    await list.getByTestId('staff-batch-delete').click();
    await page.locator('.ant-popconfirm:visible').getByText('确定删除选中的 2 名员工吗？', { exact: false }).waitFor();
    await page
      .locator('.ant-popconfirm:visible')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect.poll(() => row(del1).count()).toBe(0);
    expect(await row(del2).count()).toBe(0);
    await expect.poll(() => page.locator('.ant-popconfirm:visible').count()).toBe(0);

    // The administrator resets 陈晨's password and reads the new one once.
    await search('agent03');
    await row('agent03').getByRole('button', { name: '重置密码' }).click();
    await page
      .locator('.ant-popconfirm:visible')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect.poll(async () => (await shownMessages(page)).join()).toMatch(/陈晨 的新密码：\S+/);
    const password = /陈晨 的新密码：(\S+?)（/.exec((await shownMessages(page)).join())?.[1];
    expect(password).toBeTruthy();
    await page.context().close();

    // The new password signs in, and asks first for a password of his own.
    const agent = await newPage(browser);
    await agent.goto(`${baseUrl()}/#/login`);
    await agent.getByRole('tab', { name: '密码登录' }).click();
    await agent.getByPlaceholder('请输入账号或手机号').fill('agent03');
    await agent.getByPlaceholder('请输入密码').fill(password ?? '');
    await agent.getByRole('button', { name: '登录', exact: true }).click();
    await agent.getByText('请先修改密码').first().waitFor();
    await agent.context().close();

    const disabled = await newPage(browser);
    await disabled.goto(`${baseUrl()}/#/login`);
    await disabled.getByRole('tab', { name: '密码登录' }).click();
    await disabled.getByPlaceholder('请输入账号或手机号').fill(off);
    await disabled.getByPlaceholder('请输入密码').fill('Staff@2026x');
    await disabled.getByRole('button', { name: '登录', exact: true }).click();
    await disabled.getByText(/停用/).first().waitFor();
    expect(disabled.url()).toMatch(/#\/login/);
    await disabled.context().close();
  }, 120_000);
});
