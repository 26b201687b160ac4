import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage } from '../support/browser.js';
import { sideMenuTexts, signInWithPassword } from '../support/console.js';

// Numbers no demo data uses, so the list filtered by the common prefix shows only this test's.
const prefix = '1351111';
const one = `${prefix}2001`;
const batch = [`${prefix}2002`, `${prefix}2003`];
const imported = `${prefix}2004`;

/** A good row, a bad number and a number repeated in the file. */
const writeSheet = async (file: string) => {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('黑名单');
  sheet.addRow(['号码*', '原因', '有效期至']);
  sheet.addRow([imported, '导入的号码', '']);
  sheet.addRow(['999', '坏号码', '']);
  sheet.addRow([imported, '重复', '']);
  await book.xlsx.writeFile(file);
};

const rows = (list: Locator) => list.locator('tbody tr.ant-table-row');

describe('the black-list', () => {
  let browser: Browser;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-black-')), '黑名单.xlsx');
  beforeAll(async () => {
    browser = await launchBrowser();
    await writeSheet(file);
  });
  afterAll(() => browser.close());

  it('adds numbers one by one and in batch, imports with a preview, exports and checks a number', async () => {
    const page = await newPage(browser);
    await signInWithPassword(page, 'admin', 'Admin@2026');
    // Reached from the menu: 企业管理 → 黑名单.
    await page.getByRole('menu').first().getByText('企业管理').click();
    await page
      .getByRole('menuitem')
      .filter({ hasText: /^黑名单$/ })
      .click();
    await page.waitForURL(/#\/menu\/company\/blacklist/);
    const list = page.getByTestId('list-blacklist-tenant');
    await list.waitFor();

    // One number, typed with spaces: stored as its digits.
    await page.getByTestId('black-add').click();
    const entry = page.getByTestId('black-entry-modal');
    await entry.getByTestId('black-number').fill(`${one.slice(0, 3)} ${one.slice(3, 7)} ${one.slice(7)}`);
    await entry.getByLabel('原因').fill('客户投诉');
    await entry.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('号码已加入黑名单').first().waitFor();
    await rows(list).filter({ hasText: one }).filter({ hasText: '客户投诉' }).waitFor();

    // A batch: the bad number and the one listed already are reported, the others added.
    await page.getByTestId('black-add-batch').click();
    const dialog = page.getByTestId('black-batch-modal');
    await dialog.getByTestId('black-batch-text').fill([...batch, '12345', one].join('\n'));
    await dialog.getByText('识别到 3 个号码，1 个格式不正确').waitFor();
    await dialog.getByRole('button', { name: '批量添加' }).click();
    const skipped = dialog.getByTestId('black-batch-skipped');
    await skipped.getByText('号码格式不正确').waitFor();
    await skipped.getByText(`号码${one}已在企业黑名单中`).waitFor();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();

    // The import: the preview lists the bad and the repeated row before anything is written.
    await page.getByTestId('black-import').click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('black-import-file').click();
    await (await chooser).setFiles(file);
    const problems = page.getByTestId('black-import-errors');
    await problems.getByText(/号码「999」格式不正确/).waitFor();
    await problems.getByText('与第2行号码重复').waitFor();
    await page
      .getByTestId('black-import-summary')
      .getByText(/可导入 1 个，错误 2 行/)
      .waitFor();
    await page.getByTestId('black-import-confirm').click();
    await page.getByTestId('black-import-done').getByText('导入完成，已添加 1 个号码').waitFor();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /close|关闭/i })
      .click();

    await list.getByTestId('black-filter-number').fill(prefix);
    await list.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => rows(list).count()).toBe(4);
    for (const n of [one, ...batch, imported]) await rows(list).filter({ hasText: n }).waitFor();

    // The export: an xlsx named after the list.
    const downloading = page.waitForEvent('download');
    await list.getByTestId('list-export').click();
    expect((await downloading).suggestedFilename()).toMatch(/^企业黑名单.*\.xlsx$/);

    // 黑名单拦截: the check tool says which numbers would be refused and by which list.
    await page.goto(`${baseUrl()}/#/menu/account/blackIntercept`);
    await page.getByTestId('black-check-text').fill(`${one}\n${prefix}9999`);
    await page.getByTestId('black-check-run').click();
    const result = page.getByTestId('black-check-result');
    await rows(result).filter({ hasText: one }).filter({ hasText: '会被拦截' }).waitFor();
    await rows(result).filter({ hasText: '号码在黑名单中（企业黑名单）' }).waitFor();
    await rows(result)
      .filter({ hasText: `${prefix}9999` })
      .filter({ hasText: '可以拨打' })
      .waitFor();
    await page.getByTestId('black-check-summary').getByText('共检查 2 个号码，1 个在黑名单中').waitFor();
    await page.getByTestId('list-blacklist-intercepts').waitFor();
    await page.context().close();
  });

  it('shows a manager the list without the buttons that change it', async () => {
    const manager = await newPage(browser);
    await signInWithPassword(manager, 'manager', 'Manager@2026');
    await manager.goto(`${baseUrl()}/#/menu/company/blacklist`);
    const list = manager.getByTestId('list-blacklist-tenant');
    await rows(list).filter({ hasText: one }).waitFor();
    for (const id of ['black-add', 'black-add-batch', 'black-import', 'list-export']) {
      expect(await manager.getByTestId(id).count()).toBe(0);
    }
    await manager.context().close();
  });

  it('shows an agent neither menu nor screen', async () => {
    const agent = await newPage(browser);
    await signInWithPassword(agent, 'agent01', 'Agent@2026');
    const menu = (await sideMenuTexts(agent)).join();
    expect(menu).not.toContain('黑名单');
    await agent.goto(`${baseUrl()}/#/menu/company/blacklist`);
    await agent.getByText('您没有访问该页面的权限').waitFor();
    expect(await agent.getByTestId('list-blacklist-tenant').count()).toBe(0);
    await agent.context().close();
  });
});
