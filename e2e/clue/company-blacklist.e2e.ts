import { blacklistRoutes, clueRoutes } from '@yunhu/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, send } from '../support/api.js';
import { baseUrl, launchBrowser, newPage } from '../support/browser.js';
import { signInWithPassword } from '../support/console.js';
import { approvedEnterprise, type TRegistered } from '../support/tenants.js';

/**
 * 企业黑名单 of companies as an enterprise uses it: one company listed by name, another by credit code
 * in a pasted batch, both then marked 已拉黑 in 找企业, with no unlock offered and none charged.
 */
describe('the company black-list in 企业线索', () => {
  let browser: Browser;
  let firm: TRegistered;
  let token: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    ({ firm, token } = await approvedEnterprise({ namePrefix: '拉黑', accountPrefix: 'cblk', password: 'Cblk@2026x' }));
    await call(clueRoutes.trialTake, {}, token);
  });
  afterAll(async () => browser?.close());

  it('lists companies on the 黑名单 screen; 找企业 marks them and refuses their unlock', {
    timeout: 60_000,
  }, async () => {
    const found = await call(clueRoutes.companyPage, { hasMobile: true, limit: 2 }, token);
    const [byName, byCode] = found.records;
    expect(byCode).toBeTruthy();

    const page = await newPage(browser);
    await signInWithPassword(page, firm.username, firm.password);
    await page.goto(`${baseUrl()}/#/menu/company/blacklist?tab=company`);
    await page.getByTestId('company-black-add').click();
    let modal = page.getByTestId('company-black-modal');
    await modal.getByTestId('company-black-name').fill(byName!.name);
    await modal.getByLabel('备注').fill('竞争对手');
    await modal.getByRole('button', { name: '添加企业' }).click();
    await page.getByText('企业已加入企业黑名单').first().waitFor();

    // A batch: the listed one again is reported, the code added.
    await page.getByTestId('company-black-add-batch').click();
    modal = page.getByTestId('company-black-modal');
    await modal.getByTestId('company-black-text').fill(`${byCode!.creditCode}\n${byName!.name}`);
    await modal.getByText('识别到 2 家企业').waitFor();
    await modal.getByRole('button', { name: '批量添加' }).click();
    await page.getByTestId('company-black-skipped').getByText(`企业「${byName!.name}」已在企业黑名单中`).waitFor();
    await modal.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByTestId('list-blacklist-company').getByText(byCode!.creditCode).waitFor();

    // 找企业: both marked; the drawer says why and offers no unlock.
    await page.goto(`${baseUrl()}/#/menu/Clue/looking`);
    await page.getByPlaceholder('企业名称或经营范围，至少2个字').fill(byName!.name);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await page.getByText('已拉黑').first().waitFor();
    await page.getByRole('button', { name: byName!.name, exact: true }).first().click();
    await page.getByTestId('clue-blacklisted').waitFor();
    expect(await page.getByTestId('clue-unlock').count()).toBe(0);

    const refused = await send(clueRoutes.companyUnlock, { id: byCode!.id }, token);
    expect(refused.code).toBe(10056);
    expect(refused.msg).toContain('在企业黑名单中');
    expect((await call(clueRoutes.quota, {}, token)).balance).toBe(50);
    const query = await call(blacklistRoutes.companyQuery, { items: [byName!.name, byCode!.creditCode] }, token);
    expect(query.records.map((r) => r.isBlacklisted)).toEqual([true, true]);
  });
});
