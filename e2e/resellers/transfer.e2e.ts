import { agentRoutes, packetRoutes, tradeRoutes } from '@yunhu/contract';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login } from '../support/api.js';
import { baseUrl, launchBrowser, newPage, pickOption, pressInConfirm } from '../support/browser.js';
import { recordMessages, shownMessages, signInWithPassword } from '../support/console.js';
import {
  createAgent,
  payInSandbox,
  platformAccount,
  registerEnterprise,
  type TRegistered,
} from '../support/tenants.js';

const rows = (list: Locator) => list.locator('tbody tr.ant-table-row');

const password = 'Agent@2026x';
const bossPassword = 'Boss@2026x';

/** The packages an enterprise holds, as its 账户明细 asks for them. */
const packetsOf = (token: string) => call(packetRoutes.mine, { page: 1, limit: 50 }, token).then((p) => p.records);

/** 账户明细 › 已购套餐 of an enterprise, in its own browser page: the row of the package named `name`. */
const packageRow = async (page: Page, name: string) => {
  await page.goto(`${baseUrl()}/#/menu/account/accountDetails`);
  const list = page.getByTestId('list-packetMine');
  const row = rows(list).filter({ hasText: name });
  await expect.poll(() => row.count(), { timeout: 15_000 }).toBeGreaterThan(0);
  return row.first();
};

/**
 * This attempt's own agent with two enterprises (registered with its code, approved); the first
 * bought one package and paid it through the sandbox. Answers the package as the page words it.
 */
const agentWithTwoEnterprises = async () => {
  const platform = await login(platformAccount.username, platformAccount.password);
  const agent = await createAgent(platform, { namePrefix: '绍兴越代', accountPrefix: 'trf', password });
  const firms: TRegistered[] = [];
  for (const [namePrefix, accountPrefix] of [
    ['诸暨越企', 'tra'],
    ['上虞越企', 'trb'],
  ] as const) {
    firms.push(
      await registerEnterprise(platform, {
        namePrefix,
        accountPrefix,
        password: bossPassword,
        inviteCode: agent.inviteCode,
      }),
    );
  }
  const first = await login(firms[0]!.username, bossPassword);
  const [product] = await call(packetRoutes.list, {}, first);
  const order = await call(tradeRoutes.buy, { items: [{ productId: product!.id, quantity: 1 }] }, first);
  await payInSandbox(order.orderNo, first);
  const [bought] = await packetsOf(first);
  const remainingMinutes = Math.floor(bought!.remainingSeconds / 60);
  // The option as the page words it: line · name · what is left · the expiry day (Beijing).
  const left = bought!.remainingSeconds;
  const expireDay = new Date(bought!.expireAt + 8 * 3_600_000).toISOString().slice(0, 10);
  const packetOption = `${bought!.lineName} · ${bought!.name} · 剩余 ${remainingMinutes}分${left % 60}秒 · ${expireDay} 到期`;
  return { agentUser: agent.username, firms, packetName: bought!.name, packetOption, remainingMinutes };
};

/**
 * 套餐转移 in Chromium: an agent with two enterprises (registered with its code, approved);
 * the first bought a package (sandbox payment). The agent moves it to the second on its 套餐转移
 * page; the second enterprise's 账户明细 shows the minutes, the first's shows the package 已转出.
 */
describe('resellers: an agent transfers a package from one of its enterprises to another', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('the agent moves the package on 套餐转移; the target sees the minutes, the source’s are gone', async () => {
    const { agentUser, firms, packetName, packetOption, remainingMinutes } = await agentWithTwoEnterprises();
    const agent = await newPage(browser);
    await recordMessages(agent);
    await signInWithPassword(agent, agentUser, password);
    await agent.getByRole('menu').first().getByText('代理商后台').waitFor();
    await agent.goto(`${baseUrl()}/#/menu/agent/transfers`);
    const form = agent.getByTestId('agent-transfer-form');
    await pickOption(agent, form, '转出企业', firms[0]!.name);
    await pickOption(agent, form, '套餐', packetOption);
    await pickOption(agent, form, '转入企业', firms[1]!.name);
    await form.getByTestId('agent-transfer-submit').click();
    const confirm = agent.locator('.ant-modal-confirm');
    await confirm.getByText(`把「${firms[0]!.name}」的这个套餐剩余 ${remainingMinutes}分`).waitFor();
    await pressInConfirm(agent);
    await expect.poll(async () => (await shownMessages(agent)).join()).toMatch(/已转移，单号 ZY\d{20}/);

    // The record, and its detail.
    const record = rows(agent.getByTestId('list-agentTransfers')).filter({ hasText: firms[1]!.name });
    await expect.poll(() => record.count(), { timeout: 15_000 }).toBe(1);
    expect((await record.textContent()) ?? '').toContain(firms[0]!.name);
    await record.locator('[data-testid^="agent-transfer-detail-"]').click();
    const detail = agent.getByTestId('agent-transfer-detail');
    await detail.waitFor();
    expect((await detail.textContent()) ?? '').toContain(packetName);
    expect((await detail.textContent()) ?? '').toContain(`${remainingMinutes}分`);

    // The target enterprise sees the minutes in its account; the source sees its package 已转出.
    const target = await newPage(browser);
    await signInWithPassword(target, firms[1]!.username, bossPassword);
    const minutes = `${remainingMinutes.toLocaleString('zh-CN')} 分钟`;
    const got = await packageRow(target, packetName);
    // The fourth column is 剩余时长.
    await expect.poll(async () => (await got.locator('td').nth(3).textContent()) ?? '').toBe(minutes);
    expect((await got.textContent()) ?? '').toContain('使用中');

    const source = await newPage(browser);
    await signInWithPassword(source, firms[0]!.username, bossPassword);
    const gone = await packageRow(source, packetName);
    await expect.poll(async () => (await gone.textContent()) ?? '').toContain('已转出');
    expect(await gone.locator('td').nth(3).textContent()).toBe('0 分钟');
    for (const page of [target, source]) await page.context().close();

    // A refusal: the agent picks the package again (now the second enterprise's) to move it back, but
    // before confirming it is moved by another request; the confirmation is refused with the reason.
    await agent.keyboard.press('Escape');
    await agent.reload();
    const again = agent.getByTestId('agent-transfer-form');
    await pickOption(agent, again, '转出企业', firms[1]!.name);
    await pickOption(agent, again, '套餐', packetOption);
    await pickOption(agent, again, '转入企业', firms[0]!.name);
    const agentToken = await login(agentUser, password);
    const [held] = await packetsOf(await login(firms[1]!.username, bossPassword));
    const ids = await call(agentRoutes.transferEnterprises, {}, agentToken);
    const idOf = (name: string) => ids.find((e) => e.name === name)!.id;
    await call(
      agentRoutes.packetTransfer,
      { fromEnterpriseId: idOf(firms[1]!.name), packetId: held!.id, toEnterpriseId: idOf(firms[0]!.name) },
      agentToken,
    );
    await again.getByTestId('agent-transfer-submit').click();
    await pressInConfirm(agent);
    await expect
      .poll(async () => (await shownMessages(agent)).join())
      .toContain('该套餐已转出，不能转移，请刷新后重新选择');
    await agent.context().close();
  });
});
