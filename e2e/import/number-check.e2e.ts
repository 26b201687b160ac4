import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crmRoutes } from '@yunhu/contract';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login } from '../support/api.js';
import { baseUrl, launchBrowser, newPage } from '../support/browser.js';
import { signInWithPassword } from '../support/console.js';
import { uniqueDigits } from '../support/unique.js';

/**
 * 空号检测 before an import reaches the agents: ten customers whose numbers end 0 to 9 (the
 * development checker answers by the last digit, and says it is a simulator), queued from the
 * preview and checked and charged by the server's job while the panel shows its progress, 空号 and
 * 停机 left out with one click, and only the other eight written.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-number-check-'));

describe('空号检测 of a customer import', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('checks the preview’s numbers, leaves 空号 and 停机 out, and imports the rest', { timeout: 90_000 }, async () => {
    const stem = `13${uniqueDigits().slice(0, 8)}`;
    const tag = `空号检测${stem.slice(-4)}`;
    const file = path.join(dir, `${tag}.xlsx`);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('客户');
    sheet.addRow(['客户名称', '手机号']);
    for (let d = 0; d < 10; d++) sheet.addRow([`${tag}客户${d}`, `${stem}${d}`]);
    await book.xlsx.writeFile(file);

    const page = await newPage(browser);
    await signInWithPassword(page, 'manager', 'Manager@2026');
    await page.goto(`${baseUrl()}/#/menu/CRM/myCustomer`);
    await page.getByTestId('crm-import-customers').click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('crm-import-file').click();
    await (await chooser).setFiles(file);
    await page
      .getByTestId('crm-import-summary')
      .getByText(/可导入10行/)
      .waitFor();

    const panel = page.getByTestId('number-check');
    await panel.getByText('检测服务：模拟检测（开发用）').waitFor();
    await panel.getByText(/共 10 个手机号，未检测 10 个/).waitFor();
    await page.getByTestId('number-check-run').click();
    // The panel asks again by itself until the job has checked them all.
    await panel.getByText('检测状态：已完成（10/10）').waitFor({ timeout: 30_000 });
    const counts = page.getByTestId('number-check-counts');
    await counts.getByText('空号 1').waitFor();
    await counts.getByText('停机 1').waitFor();
    await counts.getByText('实号 5').waitFor();
    await page.getByTestId('number-check-exclude').click();
    await counts.getByText('已排除 2 个').waitFor();

    const confirm = page.getByTestId('crm-import-confirm');
    await expect.poll(() => confirm.textContent()).toContain('确认导入8行');
    await confirm.click();
    await page
      .getByTestId('crm-import-done')
      .getByText(/新增8行/)
      .waitFor({ timeout: 30_000 });
    const token = await login('manager', 'Manager@2026');
    const found = await call(crmRoutes.customerPage, { page: 1, limit: 20, keyword: tag }, token);
    expect(found.records.map((c) => c.mobile.slice(-1)).sort()).toEqual(['2', '3', '4', '5', '6', '7', '8', '9']);
  });
});
