import { clueOrderRoutes, cluePackageRoutes, clueRoutes, tradeRoutes } from '@yunhu/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, send } from '../support/api.js';
import { baseUrl, launchBrowser, newPage } from '../support/browser.js';
import { signInWithPassword } from '../support/console.js';
import { answerOnPhone } from '../support/pay.js';
import { platformAccount, registerEnterprise } from '../support/tenants.js';
import { uniqueName } from '../support/unique.js';

/**
 * 线索包 as an enterprise buys it: the platform puts a package on sale (its own name this attempt),
 * a new enterprise takes its trial, buys the package on 线索额度 and pays the QR code on the "phone";
 * the screen then shows the trial and the bought units apart, the order is a paid 线索包, and a
 * package taken off the shelf cannot be ordered.
 */
describe('线索包 bought through commerce', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('buys a package by QR code and sees trial, bought and used apart', { timeout: 90_000 }, async () => {
    const platform = await login(platformAccount.username, platformAccount.password);
    const pack = await call(
      cluePackageRoutes.packageSave,
      { name: uniqueName('线索包'), units: 20, price: 990 },
      platform,
    );
    const firm = await registerEnterprise(platform, {
      namePrefix: '线索包',
      accountPrefix: 'cpk',
      password: 'Clue@2026x',
    });
    const token = await login(firm.username, firm.password);

    const page = await newPage(browser);
    await signInWithPassword(page, firm.username, firm.password);
    await page.goto(`${baseUrl()}/#/menu/Clue/enterpriseTry`);
    await page.getByTestId('clue-trial').click();
    await page.getByText('试用额度已到账').waitFor();
    await page.getByTestId(`clue-package-buy-${pack.id}`).click();
    await answerOnPhone(browser, page);
    await page.getByText('线索额度已到账，可在企业线索的线索额度中查看').waitFor();
    await page.locator('.ant-modal-close').click();

    const quota = page.getByTestId('clue-quota');
    await expect.poll(() => quota.textContent()).toContain('购买获得20 家');
    expect(await quota.textContent()).toContain('试用获得50 家');
    expect(await quota.textContent()).toContain('已使用0 家');
    expect((await call(clueRoutes.quota, {}, token)).balance).toBe(70);
    const orders = await call(tradeRoutes.orderPage, { page: 1, limit: 5 }, token);
    expect(orders.records[0]).toMatchObject({ kind: 'cluePackage', state: 'paid', amount: 990 });

    // Off the shelf: no longer offered, and an order of it is refused with the reason.
    await call(cluePackageRoutes.packageSetEnabled, { id: pack.id, isEnabled: false }, platform);
    const refused = await send(clueOrderRoutes.packageBuy, { packageId: pack.id, quantity: 1 }, token);
    expect(refused.msg).toBe('线索包不存在或已下架，请刷新后重试');
    await page.reload();
    await page.getByTestId('clue-packages').waitFor();
    expect(await page.getByTestId(`clue-package-${pack.id}`).count()).toBe(0);
  });
});
