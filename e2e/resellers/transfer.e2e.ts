import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, login } from '../support/api.js';
import { baseUrl, lastSmsCode, launchBrowser, newPage, pickOption } from '../support/browser.js';
import { recordMessages, shownMessages, signInWithPassword } from '../support/console.js';

const get = async <T>(url: string, token: string): Promise<T> => {
  const res = await fetch(`${baseUrl()}${url}`, { headers: { 'cloud-token': token } });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  if (body.code !== 0) throw new Error(`${url}: ${body.code} ${body.msg}`);
  return body.data;
};
const rows = (list: Locator) => list.locator('tbody tr.ant-table-row');

// Own data only: names, accounts and mobiles carry this run's suffix.
const suffix = String(Date.now()).slice(-6);
const agentName = `绍兴越代${suffix}代理有限公司`;
const agentUser = `trf${suffix}`;
const password = 'Agent@2026x';
const firms = [
  { name: `诸暨越企${suffix}科技有限公司`, username: `tra${suffix}`, mobile: `1394${suffix}5` },
  { name: `上虞越企${suffix}贸易有限公司`, username: `trb${suffix}`, mobile: `1395${suffix}6` },
];
const bossPassword = 'Boss@2026x';

type TPacketRow = {
  id: number;
  name: string;
  lineName: string;
  remainingSeconds: number;
  expireAt: number;
  state: string;
};

/** The packages an enterprise holds, as its 账户明细 asks for them. */
const packetsOf = (token: string) =>
  api<{ records: TPacketRow[] }>('/base/packet/mine', { page: 1, limit: 50 }, token).then((p) => p.records);

/** 账户明细 › 已购套餐 of an enterprise, in its own browser page: the row of the package named `name`. */
const packageRow = async (page: Page, name: string) => {
  await page.goto(`${baseUrl()}/#/menu/account/accountDetails`);
  const list = page.getByTestId('list-packetMine');
  const row = rows(list).filter({ hasText: name });
  await expect.poll(() => row.count(), { timeout: 15_000 }).toBeGreaterThan(0);
  return row.first();
};

/**
 * 套餐转移 in Chromium: an agent with two enterprises (registered with its code, approved);
 * the first bought a package (sandbox payment). The agent moves it to the second on its 套餐转移
 * page; the second enterprise's 账户明细 shows the minutes, the first's shows the package 已转出.
 */
describe('resellers: an agent transfers a package from one of its enterprises to another', () => {
  let browser: Browser;
  let packetName = '';
  let packetOption = '';
  let remainingMinutes = 0;
  beforeAll(async () => {
    browser = await launchBrowser();
    const platform = await login('platform', 'Platform@2026');
    const agent = await api<{ inviteCode: string }>(
      '/base/platform/agent/create',
      { name: agentName, contactName: '越代经理', mobile: `1396${suffix}7`, username: agentUser, password },
      platform,
    );
    for (const firm of firms) {
      await api('/sso/code', { mobile: firm.mobile, type: 'signup' });
      await api('/sso/signup', {
        enterpriseName: firm.name,
        realName: '越企老板',
        username: firm.username,
        mobile: firm.mobile,
        code: await lastSmsCode(firm.mobile),
        password: bossPassword,
        inviteCode: agent.inviteCode,
      });
      const found = await get<{ records: { id: number; name: string }[] }>(
        `/base/enterprise/page?page=1&limit=10&name=${encodeURIComponent(firm.name)}`,
        platform,
      );
      const tenantId = found.records.find((e) => e.name === firm.name)!.id;
      await api('/base/enterprise/examine', { id: tenantId, pass: true, reason: '' }, platform);
    }
    // The first enterprise buys one package and pays it through the sandbox.
    const first = await login(firms[0]!.username, bossPassword);
    const [product] = await api<{ id: number; name: string }[]>('/base/packet/list', {}, first);
    const order = await api<{ orderNo: string }>(
      '/base/trade/order/buy',
      { items: [{ productId: product!.id, quantity: 1 }] },
      first,
    );
    const qr = await api<{ outTradeNo: string }>('/base/pay/generateQRCode', { orderNo: order.orderNo }, first);
    await api('/dev/pay/act', { t: qr.outTradeNo, action: 'pay' });
    for (let i = 0; ; i++) {
      const paid = await api<{ state: string }>('/base/pay/findPayResult', { orderNo: order.orderNo }, first);
      if (paid.state === 'paid') break;
      if (i > 30) throw new Error(`the package order stayed ${paid.state}`);
      await new Promise((done) => setTimeout(done, 500));
    }
    const [bought] = await packetsOf(first);
    packetName = bought!.name;
    remainingMinutes = Math.floor(bought!.remainingSeconds / 60);
    // The option as the page words it: line · name · what is left · the expiry day (Beijing).
    const left = bought!.remainingSeconds;
    const expireDay = new Date(bought!.expireAt + 8 * 3_600_000).toISOString().slice(0, 10);
    packetOption = `${bought!.lineName} · ${packetName} · 剩余 ${remainingMinutes}分${left % 60}秒 · ${expireDay} 到期`;
  });
  afterAll(() => browser.close());

  it('the agent moves the package on 套餐转移; the target sees the minutes, the source’s are gone', async () => {
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
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
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
    const ids = await get<{ id: number; name: string }[]>('/base/agent/packet-transfer/enterprises', agentToken);
    const idOf = (name: string) => ids.find((e) => e.name === name)!.id;
    await api(
      '/base/agent/packetTransfer',
      { fromEnterpriseId: idOf(firms[1]!.name), packetId: held!.id, toEnterpriseId: idOf(firms[0]!.name) },
      agentToken,
    );
    await again.getByTestId('agent-transfer-submit').click();
    await agent
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect
      .poll(async () => (await shownMessages(agent)).join())
      .toContain('该套餐已转出，不能转移，请刷新后重新选择');
    await agent.context().close();
  });
});
