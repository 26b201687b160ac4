import { systemRoutes } from '@yunhu/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login } from '../support/api.js';
import { baseUrl, launchBrowser, newPage } from '../support/browser.js';
import { signInWithPassword } from '../support/console.js';
import { platformAccount, registerEnterprise } from '../support/tenants.js';
import { uniqueName } from '../support/unique.js';

describe('platform operator: notices, brand settings, contracts', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('publishes a notice to a newly approved enterprise, which appears in its bell and nowhere else', async () => {
    const platformToken = await login(platformAccount.username, platformAccount.password);
    const firm = await registerEnterprise(platformToken, {
      namePrefix: '温州通知测试',
      accountPrefix: 'noticeme',
      password: 'Note@2026x',
    });
    const title = uniqueName('温州专属：合同续签提醒');
    const platform = await newPage(browser);
    await signInWithPassword(platform, 'platform', 'Platform@2026');
    await platform.getByRole('menu').first().getByText('平台管理').click();
    await platform.getByRole('menuitem', { name: '通知管理' }).click();
    await platform.getByRole('button', { name: '发布通知' }).click();
    const dialog = platform.getByTestId('notice-publish');
    await dialog.getByLabel('标题').fill(title);
    await dialog.getByLabel('内容').fill('贵司合同将于下月到期，请联系客户经理。');
    await dialog.getByText('指定企业').click();
    await dialog.getByLabel('接收企业').click();
    await dialog.getByLabel('接收企业').fill(firm.name);
    await platform.locator('.ant-select-item-option', { hasText: firm.name }).click();
    await dialog.locator('.ant-select-selection-item', { hasText: firm.name }).waitFor();
    // Closes the enterprise picker's dropdown, which covers the modal's buttons.
    await dialog.getByLabel('标题').click();
    await dialog.getByRole('button', { name: '发布通知' }).click();
    const row = platform.getByTestId('list-platform-notices').locator('tr', { hasText: title });
    await row.getByText(firm.name).waitFor();

    const admin = await newPage(browser);
    await signInWithPassword(admin, firm.username, firm.password);
    await admin.getByTestId('notice-bell').click();
    await admin.getByTestId('notice-popover').getByText(title).waitFor();
    await admin.context().close();

    // Nowhere else: not among any of the demo enterprise's notices (the bell shows the latest of these).
    const demoNotices = await call(
      systemRoutes.myNoticePage,
      { page: 1, limit: 500 },
      await login('admin', 'Admin@2026'),
    );
    expect(demoNotices.records.length).toBeGreaterThan(0);
    expect(demoNotices.records.filter((n) => n.title === title)).toEqual([]);

    // The enterprise's details show its contract once the platform records it.
    await platform.goto(`${baseUrl()}/#/menu/platform/enterpriseDetail?id=${firm.id}`);
    await platform.getByText('暂无合同').waitFor();
    await platform.goto(`${baseUrl()}/#/menu/platform/enterprise`);
    const enterprise = platform.getByTestId('list-enterprises').locator('tr', { hasText: '演示科技有限公司' });
    await enterprise.getByRole('button', { name: '详情' }).click();
    await platform.getByTestId('contract').getByText('HT-2026-0001').waitFor();
    expect(await platform.getByTestId('contract').textContent()).toContain('199.00');
    await platform.context().close();
  });

  it('sets a brand for the console host, which the login page then shows; deleting it falls back', async () => {
    const platform = await newPage(browser);
    await signInWithPassword(platform, 'platform', 'Platform@2026');
    await platform.getByRole('menu').first().getByText('平台管理').click();
    await platform.getByRole('menuitem', { name: '品牌设置' }).click();
    await platform.getByRole('button', { name: '新增域名' }).click();
    await platform.getByRole('dialog').getByLabel('域名').fill('127.0.0.1');
    await platform.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    // The dialog closed and the new host's tab is the one shown: only then is the visible form its own.
    await platform.getByRole('dialog').waitFor({ state: 'hidden' });
    await platform.locator('.ant-tabs-tab-active', { hasText: '127.0.0.1' }).waitFor();
    const form = platform.locator('[data-testid=brand-form]:visible');
    await form.getByLabel('平台名称').fill('甬通外呼测试平台');
    await form.getByLabel('平台Logo').fill('javascript:alert(1)');
    await form.getByRole('button', { name: '保存' }).click();
    await platform
      .getByText('平台Logo须为 http(s):// 开头的地址或 / 开头的站内路径', { exact: false })
      .first()
      .waitFor();
    await form.getByLabel('平台Logo').fill('');
    await form.getByRole('button', { name: '保存' }).click();
    await platform.getByText('已保存').first().waitFor();

    const visitor = await newPage(browser);
    await visitor.goto(`${baseUrl()}/#/login`);
    await visitor.getByText('甬通外呼测试平台').first().waitFor();

    await form.getByRole('button', { name: '删除该域名设置' }).click();
    await platform.getByRole('dialog').getByRole('button', { name: '删除' }).click();
    await platform.getByRole('tab', { name: '127.0.0.1' }).waitFor({ state: 'detached' });
    await visitor.context().clearCookies();
    await visitor.evaluate(() => localStorage.clear());
    await visitor.reload();
    await visitor.getByText('云呼外呼管理平台').first().waitFor();
    await visitor.context().close();
    await platform.context().close();
  });

  it('refuses an agent the platform screens', async () => {
    const agent = await newPage(browser);
    await signInWithPassword(agent, 'agent01', 'Agent@2026');
    for (const path of ['platform/notice', 'platform/brand', 'platform/enterpriseDetail?id=2']) {
      await agent.goto(`${baseUrl()}/#/menu/${path}`);
      await agent.getByTestId('no-permission').waitFor();
    }
    // Their endpoints answer 403 to him: apps/server's routes.security.test.ts asks every route.
    await agent.context().close();
  });
});
