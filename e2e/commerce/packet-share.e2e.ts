import { packetRoutes } from '@yunhu/contract';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login } from '../support/api.js';
import { baseUrl, launchBrowser, newPage } from '../support/browser.js';
import { signInWithPassword } from '../support/console.js';

const rows = (list: Locator) => list.locator('tbody tr.ant-table-row');
const okButton = (dialog: Locator) => dialog.getByRole('button', { name: /确\s*定/ });
const packetName = '软电话包月 5000 分钟';

/**
 * 套餐共享 in Chromium (decision 0020 "Package sharing"): the enterprise administrator
 * restricts a package to one person on 账户明细 › 已购套餐 › 共享给; the column shows him, and the
 * server's rule (packets-userId, the one billing's draw uses — the draw itself is proven in
 * packet-share.routes.test.ts) gives the package to him and not to a colleague; clearing the choice
 * shares it with everyone again.
 */
describe('套餐共享: a package restricted to one person', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('the administrator shares a package with 赵丽 only, then with everyone again', async () => {
    const token = await login('admin', 'Admin@2026');
    const people = await call(packetRoutes.shareCandidates, {}, token);
    const zhao = people.find((p) => p.username === 'agent02')!;
    const wang = people.find((p) => p.username === 'agent01')!;
    const usableOf = (userId: number) => call(packetRoutes.packetsOfUser, { userId }, token);

    const page = await newPage(browser);
    await signInWithPassword(page, 'admin', 'Admin@2026');
    await page.goto(`${baseUrl()}/#/menu/account/accountDetails`);
    const list = page.getByTestId('list-packetMine');
    const row = rows(list).filter({ hasText: packetName }).first();
    await row.waitFor();
    const shared = row.locator('[data-testid^="packet-shared-"]');
    await expect.poll(async () => (await shared.textContent()) ?? '').toBe('全员共享');
    const packetId = Number(((await shared.getAttribute('data-testid')) ?? '').replace('packet-shared-', ''));
    expect((await usableOf(wang.userId)).some((p) => p.id === packetId)).toBe(true);

    // 共享给 › 赵丽.
    await row.getByTestId(`packet-share-${packetId}`).click();
    const modal = page.getByTestId('packet-share-modal');
    // Search first: after the other e2e files the enterprise has more people than the list shows at once.
    await modal.getByRole('combobox').click();
    await modal.getByRole('combobox').fill('agent02');
    const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', {
      hasText: `${zhao.realName}（agent02）`,
    });
    await option.click();
    await modal.getByText('选中员工后').click();
    await okButton(modal).click();
    await page.getByText('已共享给 1 人').first().waitFor();
    await expect.poll(async () => (await shared.textContent()) ?? '').toBe(zhao.realName);
    expect((await usableOf(zhao.userId)).find((p) => p.id === packetId)).toMatchObject({ restricted: true });
    expect((await usableOf(wang.userId)).some((p) => p.id === packetId)).toBe(false);

    // Nobody chosen: everyone's again.
    await row.getByTestId(`packet-share-${packetId}`).click();
    await modal.locator('.ant-select-selection-item-remove').first().click();
    await modal.getByText('选中员工后').click();
    await okButton(modal).click();
    await page.getByText('已改为全员共享').first().waitFor();
    await expect.poll(async () => (await shared.textContent()) ?? '').toBe('全员共享');
    expect((await usableOf(wang.userId)).some((p) => p.id === packetId)).toBe(true);
  });
});
