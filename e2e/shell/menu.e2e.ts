import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from '../support/browser.js';
import { sideMenuTexts, signInWithPassword } from '../support/console.js';

describe('the console shell', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('shows each role only the menus it allows', async () => {
    const agent = await newPage(browser);
    await signInWithPassword(agent, 'agent01', 'Agent@2026');
    const agentMenu = await sideMenuTexts(agent);
    expect(agentMenu).toContain('首页');
    expect(agentMenu.join()).not.toContain('操作日志');
    await agent.context().close();

    const admin = await newPage(browser);
    await signInWithPassword(admin, 'admin', 'Admin@2026');
    await admin.getByText('系统管理').first().click();
    await admin.getByRole('menuitem', { name: '操作日志' }).click();
    await admin.waitForURL(/#\/menu\/logcom/);
    await admin.getByTestId('list-logcom').getByText('密码登录').first().waitFor();
    await admin.context().close();
  });

  it('counts unread notices in the bell and marks them read', async () => {
    const page = await newPage(browser);
    await signInWithPassword(page, 'agent01', 'Agent@2026');
    const bell = page.getByTestId('notice-bell');
    // antd's badge keeps the count in its title (its digits are drawn as scrolling columns).
    const badge = bell.locator('sup[title]');
    await expect.poll(() => badge.getAttribute('title')).toBe('4');
    await bell.click();
    await page.getByText('全部已读').click();
    await expect.poll(() => badge.count()).toBe(0);
    await page.context().close();
  });
});
