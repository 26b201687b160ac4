import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage } from '../support/browser.js';
import { signInWithPassword } from '../support/console.js';
import { uniqueDigits, uniqueMobile } from '../support/unique.js';

// Names and mobiles of the attempt's own (a retry meets nothing the attempt before it left), so a
// keyword search for its tag shows only this attempt's customers.
let tag = '';
let names: string[] = [];
const followText = '电话沟通，客户对年度套餐有兴趣';

/** Four good rows, a bad mobile and a mobile repeated in the file. */
const writeSheet = async (file: string) => {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('客户');
  sheet.addRow(['客户名称*', '手机号*', '公司', '意向等级']);
  const mobiles = names.map(() => uniqueMobile());
  for (const [i, name] of names.entries()) sheet.addRow([name, mobiles[i], '云测公司', 'B']);
  sheet.addRow(['云测坏号', '12345', '', '']);
  sheet.addRow(['云测重复', mobiles[0], '', '']);
  await book.xlsx.writeFile(file);
};

const rows = (list: Locator) => list.locator('tbody tr.ant-table-row');

/** Opens a pool screen and searches it for this test's customers. */
const openList = async (page: Page, screen: 'myCustomer' | 'totalOfCustomer', keyword = tag) => {
  await page.goto(`${baseUrl()}/#/menu/CRM/${screen}`);
  const list = page.getByTestId(screen === 'myCustomer' ? 'crm-list-private' : 'crm-list-public');
  await list.getByTestId('crm-filter-keyword').fill(keyword);
  await list.getByRole('button', { name: '查询' }).click();
  return list;
};

const selectRow = (list: Locator, name: string) =>
  rows(list).filter({ hasText: name }).locator('.ant-checkbox-input').check();

const signedIn = async (browser: Browser, username: string, password: string) => {
  const page = await newPage(browser);
  await signInWithPassword(page, username, password);
  return page;
};

describe('customers from import to recycle bin', () => {
  let browser: Browser;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-crm-')), '客户.xlsx');
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('imports, allocates evenly, follows up, releases, refuses a re-claim, claims, recycles and recovers', async () => {
    tag = `云测${uniqueDigits()}`;
    names = ['甲', '乙', '丙', '丁'].map((n) => `${tag}客户${n}`);
    await writeSheet(file);
    // The administrator blocks a previous owner from re-claiming for 7 days (业务规则).
    const admin = await signedIn(browser, 'admin', 'Admin@2026');
    await admin.goto(`${baseUrl()}/#/menu/business`);
    await admin.waitForURL(/views\/business\/business/);
    await admin.getByLabel('原负责人禁止领取天数').fill('7');
    await admin.getByRole('button', { name: /保\s*存/ }).click();
    await admin.getByText('业务规则已保存').first().waitFor();
    await admin.context().close();

    // The manager imports the file into the public pool: the preview lists both bad rows first.
    const manager = await signedIn(browser, 'manager', 'Manager@2026');
    await manager.goto(`${baseUrl()}/#/menu/CRM/myCustomer`);
    await manager.getByTestId('crm-import-customers').click();
    const importDialog = manager.getByRole('dialog');
    await importDialog.getByText('公海', { exact: true }).click();
    const chooser = manager.waitForEvent('filechooser');
    await manager.getByTestId('crm-import-file').click();
    await (await chooser).setFiles(file);
    const errors = manager.getByTestId('crm-import-errors');
    await errors.getByText(/12345/).waitFor();
    await errors.getByText('手机号与第2行重复').waitFor();
    await manager.getByTestId('crm-import-confirm').click();
    await manager
      .getByTestId('crm-import-done')
      .getByText(/新增\s*4/)
      .waitFor();
    await importDialog.getByRole('button', { name: /close|关闭/i }).click();

    // ... and spreads the four evenly over 王强 (agent01) and 赵丽 (agent02), checked first.
    const pool = await openList(manager, 'totalOfCustomer');
    await expect.poll(() => rows(pool).count()).toBe(4);
    await pool.locator('thead .ant-checkbox-input').check();
    await pool.getByTestId('crm-allocate').click();
    const users = manager.getByTestId('crm-allocate-users');
    for (const who of ['王强', '赵丽']) {
      await users.click();
      await manager.keyboard.type(who);
      await manager.locator('.ant-select-item-option').filter({ hasText: who }).first().click();
    }
    await manager.keyboard.press('Escape');
    const plan = manager.getByTestId('crm-allocate-plan');
    await expect
      .poll(() =>
        plan
          .locator('tbody tr')
          .filter({ hasText: /王强|赵丽/ })
          .count(),
      )
      .toBe(2);
    await manager.getByTestId('crm-allocate-ok').click();
    await expect.poll(() => rows(pool).count()).toBe(0);

    // agent01 sees only his two, writes a follow-up on one and releases the other.
    const agent = await signedIn(browser, 'agent01', 'Agent@2026');
    let mine = await openList(agent, 'myCustomer');
    await expect.poll(() => rows(mine).count()).toBe(2);
    const [followed, released] = (await rows(mine).locator('a[data-testid^="crm-row-"]').allInnerTexts()).map((n) =>
      n.trim(),
    );
    if (!followed || !released) throw new Error('agent01 should own two customers');
    await rows(mine).filter({ hasText: followed }).getByRole('link', { name: followed }).click();
    await agent.getByTestId('crm-follow-content').fill(followText);
    await agent.getByTestId('crm-follow-submit').click();
    await agent.getByTestId('crm-timeline').getByText(followText).waitFor();

    mine = await openList(agent, 'myCustomer');
    await expect.poll(() => rows(mine).count()).toBe(2);
    await selectRow(mine, released);
    await agent.getByTestId('crm-release').click();
    await agent
      .getByTestId('crm-batch-dialog')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect.poll(() => rows(mine).count()).toBe(1);

    // He may not take it back within the 7 days: the refusal names the rule.
    let agentPool = await openList(agent, 'totalOfCustomer');
    await expect.poll(() => rows(agentPool).count()).toBe(1);
    await selectRow(agentPool, released);
    await agent.getByTestId('crm-claim').click();
    await agent
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await agent
      .getByTestId('crm-batch-result')
      .getByText(/离开您不满7天/)
      .waitFor();
    await agent
      .getByTestId('crm-batch-result')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    agentPool = await openList(agent, 'totalOfCustomer');
    await expect.poll(() => rows(agentPool).count()).toBe(1);

    // agent02 claims it from the public pool.
    const other = await signedIn(browser, 'agent02', 'Agent@2026');
    const otherPool = await openList(other, 'totalOfCustomer');
    await expect.poll(() => rows(otherPool).count()).toBe(1);
    await selectRow(otherPool, released);
    await other.getByTestId('crm-claim').click();
    await other
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect.poll(() => rows(otherPool).count()).toBe(0);
    const otherMine = await openList(other, 'myCustomer');
    await expect.poll(() => rows(otherMine).count()).toBe(3);
    await other.context().close();

    // The manager deletes the followed customer to the recycle bin and recovers it with its history.
    const all = await openList(manager, 'myCustomer');
    await expect.poll(() => rows(all).count()).toBe(4);
    await selectRow(all, followed);
    await all.getByTestId('crm-more-actions').click();
    await manager.getByRole('menuitem', { name: '删除到回收站' }).click();
    await manager
      .getByTestId('crm-batch-dialog')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect.poll(() => rows(all).count()).toBe(3);

    await manager.goto(`${baseUrl()}/#/menu/CRM/recycler`);
    const bin = manager.getByTestId('list-crmRecycler');
    await rows(bin).filter({ hasText: followed }).getByRole('button', { name: '恢复' }).click();
    await manager
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect.poll(() => rows(bin).filter({ hasText: followed }).count()).toBe(0);

    mine = await openList(agent, 'myCustomer', followed);
    await rows(mine).getByRole('link', { name: followed }).click();
    await agent.getByTestId('crm-timeline').getByText(followText).waitFor();
    await agent.context().close();
    await manager.context().close();
    // Four people in turn through a dozen screens: longer than the suite's default.
  }, 240_000);
});
