import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage, pickOption } from '../support/browser.js';
import { sideMenuTexts, signInWithPassword } from '../support/console.js';
import { signInChangingPassword } from './first-sign-in.js';

describe('a role of data scope 本部门', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  // Many steps and several sign-ins: a longer limit than the suite's 60 s on a busy machine.
  it('shows its member only his department and only the buttons the role grants', async () => {
    const page = await newPage(browser);
    await signInWithPassword(page, 'admin', 'Admin@2026');
    await page.goto(`${baseUrl()}/#/menu/company/organization`);
    const tree = page.getByTestId('dept-tree');
    await tree.getByText('演示科技有限公司').click();
    await page.getByTestId('dept-add').click();
    await page.getByRole('dialog').getByLabel('部门名称').fill('质检部');
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await tree.getByText(/^质检部/).waitFor();

    await page.goto(`${baseUrl()}/#/menu/company/permissions`);
    await page.getByTestId('role-add').click();
    const roleForm = page.getByRole('dialog');
    await roleForm.getByLabel('角色名称').fill('质检组长');
    await roleForm.getByLabel('数据权限').click();
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: /^本部门$/ })
      .click();
    // Checking the 新增员工 button brings its 员工管理 menu along.
    await roleForm.getByText('新增员工', { exact: true }).click();
    const staffMenu = roleForm.locator('.ant-tree-treenode').filter({ hasText: /^员工管理$/ });
    expect(await staffMenu.locator('.ant-tree-checkbox-checked').count()).toBe(1);
    await roleForm.getByRole('button', { name: '确定' }).click();
    await page.getByTestId('roles').getByText('质检组长').waitFor();
    expect(await page.getByTestId('roles').locator('tr').filter({ hasText: '质检组长' }).textContent()).toContain(
      '本部门',
    );

    await page.goto(`${baseUrl()}/#/menu/account/staffManage`);
    await page.getByTestId('staff-add').click();
    const form = page.getByRole('dialog');
    await form.getByLabel('账号').fill('zhijian01');
    await form.getByLabel('姓名').fill('秦川');
    await form.getByLabel('手机号').fill('13655557777');
    await pickOption(page, form, '部门', '质检部');
    await form.getByLabel('角色').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '质检组长' }).click();
    await form.getByLabel('初始密码').fill('Zhijian@2026');
    await form.getByRole('button', { name: '确定' }).click();
    const created = page
      .getByTestId('list-staffManage')
      .locator('tbody tr.ant-table-row')
      .filter({ hasText: 'zhijian01' });
    await created.getByText('质检组长').waitFor();
    await page.context().close();

    const member = await newPage(browser);
    await signInChangingPassword(member, 'zhijian01', 'Zhijian@2026', 'Zhijian@2026mine');
    await expect.poll(async () => (await sideMenuTexts(member)).join()).toContain('企业管理');
    await member.getByRole('menu').first().getByText('企业管理').click();
    await member.getByRole('menuitem', { name: '员工管理' }).waitFor();
    const menu = (await sideMenuTexts(member)).join();
    for (const hidden of ['组织架构', '角色权限', '员工申请', '操作记录']) expect(menu).not.toContain(hidden);
    await member.goto(`${baseUrl()}/#/menu/account/staffManage`);
    const list = member.getByTestId('list-staffManage');
    await list.getByText('zhijian01').waitFor();
    expect(await list.locator('tbody tr.ant-table-row').count()).toBe(1);
    expect(await list.getByText('agent01').count()).toBe(0);
    // Granted: 新增员工. Not granted: export, import, edit, delete.
    await member.getByTestId('staff-add').waitFor();
    for (const id of ['list-export', 'staff-import', 'staff-edit-zhijian01']) {
      expect(await member.getByTestId(id).count()).toBe(0);
    }
    expect(await list.getByRole('button', { name: '删除' }).count()).toBe(0);
    await member.context().close();
  }, 120_000);
});
