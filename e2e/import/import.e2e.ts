import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage } from '../support/browser.js';
import { signInWithPassword } from '../support/console.js';

/**
 * The one import as a new user meets it: lists as they arrive (full-width digits and
 * letters typed in a Chinese input method, +86 / 86 / dashes / spaces, blank rows, repeated rows,
 * columns of their own) and CSV in GBK or UTF-8 with BOM, through the same dialog everywhere.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-import-'));

/** Six good customers written six ways, a blank row, a repeated mobile, a bad one and a column of the user's own. */
const writeMessyCustomers = async (file: string) => {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('客户');
  sheet.addRow(['客户名称', '手机号', '意向等级', '微信号', '公司']);
  sheet.addRow(['乱表甲', '１３９８８７７０００１', 'Ｂ', 'wx-a', 'ＡＢＣ公司']);
  sheet.addRow(['乱表乙', '+86 139 8877 0002', 'ａ', '', '']);
  sheet.addRow(['', '', '', '', '']);
  sheet.addRow(['乱表丙', '86-139-8877-0003', 'C', '', '']);
  sheet.addRow(['乱表丁', '139-8877-0004', '', 'wx-d', '']);
  sheet.addRow(['乱表戊', '＋８６\u3000１３９８８７７０００５', '', '', '']);
  sheet.addRow(['乱表己', ' 13988770006 ', 'ｄ', '', '']);
  sheet.addRow(['乱表重复', '139 8877 0001', '', '', '']);
  sheet.addRow(['乱表坏号', '12345', '', '', '']);
  await book.xlsx.writeFile(file);
};

/**
 * Gives the dialog's file input the file, once the dialog (loaded on first opening) shows its
 * button. The input itself, not the chooser its button opens: under a loaded CI the chooser
 * sometimes never fired after a click on the shown, enabled button; the click-to-chooser path stays
 * covered by the staff import journey (org/import.e2e.ts) and the other screens' imports.
 */
const chooseFile = async (page: Page, testId: string, file: string) => {
  await page.getByTestId(`${testId}-file`).waitFor();
  await page.getByRole('dialog').locator('input[type=file]').setInputFiles(file);
};

const closeDialog = (page: Page) =>
  page
    .getByRole('dialog')
    .getByRole('button', { name: /close|关闭/i })
    .click();

/** Imports a black-list file of two good numbers through the dialog, to its done message. */
const importTwoNumbers = async (page: Page, file: string) => {
  await page.getByTestId('black-import').click();
  await chooseFile(page, 'black-import', file);
  await page
    .getByTestId('black-import-summary')
    .getByText(/可导入 2 个，错误 0 行/)
    .waitFor();
  await page.getByTestId('black-import-confirm').click();
  await page.getByTestId('black-import-done').getByText('导入完成，已添加 2 个号码').waitFor();
};

/** The list, searched by a number fragment, shows this many rows. */
const expectListed = async (list: Locator, fragment: string, rows: number) => {
  await list.getByTestId('black-filter-number').fill(fragment);
  await list.getByRole('button', { name: /查\s*询/ }).click();
  await expect.poll(() => list.locator('tbody tr.ant-table-row').count()).toBe(rows);
};

describe('one import for every list', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('imports every good row of a messy customer list, saying what it read, skipped and ignored', async () => {
    const file = path.join(dir, '乱的客户表.xlsx');
    await writeMessyCustomers(file);
    const page = await newPage(browser);
    await signInWithPassword(page, 'manager', 'Manager@2026');
    await page.goto(`${baseUrl()}/#/menu/CRM/myCustomer`);
    await page.getByTestId('crm-import-customers').click();
    await chooseFile(page, 'crm-import', file);

    const summary = page.getByTestId('crm-import-summary');
    await summary.getByText(/共8行：可导入6行/).waitFor();
    await summary.getByText(/空行1行，已忽略/).waitFor();
    await summary.getByText(/以下列不在模板中，不会导入：微信号/).waitFor();
    // The sample shows the cells as read: full-width folded to half-width.
    const sample = page.getByTestId('crm-import-sample');
    await sample.getByText('13988770001').waitFor();
    await sample.getByText('ABC公司').waitFor();
    const reasons = page.getByTestId('crm-import-reasons');
    await reasons.getByText('手机号与其他行重复：1行').waitFor();
    await reasons.getByText('手机号格式不正确：1行').waitFor();
    const errors = page.getByTestId('crm-import-errors');
    await errors.getByText('手机号与第2行重复').waitFor();
    await errors.getByText('手机号「12345」格式不正确').waitFor();

    // The button counts the rows it will write.
    const confirm = page.getByTestId('crm-import-confirm');
    expect(await confirm.textContent()).toContain('确认导入6行');
    await confirm.click();
    await page
      .getByTestId('crm-import-done')
      .getByText(/新增6行/)
      .waitFor();
    await closeDialog(page);

    const list = page.getByTestId('crm-list-private');
    await list.getByTestId('crm-filter-keyword').fill('乱表');
    await list.getByRole('button', { name: '查询' }).click();
    await expect.poll(() => list.locator('tbody tr.ant-table-row').count()).toBe(6);
    await page.context().close();
  });

  it('imports staff from a GBK CSV and from a UTF-8 CSV with BOM through the same dialog', async () => {
    const text = (tag: string, n: number) =>
      `账号*,姓名*,手机号*,部门*,角色\r\nimp${tag}1,编码${tag}一,１３６８８５５０${n}０１,销售一部,坐席\r\n` +
      `imp${tag}2,编码${tag}二,+86 136-8855-0${n}02,销售一部,\r\n`;
    const files = [
      { file: path.join(dir, '员工-GBK.csv'), body: iconv.encode(text('gbk', 1), 'gbk') },
      {
        file: path.join(dir, '员工-BOM.csv'),
        body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text('bom', 2))]),
      },
    ];
    const page = await newPage(browser);
    await signInWithPassword(page, 'admin', 'Admin@2026');
    await page.goto(`${baseUrl()}/#/menu/account/staffManage`);
    for (const { file, body } of files) {
      fs.writeFileSync(file, body);
      await page.getByTestId('staff-import').click();
      await chooseFile(page, 'staff-import', file);
      await page.getByTestId('staff-import-summary').getByText('共 2 行：可导入 2 行', { exact: false }).waitFor();
      await page.getByTestId('staff-import-confirm').click();
      await page.getByTestId('staff-import-done').getByText('导入完成：新增 2 人', { exact: false }).waitFor();
      await closeDialog(page);
    }
    const list = page.getByTestId('list-staffManage');
    for (const name of ['编码gbk一', '编码bom二']) await list.getByText(name).waitFor();
    await page.context().close();
  });

  it('imports black-list numbers from a GBK CSV and from a UTF-8 CSV with BOM through the same dialog', async () => {
    const text = (n: number) =>
      `号码*,原因,有效期至\r\n１３５１１２２０${n}０１,编码导入,\r\n+86 135-1122-0${n}02,编码导入,\r\n`;
    const files = [
      { file: path.join(dir, '黑名单-GBK.csv'), body: iconv.encode(text(1), 'gbk') },
      {
        file: path.join(dir, '黑名单-BOM.csv'),
        body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text(2))]),
      },
    ];
    const page = await newPage(browser);
    await signInWithPassword(page, 'admin', 'Admin@2026');
    await page.goto(`${baseUrl()}/#/menu/company/blacklist`);
    const list = page.getByTestId('list-blacklist-tenant');
    await list.waitFor();
    for (const { file, body } of files) {
      fs.writeFileSync(file, body);
      await importTwoNumbers(page, file);
      await closeDialog(page);
    }
    await expectListed(list, '1351122', 4);
    await page.context().close();
  });

  it('imports into the platform list the same way: staged, confirmed, every row downloadable', async () => {
    const file = path.join(dir, '平台黑名单.csv');
    fs.writeFileSync(
      file,
      Buffer.from(`号码*,原因,有效期至\r\n１３６１１２２０００１,平台导入,\r\n+86 136-1122-0002,平台导入,\r\n`),
    );
    const page = await newPage(browser);
    await signInWithPassword(page, 'platform', 'Platform@2026');
    await page.goto(`${baseUrl()}/#/menu/platform/blacklist`);
    const list = page.getByTestId('list-blacklist-platform');
    await list.waitFor();
    await importTwoNumbers(page, file);
    const report = page.waitForEvent('download');
    await page.getByTestId('black-import-report').click();
    expect((await report).suggestedFilename()).toMatch(/\.xlsx$/);
    await closeDialog(page);
    await expectListed(list, '1361122', 2);
    await page.context().close();
  });

  it('names a picture renamed .xlsx as not a spreadsheet, and keeps the message in the dialog', async () => {
    const file = path.join(dir, '截图.xlsx');
    fs.writeFileSync(
      file,
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(300, 3)]),
    );
    const page = await newPage(browser);
    await signInWithPassword(page, 'manager', 'Manager@2026');
    await page.goto(`${baseUrl()}/#/menu/CRM/myCustomer`);
    await page.getByTestId('crm-import-customers').click();
    await chooseFile(page, 'crm-import', file);
    const error = page.getByTestId('crm-import-error');
    await error.getByText(/文件不是有效的Excel或CSV表格/).waitFor();
    await page.waitForTimeout(4000);
    expect(await error.isVisible()).toBe(true);
    await page.context().close();
  });
});
