import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage } from '../support/browser.js';
import { recordMessages, shownMessages, signInWithPassword } from '../support/console.js';

const confirmPopup = (page: Page) =>
  page
    .locator('.ant-popconfirm:visible')
    .getByRole('button', { name: /确\s*定/ })
    .click();

describe('organisation refusals and applications', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('moves and deletes an empty department, and shows why a busy department or a held role stays', async () => {
    const page = await newPage(browser);
    await recordMessages(page);
    await signInWithPassword(page, 'admin', 'Admin@2026');
    await page.goto(`${baseUrl()}/#/menu/company/organization`);
    const tree = page.getByTestId('dept-tree');

    // 销售一部 still has staff: the server refuses and its reason is shown.
    await tree.getByText(/^销售一部/).click();
    await page.getByTestId('dept-delete').click();
    await confirmPopup(page);
    await expect.poll(async () => (await shownMessages(page)).join()).toMatch(/该部门下还有\d+名员工/);
    await tree.getByText(/^销售一部/).waitFor();

    // A new empty department is moved under 销售二部, then deleted.
    await tree.getByText('演示科技有限公司').click();
    await page.getByTestId('dept-add').click();
    await page.getByRole('dialog').getByLabel('部门名称').fill('临时组');
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await tree.getByText(/^临时组/).click();
    await page.getByTestId('dept-edit').click();
    await page.getByRole('dialog').getByLabel('上级部门').click();
    await page.locator('.ant-select-tree').getByText('销售二部').click();
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    // Under 销售二部 the node is indented one level deeper than 销售二部 itself.
    const indent = (name: RegExp) =>
      tree.locator('.ant-tree-treenode').filter({ hasText: name }).locator('.ant-tree-indent-unit').count();
    await expect.poll(() => indent(/^临时组/)).toBe(2);
    expect(await indent(/^销售二部/)).toBe(1);
    await page.getByTestId('dept-delete').click();
    await confirmPopup(page);
    await expect.poll(() => tree.getByText(/^临时组/).count()).toBe(0);

    // The 坐席 role is held by agents: deleting it is refused with the server's reason.
    await page.goto(`${baseUrl()}/#/menu/company/permissions`);
    const roles = page.getByTestId('roles');
    await roles.locator('tr').filter({ hasText: '坐席' }).getByRole('button', { name: '删除' }).click();
    await confirmPopup(page);
    await expect.poll(async () => (await shownMessages(page)).join()).toMatch(/该角色下还有\d+名员工/);
    expect(await roles.getByText('坐席', { exact: true }).count()).toBe(1);
    await page.context().close();
  });

  it('approves applicants in a batch and rejects one with a reason; the approved one signs in', async () => {
    const page = await newPage(browser);
    await signInWithPassword(page, 'admin', 'Admin@2026');
    await page.goto(`${baseUrl()}/#/menu/company/applyFor`);
    const list = page.getByTestId('list-applyFor');
    const row = (name: string) => list.locator('tbody tr.ant-table-row').filter({ hasText: name });
    await row('吴刚').waitFor();
    await row('吴刚').locator('.ant-checkbox-input').check();
    await row('冯琳').locator('.ant-checkbox-input').check();
    await list.getByRole('button', { name: '批量通过' }).click();
    await expect.poll(() => row('吴刚').count()).toBe(0);
    expect(await row('冯琳').count()).toBe(0);

    await row('郑爽').getByRole('button', { name: '驳回' }).click();
    await page.getByRole('dialog').getByLabel('驳回原因').fill('不是本公司员工');
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await list.getByLabel('状态').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '已驳回' }).click();
    await list.getByRole('button', { name: '查询' }).click();
    await row('郑爽').getByText('不是本公司员工').waitFor();
    await page.context().close();

    const approved = await newPage(browser);
    await signInWithPassword(approved, 'apply01', 'Agent@2026');
    await approved.context().close();
  });
});
