import { agentRoutes, packetRoutes, tradeRoutes } from '@yunhu/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login } from '../support/api.js';
import { baseUrl, launchBrowser, newPage, pickOption } from '../support/browser.js';
import { recordMessages, shownMessages, signInWithPassword } from '../support/console.js';
import { createAgent, payInSandbox, platformAccount, registerEnterprise } from '../support/tenants.js';
import { uniqueName } from '../support/unique.js';

const password = 'Agent@2026x';
const bossPassword = 'Boss@2026x';

/**
 * Line stock and the agent's own package in Chromium: the platform opens one line for a new
 * agent on 代理商 › 开通线路; the agent creates a package on it in 套餐管理 (above the base shown);
 * its enterprise buys it and pays through the sandbox; the agent's 线路库存 shows the package sold
 * and its account the margin (price − base).
 */
describe('resellers: line stock and the agent’s own package', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('the platform opens one line; the agent sells its package on it; the stock and the margin show', async () => {
    // This attempt's own agent and enterprise (registered with the agent's code, approved), and the
    // line of the platform's first catalogue package: the one to open.
    const platform = await login(platformAccount.username, platformAccount.password);
    const agent = await createAgent(platform, { namePrefix: '嘉兴库代', accountPrefix: 'stk', password });
    const firm = await registerEnterprise(platform, {
      namePrefix: '海宁库企',
      accountPrefix: 'stf',
      password: bossPassword,
      inviteCode: agent.inviteCode,
    });
    const packetName = uniqueName('库代', '三百分钟');
    const [product] = await call(packetRoutes.list, {}, platform);
    const openedLines = () => call(agentRoutes.platformOpenedLines, { agentId: agent.id }, platform);
    const line = (await openedLines()).find((l) => l.lineId === product!.lineId)!;

    // 代理商 › 开通线路: a new agent has every line; keep only the chosen one.
    const page = await newPage(browser);
    await recordMessages(page);
    await signInWithPassword(page, 'platform', 'Platform@2026');
    await page.goto(`${baseUrl()}/#/menu/platform/agent`);
    await page.getByTestId(`agent-lines-${agent.code}`).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: `开通线路 — ${agent.name}` });
    await drawer.getByTestId('agent-lines-save').waitFor();
    const openings = await openedLines();
    for (const l of openings.filter((x) => x.opened && x.lineId !== line.lineId)) {
      await drawer.getByTestId(`agent-line-${l.lineId}`).click();
    }
    await drawer.getByTestId('agent-lines-save').click();
    await expect.poll(async () => (await shownMessages(page)).join()).toContain('已保存开通线路');
    const after = await openedLines();
    expect(after.filter((l) => l.opened).map((l) => l.lineId)).toEqual([line.lineId]);
    await page.context().close();

    // 套餐管理: 300 minutes for 30 days at the base + 5 yuan.
    const agentToken = await login(agent.username, password);
    const { basePrice } = await call(
      agentRoutes.queryLineOfCreatePacket,
      { lineId: line.lineId, minutes: 300, validityDays: 30 },
      agentToken,
    );
    const price = basePrice + 500;
    const console$ = await newPage(browser);
    await recordMessages(console$);
    await signInWithPassword(console$, agent.username, password);
    await console$.getByRole('menu').first().getByText('代理商后台').waitFor();
    await console$.goto(`${baseUrl()}/#/menu/agent/packets`);
    await console$.getByTestId('agent-packet-add').click();
    const form = console$.locator('.ant-modal').filter({ hasText: '新增套餐' });
    await pickOption(console$, form, '线路', line.lineName);
    await form.getByTestId('agent-packet-name').fill(packetName);
    await form.getByTestId('agent-packet-minutes').fill('300');
    await form
      .getByTestId('agent-packet-base')
      .getByText(`当前底价 ${(basePrice / 100).toFixed(2)} 元`)
      .waitFor();
    await form.getByTestId('agent-packet-price').fill((price / 100).toFixed(2));
    await form.getByRole('button', { name: /确\s*定/ }).click();
    const row = console$
      .getByTestId('list-agentPackets')
      .locator('tbody tr.ant-table-row')
      .filter({ hasText: packetName });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);

    // The enterprise sees it in its catalogue at the agent's price, buys it and pays through the sandbox.
    const boss = await login(firm.username, bossPassword);
    const catalogue = await call(packetRoutes.list, {}, boss);
    const offered = catalogue.find((p) => p.name === packetName)!;
    expect(offered.price).toBe(price);
    expect(catalogue.every((p) => p.lineId === line.lineId)).toBe(true);
    const order = await call(tradeRoutes.buy, { items: [{ productId: offered.id, quantity: 1 }] }, boss);
    expect(order.amount).toBe(price);
    await payInSandbox(order.orderNo, boss);

    // 线路库存: the line, one package of 300 minutes sold, all of it left; the margin in the account.
    await console$.goto(`${baseUrl()}/#/menu/agent/stock`);
    const stock = console$
      .getByTestId('agent-line-stock')
      .locator('tbody tr.ant-table-row')
      .filter({ hasText: line.lineName });
    await expect.poll(() => stock.count(), { timeout: 15_000 }).toBe(1);
    await expect
      .poll(async () => (await stock.locator('td').allTextContents()).join('|'))
      .toBe(`${line.lineName}|已开通|1|0|1|300|300`);
    const info = await call(agentRoutes.info, {}, agentToken);
    expect(info.balance).toBe(500);
    await console$.goto(`${baseUrl()}/#/menu/agent/packets`);
    await expect.poll(async () => (await row.textContent()) ?? '').toContain('¥5.00');
    await console$.context().close();
  });
});
