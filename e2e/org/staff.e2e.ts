import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage } from '../support/browser.js';
import { sideMenuTexts, signInWithPassword } from '../support/console.js';
import { fieldText, signInChangingPassword } from './first-sign-in.js';

describe('organisation screens', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('an administrator creates a department, a role limited to it and a member who sees only that', async () => {
    const page = await newPage(browser);
    await signInWithPassword(page, 'admin', 'Admin@2026');
    await page.goto(`${baseUrl()}/#/menu/company/organization`);
    await page.getByTestId('dept-tree').getByText('演示科技有限公司').click();
    await page.getByTestId('dept-add').click();
    await page.getByRole('dialog').getByLabel('部门名称').fill('客服部');
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await page.getByTestId('dept-tree').getByText('客服部').waitFor();

    // A role that sees the staff list of 客服部 only.
    await page.goto(`${baseUrl()}/#/menu/company/permissions`);
    await page.getByTestId('role-add').click();
    const roleForm = page.getByRole('dialog');
    await roleForm.getByLabel('角色名称').fill('客服主管');
    await roleForm.getByLabel('数据权限').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '指定部门' }).click();
    await roleForm.getByLabel('指定部门').click();
    await page.locator('.ant-select-tree').getByText('客服部').click();
    await roleForm.getByText('员工管理', { exact: true }).click();
    await roleForm.getByRole('button', { name: '确定' }).click();
    await page.getByTestId('roles').getByText('客服主管').waitFor();

    await page.goto(`${baseUrl()}/#/menu/company/organization`);
    await page.getByTestId('dept-tree').getByText('客服部').click();
    await page.getByTestId('staff-add').click();
    const form = page.getByRole('dialog');
    await form.getByLabel('账号').fill('kefu01');
    await form.getByLabel('姓名').fill('何晓');
    await form.getByLabel('手机号').fill('13655556666');
    // The department selected in the tree is the new person's.
    await expect.poll(() => fieldText(page, form, '部门')).toContain('客服部');
    await form.getByLabel('角色').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '客服主管' }).click();
    await form.getByLabel('初始密码').fill('Kefu@2026');
    await form.getByRole('button', { name: '确定' }).click();
    await page.getByTestId('list-organization').getByText('kefu01').waitFor();
    // Every change above is in the organisation's operation record.
    await page.goto(`${baseUrl()}/#/menu/company/operationRecord`);
    const record = page.getByTestId('list-operationRecord');
    for (const action of ['新增部门', '新增角色', '新增员工']) await record.getByText(action).first().waitFor();
    await page.context().close();

    const member = await newPage(browser);
    await signInChangingPassword(member, 'kefu01', 'Kefu@2026', 'Kefu@2026mine');
    await member.getByRole('menu').first().getByText('企业管理').click();
    await member.getByRole('menuitem', { name: '员工管理' }).waitFor();
    const menu = await sideMenuTexts(member);
    expect(menu.join()).toContain('员工管理');
    for (const hidden of ['组织架构', '角色权限', '员工申请', '操作日志']) expect(menu.join()).not.toContain(hidden);
    await member.goto(`${baseUrl()}/#/menu/account/staffManage`);
    const list = member.getByTestId('list-staffManage');
    await list.getByText('kefu01').waitFor();
    expect(await list.getByText('agent01').count()).toBe(0);
    await member.context().close();
  });

  it("shows a manager only his department's staff, and an agent no organisation menu", async () => {
    const manager = await newPage(browser);
    await signInWithPassword(manager, 'manager', 'Manager@2026');
    await manager.goto(`${baseUrl()}/#/menu/account/staffManage`);
    const list = manager.getByTestId('list-staffManage');
    await list.getByText('agent01').waitFor();
    expect(await list.getByText('销售二部').count()).toBe(0);
    expect(await list.getByText('agent04').count()).toBe(0);
    await manager.context().close();

    const agent = await newPage(browser);
    await signInWithPassword(agent, 'agent01', 'Agent@2026');
    expect(await agent.getByRole('menu').first().getByText('企业管理').count()).toBe(0);
    await agent.goto(`${baseUrl()}/#/menu/account/staffManage`);
    await agent.getByTestId('no-permission').waitFor();
    await agent.context().close();
  });
});
