import { agentRoutes, authRoutes, packetRoutes, tradeRoutes } from '@yunhu/contract';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, send } from '../support/api.js';
import { baseUrl, launchBrowser, newPage, pressInConfirm } from '../support/browser.js';
import { recordMessages, shownMessages, signInWithPassword } from '../support/console.js';
import { createAgent, payInSandbox, platformAccount, registerEnterprise } from '../support/tenants.js';
import { uniqueDigits } from '../support/unique.js';

const rows = (list: Locator) => list.locator('tbody tr.ant-table-row');
const password = 'Agent@2026x';
const bossPassword = 'Boss@2026x';
const markup = 2345;

/**
 * This attempt's own agent, selling a package of the platform's catalogue on a line opened for it
 * above the base, and its enterprise (registered with the agent's code, approved) that bought two
 * of it: the agent's margin is booked.
 */
const agentWithMargin = async () => {
  const platform = await login(platformAccount.username, platformAccount.password);
  const agent = await createAgent(platform, { namePrefix: '嘉兴禾代', accountPrefix: 'stl', password });
  const [product] = await call(packetRoutes.list, {}, await login('admin', 'Admin@2026'));
  await call(agentRoutes.platformOpenLines, { agentId: agent.id, lineIds: [product!.lineId] }, platform);
  const agentToken = await login(agent.username, password);
  await call(
    agentRoutes.setMyPrice,
    { itemKind: 'packet', itemId: product!.id, price: product!.price + markup },
    agentToken,
  );
  const firm = await registerEnterprise(platform, {
    namePrefix: '海宁禾企',
    accountPrefix: 'stb',
    password: bossPassword,
    inviteCode: agent.inviteCode,
  });
  const boss = await login(firm.username, bossPassword);
  const order = await call(tradeRoutes.buy, { items: [{ productId: product!.id, quantity: 2 }] }, boss);
  await payInSandbox(order.orderNo, boss);
  return { agent, margin: 2 * markup };
};

/**
 * 代理商结算 and 停用 in Chromium: an agent whose enterprise bought a package at the agent's
 * price (margin booked). The platform opens 结算 on its row, settles part of the margin after the
 * confirmation; the agent sees the settlement in 结算记录 and in 利润明细; the platform closes the
 * agent after a confirmation and the agent's session ends.
 */
describe('resellers: the platform settles an agent’s margin and closes the agent', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('settles part of the margin on 代理商 › 结算; the agent sees it; 停用 signs the agent out', async () => {
    const { agent: created, margin } = await agentWithMargin();
    const { code, name: agentName, username: agentUser } = created;
    const voucher = `ZH${uniqueDigits()}`;
    const platform = await newPage(browser);
    // An action that cannot happen fails in 30 s with its reason instead of using up the test's time.
    platform.setDefaultTimeout(30_000);
    await recordMessages(platform);
    await signInWithPassword(platform, 'platform', 'Platform@2026');
    await platform.goto(`${baseUrl()}/#/menu/platform/agent`);
    const list = platform.getByTestId('list-platformAgents');
    await list.getByLabel('代理商名称').fill(agentName);
    await list.getByRole('button', { name: /查\s*询/ }).click();
    const row = rows(list).filter({ hasText: agentName });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    await row.getByTestId(`agent-settle-${code}`).click();

    const drawer = platform.locator('.ant-drawer').filter({ hasText: '代理商结算' });
    const settleable = drawer.getByTestId('agent-settleable');
    await expect.poll(() => settleable.textContent(), { timeout: 15_000 }).toBe(`¥${(margin / 100).toFixed(2)}`);
    const form = drawer.getByTestId('agent-settle-form');
    await form.getByLabel('结算金额（元）').fill('20');
    await form.getByLabel('付款凭证号').fill(voucher);
    await drawer.getByTestId('agent-settle-submit').click();
    const confirm = platform.locator('.ant-modal-confirm');
    await confirm.getByText(`向「${agentName}」结算 20.00 元（付款凭证号 ${voucher}）`).waitFor();
    await pressInConfirm(platform, '确认结算');
    await expect.poll(async () => (await shownMessages(platform)).join()).toMatch(/已结算，结算单号 JS\d{20}/);
    const left = `¥${((margin - 2000) / 100).toFixed(2)}`;
    await expect.poll(() => settleable.textContent(), { timeout: 15_000 }).toBe(left);
    await expect
      .poll(async () => (await drawer.locator('tbody tr.ant-table-row').filter({ hasText: voucher }).count()) > 0, {
        timeout: 15_000,
      })
      .toBe(true);

    // The agent: 结算记录 and 利润明细.
    const agent = await newPage(browser);
    agent.setDefaultTimeout(30_000);
    await signInWithPassword(agent, agentUser, password);
    await agent.getByRole('menu').first().getByText('代理商后台').waitFor();
    await agent.goto(`${baseUrl()}/#/menu/agent/settlements`);
    await expect
      .poll(async () => (await agent.getByTestId('agent-settlement-total').textContent()) ?? '', { timeout: 15_000 })
      .toContain(`已结算 ¥20.00，待结算 ${left}`);
    await expect
      .poll(() => rows(agent.getByTestId('list-agentSettlements')).filter({ hasText: voucher }).count(), {
        timeout: 15_000,
      })
      .toBe(1);
    await agent.goto(`${baseUrl()}/#/menu/agent/statement`);
    const statement = rows(agent.getByTestId('list-agentStatement'));
    await expect.poll(() => statement.count(), { timeout: 15_000 }).toBe(2);
    expect((await statement.first().textContent()) ?? '').toContain('结算');
    expect((await statement.first().textContent()) ?? '').toContain('-¥20.00');
    expect((await statement.last().textContent()) ?? '').toContain('代理利润');

    // The platform closes the agent after the confirmation; the agent's session is gone.
    await platform.keyboard.press('Escape');
    await row.getByTestId(`agent-close-${code}`).click();
    await confirm.getByText(`停用代理商「${agentName}」？`).waitFor();
    await confirm.getByRole('button', { name: /停\s*用/ }).click();
    await expect.poll(async () => (await shownMessages(platform)).join()).toContain(`已停用代理商「${agentName}」`);
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('已停用');
    const token = await agent.evaluate(() => sessionStorage.getItem('CLOUD_TOKEN'));
    expect(token).toBeTruthy();
    expect((await send(agentRoutes.info, {}, token!)).code).toBe(401);
    // Its console sends it back to the sign-in page, where its account is refused.
    await agent.goto(`${baseUrl()}/#/menu/agent/settlements`);
    await agent.waitForURL(/#\/login/, { timeout: 15_000 });
    expect((await send(authRoutes.login, { username: agentUser, password })).code).not.toBe(0);
    for (const page of [platform, agent]) await page.context().close();
  }, 120_000);
});
