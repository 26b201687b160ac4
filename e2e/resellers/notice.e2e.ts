import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, login } from '../support/api.js';
import { baseUrl, lastSmsCode, launchBrowser, newPage } from '../support/browser.js';
import { recordMessages, shownMessages, signInWithPassword } from '../support/console.js';

const get = async <T>(url: string, token: string): Promise<T> => {
  const res = await fetch(`${baseUrl()}${url}`, { headers: { 'cloud-token': token } });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  if (body.code !== 0) throw new Error(`${url}: ${body.code} ${body.msg}`);
  return body.data;
};

// Own data only: names, accounts and mobiles carry this run's suffix.
const suffix = String(Date.now()).slice(-6);
const agentName = `温州瓯代${suffix}代理有限公司`;
const agentUser = `ntc${suffix}`;
const enterpriseName = `瑞安瓯企${suffix}科技有限公司`;
const boss = { username: `nte${suffix}`, mobile: `1392${suffix}3`, password: 'Boss@2026x' };
const password = 'Agent@2026x';
const title = `端午线路维护${suffix}`;

/**
 * An agent's 公告 and 坐席汇总 in Chromium: the agent publishes a notice (a double click on
 * 发布 sends it once), the administrator of its enterprise finds it in the bell; the agent's seat
 * summary shows the seats the enterprise bought.
 */
describe('resellers: an agent’s notice reaches its enterprise’s bell; the seat summary shows its seats', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    // The agent, an enterprise registered with its code and approved, and two seats it paid for.
    const platform = await login('platform', 'Platform@2026');
    const agent = await api<{ inviteCode: string }>(
      '/base/platform/agent/create',
      { name: agentName, contactName: '瓯代经理', mobile: `1393${suffix}4`, username: agentUser, password },
      platform,
    );
    await api('/sso/code', { mobile: boss.mobile, type: 'signup' });
    await api('/sso/signup', {
      enterpriseName,
      realName: '瓯企老板',
      username: boss.username,
      mobile: boss.mobile,
      code: await lastSmsCode(boss.mobile),
      password: boss.password,
      inviteCode: agent.inviteCode,
    });
    const found = await get<{ records: { id: number; name: string }[] }>(
      `/base/enterprise/page?page=1&limit=10&name=${encodeURIComponent(enterpriseName)}`,
      platform,
    );
    const tenantId = found.records.find((e) => e.name === enterpriseName)!.id;
    await api('/base/enterprise/examine', { id: tenantId, pass: true, reason: '' }, platform);
    const bossToken = await login(boss.username, boss.password);
    const [line] = await api<{ lineId: number }[]>('/base/seat-price/list-by-tenant-code', {}, bossToken);
    const order = await api<{ orderNo: string }>(
      '/base/seat/buy-seat',
      { lineId: line!.lineId, count: 2, months: 1 },
      bossToken,
    );
    const qr = await api<{ outTradeNo: string }>('/base/pay/generateQRCode', { orderNo: order.orderNo }, bossToken);
    await api('/dev/pay/act', { t: qr.outTradeNo, action: 'pay' });
    for (let i = 0; ; i++) {
      const paid = await api<{ state: string }>('/base/pay/findPayResult', { orderNo: order.orderNo }, bossToken);
      if (paid.state === 'paid') break;
      if (i > 30) throw new Error(`the seat order stayed ${paid.state}`);
      await new Promise((done) => setTimeout(done, 500));
    }
  });
  afterAll(() => browser.close());

  it('the agent publishes once on a double click; the enterprise’s administrator sees it in the bell', async () => {
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
    const sent = await get<{ total: number }>(
      `/base/agent/notice/page?page=1&limit=10&title=${encodeURIComponent(title)}`,
      agentToken,
    );
    expect(sent.total).toBe(1);

    // The enterprise's administrator: the bell counts it, and opening it shows the notice.
    const bossPage = await newPage(browser);
    await signInWithPassword(bossPage, boss.username, boss.password);
    await expect
      .poll(async () => Number((await bossPage.getByTestId('notice-count').textContent())?.trim() || 0))
      .toBeGreaterThan(0);
    await bossPage.getByTestId('notice-bell').click();
    await bossPage.getByText(title).first().waitFor();

    // The agent's 阅读情况 lists the enterprise with its one user.
    await row.getByRole('button', { name: '阅读情况' }).click();
    const drawer = agent.locator('.ant-drawer');
    await drawer.getByText(enterpriseName).waitFor();
    for (const page of [agent, bossPage]) await page.context().close();
  });

  it('the agent’s 坐席汇总 shows the enterprise’s seats', async () => {
    const agent = await newPage(browser);
    await signInWithPassword(agent, agentUser, password);
    await agent.goto(`${baseUrl()}/#/menu/Resource/JSXseatSummary`);
    const list = agent.getByTestId('list-agentSeatSummary');
    const row = list.locator('tbody tr.ant-table-row').filter({ hasText: enterpriseName });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    expect(await row.getByTestId('seat-summary-live').textContent()).toBe('2');
    // Two seats of one month, bought this month.
    expect(await row.getByTestId('seat-summary-months').textContent()).toBe('2');
    await agent.context().close();
  });
});
