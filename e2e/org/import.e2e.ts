import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage } from '../support/browser.js';
import { signInWithPassword } from '../support/console.js';

/** A staff sheet with two good rows and two bad ones (a bad mobile, a mobile already in use). */
const writeSheet = async (file: string) => {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('员工');
  sheet.addRow(['账号*', '姓名*', '手机号*', '部门*', '角色']);
  sheet.addRow(['import01', '导入一', '13677770001', '销售一部', '坐席']);
  sheet.addRow(['import02', '导入二', '13677770002', '销售二部', '坐席']);
  sheet.addRow(['import03', '导入三', '12345', '销售二部', '坐席']);
  sheet.addRow(['import04', '导入四', '13900000001', '销售二部', '坐席']);
  await book.xlsx.writeFile(file);
};

describe('staff import', () => {
  let browser: Browser;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-import-')), '员工.xlsx');
  beforeAll(async () => {
    browser = await launchBrowser();
    await writeSheet(file);
  });
  afterAll(() => browser.close());

  it('previews every bad row, writes nothing until confirmed, imports the good rows and keeps the bad ones in the result file', async () => {
    const page = await newPage(browser);
    await signInWithPassword(page, 'admin', 'Admin@2026');
    await page.goto(`${baseUrl()}/#/menu/account/staffManage`);
    await page.getByTestId('staff-import').click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('staff-import-file').click();
    await (await chooser).setFiles(file);
    const summary = page.getByTestId('staff-import-summary');
    await summary.getByText('共 4 行：可导入 2 行，有问题 2 行').waitFor();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/手机号「12345」格式不正确/).waitFor();
    await dialog.getByText(/13900000001已被其他账号使用/).waitFor();
    // Nothing is written before the confirmation.
    expect(await page.getByTestId('list-staffManage').getByText('import01').count()).toBe(0);

    await page.getByTestId('staff-import-confirm').click();
    await page.getByTestId('staff-import-done').getByText('导入完成：新增 2 人').waitFor();
    // The result file keeps the rows that were not imported, each with its reason.
    const downloading = page.waitForEvent('download');
    await page.getByTestId('staff-import-report').click();
    const result = await downloading;
    expect(result.suggestedFilename()).toMatch(/导入结果\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await result.path());
    const cells = (book.worksheets[0]?.getSheetValues() ?? []).flat().map(String).join();
    expect(cells).toContain('手机号「12345」格式不正确');
    expect(cells).toContain('import04');
    expect(cells).not.toContain('import01');
    await dialog.getByRole('button', { name: /close|关闭/i }).click();
    await page.getByTestId('list-staffManage').getByText('import01').waitFor();
    const list = page.getByTestId('list-staffManage');
    expect(await list.getByText('import03').count()).toBe(0);

    // Both imported people move to 销售二部 in one batch.
    await list.getByPlaceholder('姓名、账号或拼音').fill('import');
    await list.getByRole('button', { name: '查询' }).click();
    await expect.poll(() => list.locator('tbody tr.ant-table-row').count()).toBe(2);
    await list.locator('thead .ant-checkbox-input').check();
    await list.getByRole('button', { name: '批量调整部门/角色' }).click();
    await page.getByRole('dialog').getByLabel('部门').click();
    await page.locator('.ant-select-tree').getByText('销售二部').click();
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await expect.poll(() => list.locator('tbody tr.ant-table-row').filter({ hasText: '销售二部' }).count()).toBe(2);
    await page.context().close();
  });
});
