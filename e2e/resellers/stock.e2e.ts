import type { Browser } from 'playwright-core';
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

// Own data only: names, accounts and mobiles carry this run's suffix.
const suffix = String(Date.now()).slice(-6);
const agentName = `嘉兴库代${suffix}代理有限公司`;
const agentUser = `stk${suffix}`;
const password = 'Agent@2026x';
const firm = { name: `海宁库企${suffix}科技有限公司`, username: `stf${suffix}`, mobile: `1397${suffix}8` };
const bossPassword = 'Boss@2026x';
const packetName = `库代${suffix}三百分钟`;

type TOpening = { lineId: number; lineName: string; opened: boolean };

/**
 * Line stock and the agent's own package in Chromium: the platform opens one line for a new
 * agent on 代理商 › 开通线路; the agent creates a package on it in 套餐管理 (above the base shown);
 * its enterprise buys it and pays through the sandbox; the agent's 线路库存 shows the package sold
 * and its account the margin (price − base).
 */
describe('resellers: line stock and the agent’s own package', () => {
  let browser: Browser;
  let platform = '';
  let agent = { id: 0, code: '', inviteCode: '' };
  let line: TOpening = { lineId: 0, lineName: '', opened: true };
  beforeAll(async () => {
    browser = await launchBrowser();
    platform = await login('platform', 'Platform@2026');
    agent = await api(
      '/base/platform/agent/create',
      {
        name: agentName,
        contactName: '库代经理',
        mobile: `1398${suffix}9`,
        username: agentUser,
        password,
      },
      platform,
    );
    await api('/sso/code', { mobile: firm.mobile, type: 'signup' });
    await api('/sso/signup', {
      enterpriseName: firm.name,
      realName: '库企老板',
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
    await api(
      '/base/enterprise/examine',
      { id: found.records.find((e) => e.name === firm.name)!.id, pass: true, reason: '' },
      platform,
    );
    // The line of the platform's first catalogue package: the one to open.
    const [product] = await api<{ lineId: number }[]>('/base/packet/list', {}, platform);
    const openings = await get<TOpening[]>(`/base/product/findOpenedLine?agentId=${agent.id}`, platform);
    line = openings.find((l) => l.lineId === product!.lineId)!;
  });
  afterAll(() => browser.close());

  it('the platform opens one line; the agent sells its package on it; the stock and the margin show', async () => {
    // 代理商 › 开通线路: a new agent has every line; keep only the chosen one.
    const page = await newPage(browser);
    await recordMessages(page);
    await signInWithPassword(page, 'platform', 'Platform@2026');
    await page.goto(`${baseUrl()}/#/menu/platform/agent`);
    await page.getByTestId(`agent-lines-${agent.code}`).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: `开通线路 — ${agentName}` });
    await drawer.getByTestId('agent-lines-save').waitFor();
    const openings = await get<TOpening[]>(`/base/product/findOpenedLine?agentId=${agent.id}`, platform);
    for (const l of openings.filter((x) => x.opened && x.lineId !== line.lineId)) {
      await drawer.getByTestId(`agent-line-${l.lineId}`).click();
    }
    await drawer.getByTestId('agent-lines-save').click();
    await expect.poll(async () => (await shownMessages(page)).join()).toContain('已保存开通线路');
    const after = await get<TOpening[]>(`/base/product/findOpenedLine?agentId=${agent.id}`, platform);
    expect(after.filter((l) => l.opened).map((l) => l.lineId)).toEqual([line.lineId]);
    await page.context().close();

    // 套餐管理: 300 minutes for 30 days at the base + 5 yuan.
    const agentToken = await login(agentUser, password);
    const { basePrice } = await get<{ basePrice: number }>(
      `/base/agent/queryLineOfCreatePacket?lineId=${line.lineId}&minutes=300&validityDays=30`,
      agentToken,
    );
    const price = basePrice + 500;
    const console$ = await newPage(browser);
    await recordMessages(console$);
    await signInWithPassword(console$, agentUser, password);
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
    const catalogue = await api<{ id: number; name: string; price: number; lineId: number }[]>(
      '/base/packet/list',
      {},
      boss,
    );
    const offered = catalogue.find((p) => p.name === packetName)!;
    expect(offered.price).toBe(price);
    expect(catalogue.every((p) => p.lineId === line.lineId)).toBe(true);
    const order = await api<{ orderNo: string; amount: number }>(
      '/base/trade/order/buy',
      { items: [{ productId: offered.id, quantity: 1 }] },
      boss,
    );
    expect(order.amount).toBe(price);
    const qr = await api<{ outTradeNo: string }>('/base/pay/generateQRCode', { orderNo: order.orderNo }, boss);
    await api('/dev/pay/act', { t: qr.outTradeNo, action: 'pay' });
    for (let i = 0; ; i++) {
      const paid = await api<{ state: string }>('/base/pay/findPayResult', { orderNo: order.orderNo }, boss);
      if (paid.state === 'paid') break;
      if (i > 30) throw new Error(`the package order stayed ${paid.state}`);
      await new Promise((done) => setTimeout(done, 500));
    }

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
    const info = await get<{ balance: number }>('/base/agent/info', agentToken);
    expect(info.balance).toBe(500);
    await console$.goto(`${baseUrl()}/#/menu/agent/packets`);
    await expect.poll(async () => (await row.textContent()) ?? '').toContain('¥5.00');
    await console$.context().close();
  });
});
