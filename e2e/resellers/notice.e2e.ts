import { agentRoutes, seatRoutes, tradeRoutes } from '@yunhu/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login } from '../support/api.js';
import { baseUrl, launchBrowser, newPage } from '../support/browser.js';
import { recordMessages, shownMessages, signInWithPassword } from '../support/console.js';
import {
  createAgent,
  payInSandbox,
  platformAccount,
  registerEnterprise,
  type TRegistered,
} from '../support/tenants.js';
import { uniqueName } from '../support/unique.js';

const password = 'Agent@2026x';

/**
 * An agent's 公告 and 坐席汇总 in Chromium: the agent publishes a notice (a double click on
 * 发布 sends it once), the administrator of its enterprise finds it in the bell; the agent's seat
 * summary shows the seats the enterprise bought.
 */
describe('resellers: an agent’s notice reaches its enterprise’s bell; the seat summary shows its seats', () => {
  let browser: Browser;
  let agentUser = '';
  let enterprise: TRegistered;
  beforeAll(async () => {
    browser = await launchBrowser();
    // The agent, an enterprise registered with its code and approved, and two seats it paid for.
    const platform = await login(platformAccount.username, platformAccount.password);
    const agent = await createAgent(platform, { namePrefix: '温州瓯代', accountPrefix: 'ntc', password });
    agentUser = agent.username;
    enterprise = await registerEnterprise(platform, {
      namePrefix: '瑞安瓯企',
      accountPrefix: 'nte',
      password: 'Boss@2026x',
      inviteCode: agent.inviteCode,
    });
    const bossToken = await login(enterprise.username, enterprise.password);
    const [line] = await call(seatRoutes.seatPriceList, {}, bossToken);
    const order = await call(tradeRoutes.buySeat, { lineId: line!.lineId, count: 2, months: 1 }, bossToken);
    await payInSandbox(order.orderNo, bossToken);
  });
  afterAll(() => browser.close());

  it('the agent publishes once on a double click; the enterprise’s administrator sees it in the bell', async () => {
    const title = uniqueName('端午线路维护');
    const agent = await newPage(browser);
    await recordMessages(agent);
    await signInWithPassword(agent, agentUser, password);
    const menu = agent.getByRole('menu').first();
    await menu.getByText('代理商后台').waitFor();
    await agent.goto(`${baseUrl()}/#/menu/agent/notices`);
    await agent.getByTestId('agent-notice-new').click();
    const dialog = agent.getByTestId('agent-notice-publish');
    await dialog.getByLabel('标题').fill(title);
    await dialog.getByLabel('内容').fill('6月1日凌晨2点至4点线路维护，期间无法外呼。');
    await dialog.getByRole('button', { name: /发布公告/ }).dblclick();
    await expect.poll(async () => (await shownMessages(agent)).join()).toContain('公告已发布');
    const list = agent.getByTestId('list-agentNotices');
    const row = list.locator('tbody tr.ant-table-row').filter({ hasText: title });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    await expect
      .poll(async () => (await row.getByTestId('agent-notice-read').textContent()) ?? '')
      .toContain('0（0%）');
    // The second click of the double click sent the same request key: one notice on the server.
    const agentToken = await login(agentUser, password);
    const sent = await call(agentRoutes.noticePage, { page: 1, limit: 10, title }, agentToken);
    expect(sent.total).toBe(1);

    // The enterprise's administrator: the bell counts it, and opening it shows the notice.
    const bossPage = await newPage(browser);
    await signInWithPassword(bossPage, enterprise.username, enterprise.password);
    await expect
      .poll(async () => Number((await bossPage.getByTestId('notice-count').textContent())?.trim() || 0))
      .toBeGreaterThan(0);
    await bossPage.getByTestId('notice-bell').click();
    await bossPage.getByText(title).first().waitFor();

    // The agent's 阅读情况 lists the enterprise with its one user.
    await row.getByRole('button', { name: '阅读情况' }).click();
    const drawer = agent.locator('.ant-drawer');
    await drawer.getByText(enterprise.name).waitFor();
    for (const page of [agent, bossPage]) await page.context().close();
  });

  it('the agent’s 坐席汇总 shows the enterprise’s seats', async () => {
    const agent = await newPage(browser);
    await signInWithPassword(agent, agentUser, password);
    await agent.goto(`${baseUrl()}/#/menu/Resource/JSXseatSummary`);
    const list = agent.getByTestId('list-agentSeatSummary');
    const row = list.locator('tbody tr.ant-table-row').filter({ hasText: enterprise.name });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    expect(await row.getByTestId('seat-summary-live').textContent()).toBe('2');
    // Two seats of one month, bought this month.
    expect(await row.getByTestId('seat-summary-months').textContent()).toBe('2');
    await agent.context().close();
  });
});
