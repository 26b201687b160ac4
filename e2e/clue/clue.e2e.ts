import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clueBatchRoutes, clueRoutes, crmRoutes } from '@yunhu/contract';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api.js';
import { baseUrl, launchBrowser, newPage } from '../support/browser.js';
import { signInWithPassword } from '../support/console.js';
import { approvedEnterprise, type TRegistered } from '../support/tenants.js';

/**
 * 企业线索 as a new enterprise meets it: the trial quota taken once, five companies found, unlocked
 * and made customers of its private pool (a sixth refused with the CRM's own reason), and a list of
 * 200 rows (190 credit codes, 10 names not there) matched, then unlocked and converted from the result.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-clue-'));

const writeList = async (file: string, names: string[]) => {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('企业名单');
  sheet.addRow(['企业名称或统一社会信用代码']);
  for (const name of names) sheet.addRow([name]);
  await book.xlsx.writeFile(file);
};

/** Opens a company of 找企业 by its full name. */
const openCompany = async (page: Page, name: string) => {
  await page.getByPlaceholder('企业名称或经营范围，至少2个字').fill(name);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await page.getByRole('button', { name, exact: true }).first().click();
};

const closeDrawer = async (page: Page) => {
  await page.locator('.ant-drawer-open .ant-drawer-close').click();
  await page.locator('.ant-drawer-open').waitFor({ state: 'hidden' });
};

describe('企业线索 for a new enterprise', () => {
  let browser: Browser;
  let firm: TRegistered;
  let token: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    ({ firm, token } = await approvedEnterprise({ namePrefix: '线索', accountPrefix: 'clue', password: 'Clue@2026x' }));
  });
  afterAll(async () => browser?.close());

  it('takes the trial, unlocks and converts five companies, and batch-matches a 200-row list', {
    timeout: 90_000,
  }, async () => {
    const page = await newPage(browser);
    await signInWithPassword(page, firm.username, firm.password);
    await page.goto(`${baseUrl()}/#/menu/Clue/enterpriseTry`);
    await page.getByTestId('clue-trial').click();
    await page.getByText('试用额度已到账').waitFor();
    await expect.poll(async () => (await call(clueRoutes.quota, {}, token)).balance).toBe(50);

    // Companies with a mobile, as the search lists them.
    const pages = [1, 2, 3].map((n) => call(clueRoutes.companyPage, { hasMobile: true, limit: 100, page: n }, token));
    const companies = (await Promise.all(pages)).flatMap((p) => p.records);
    expect(companies.length).toBe(300);

    await page.goto(`${baseUrl()}/#/menu/Clue/looking`);
    for (const company of companies.slice(0, 6)) {
      await openCompany(page, company.name);
      await page.getByTestId('clue-unlock').click();
      await page
        .getByTestId('clue-contacts')
        .getByText(/^1\d{10}$/)
        .first()
        .waitFor();
      await closeDrawer(page);
    }
    // The sixth one's mobile is a customer already: the CRM refuses it in its own words.
    const sixth = await call(clueRoutes.companyInfo, { id: companies[5]!.id }, token);
    await call(
      crmRoutes.customerCreate,
      { name: '已有客户', mobile: sixth.contacts.find((x) => x.mobile)!.mobile },
      token,
    );
    await page.goto(`${baseUrl()}/#/menu/Clue/enterprise`);
    await page.locator('tbody tr.ant-table-row').nth(5).waitFor();
    await page.locator('thead .ant-checkbox-input').check();
    await page.getByTestId('clue-convert').click();
    const modal = page.getByTestId('clue-convert-modal');
    await modal.getByRole('button', { name: '转为客户' }).click();
    await modal.locator('tbody tr').nth(5).waitFor();
    await expect.poll(() => modal.getByText('已转为客户', { exact: true }).count()).toBe(5);
    expect(await modal.locator('.ant-tag-red').textContent()).toMatch(/手机号/);
    expect(await call(clueRoutes.quota, {}, token)).toMatchObject({ balance: 44, usedToday: 6 });
    await modal.getByRole('button', { name: /确\s*定/ }).click();

    // 批量匹配: 190 companies of the library and 10 that are not there.
    const file = path.join(dir, '企业名单.xlsx');
    const codes = companies.slice(6, 196).map((x) => x.creditCode);
    await writeList(file, [...codes, ...Array.from({ length: 10 }, (_, i) => `查无此企业${i}有限公司`)]);
    await page.goto(`${baseUrl()}/#/menu/Clue/batchEnterprise`);
    await page.getByTestId('clue-match-open').click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('clue-match-file').click();
    await (await chooser).setFiles(file);
    await page.getByText('共200行：可匹配190家，未匹配10行（未找到、名称重名或与前面的行重复）').waitFor();
    await page.getByTestId('clue-match-confirm').click();
    await page.getByTestId('clue-match-done').getByText('匹配完成：190家企业').waitFor();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /close|关闭/i })
      .click();
    await page
      .getByTestId('clue-match-counts')
      .getByText('已匹配190家，未匹配10行；其中已解锁0家，已是客户0家')
      .waitFor();
    const batchId = new URL(page.url().replace('/#/', '/')).searchParams.get('batch')!;
    // The default daily limit is 10 a person: four more today, the rest told so.
    await page.getByTestId('clue-match-convert').click();
    await page.getByTestId('clue-match-convert-ok').click();
    const outcomes = page.getByTestId('clue-match-outcomes');
    await outcomes.waitFor();
    await outcomes.getByText('已转为客户').first().waitFor();
    await outcomes.getByText('今日解锁已达上限（每人每天10家），请明天再试或联系管理员调整').first().waitFor();
    expect(await call(clueRoutes.quota, {}, token)).toMatchObject({ balance: 40, usedToday: 10 });
    // Again: nothing charged twice.
    const again = await call(clueBatchRoutes.matchConvert, { batchId, target: 'mine' }, token);
    expect(again.charged).toBe(0);
    expect(again.balance).toBe(40);
  });
});
