import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, login } from '../support/api.js';
import { baseUrl, lastSmsCode, launchBrowser, newPage } from '../support/browser.js';
import { recordMessages, shownMessages, signInWithPassword } from '../support/console.js';

const rows = (list: Locator) => list.locator('tbody tr.ant-table-row');
const get = async <T>(url: string, token: string): Promise<{ code: number; msg: string; data: T }> => {
  const res = await fetch(`${baseUrl()}${url}`, { headers: { 'cloud-token': token } });
  return (await res.json()) as { code: number; msg: string; data: T };
};

// Own data only: names, accounts and mobiles carry this run's suffix.
const suffix = String(Date.now()).slice(-6);
const agentName = `嘉兴禾代${suffix}代理有限公司`;
const agentUser = `stl${suffix}`;
const password = 'Agent@2026x';
const firm = { name: `海宁禾企${suffix}科技有限公司`, username: `stb${suffix}`, mobile: `1397${suffix}3` };
const bossPassword = 'Boss@2026x';
const markup = 2345;

/**
 * 代理商结算 and 停用 in Chromium: an agent whose enterprise bought a package at the agent's
 * price (margin booked). The platform opens 结算 on its row, settles part of the margin after the
 * confirmation; the agent sees the settlement in 结算记录 and in 利润明细; the platform closes the
 * agent after a confirmation and the agent's session ends.
 */
describe('resellers: the platform settles an agent’s margin and closes the agent', () => {
  let browser: Browser;
  let code = '';
  let margin = 0;
  beforeAll(async () => {
    browser = await launchBrowser();
    const platform = await login('platform', 'Platform@2026');
    const agent = await api<{ id: number; code: string; inviteCode: string }>(
      '/base/platform/agent/create',
      { name: agentName, contactName: '禾代经理', mobile: `1398${suffix}4`, username: agentUser, password },
      platform,
    );
    code = agent.code;
    // The agent sells a package of the platform's catalogue on a line opened for it, above the base.
    const [product] = await api<{ id: number; lineId: number; price: number }[]>(
      '/base/packet/list',
      {},
      await login('admin', 'Admin@2026'),
    );
    await api('/base/product/openLine', { agentId: agent.id, lineIds: [product!.lineId] }, platform);
    const agentToken = await login(agentUser, password);
    await api(
      '/base/product/myPrice/save',
      { itemKind: 'packet', itemId: product!.id, price: product!.price + markup },
      agentToken,
    );
    await api('/sso/code', { mobile: firm.mobile, type: 'signup' });
    await api('/sso/signup', {
      enterpriseName: firm.name,
      realName: '禾企老板',
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
    const tenantId = found.data.records.find((e) => e.name === firm.name)!.id;
    await api('/base/enterprise/examine', { id: tenantId, pass: true, reason: '' }, platform);
    const boss = await login(firm.username, bossPassword);
    const order = await api<{ orderNo: string }>(
      '/base/trade/order/buy',
      { items: [{ productId: product!.id, quantity: 2 }] },
      boss,
    );
    const qr = await api<{ outTradeNo: string }>('/base/pay/generateQRCode', { orderNo: order.orderNo }, boss);
    await api('/dev/pay/act', { t: qr.outTradeNo, action: 'pay' });
    for (let i = 0; ; i++) {
      const paid = await api<{ state: string }>('/base/pay/findPayResult', { orderNo: order.orderNo }, boss);
      if (paid.state === 'paid') break;
      if (i > 30) throw new Error(`the package order stayed ${paid.state}`);
      await new Promise((done) => setTimeout(done, 500));
    }
    margin = 2 * markup;
  });
  afterAll(() => browser.close());

  it('settles part of the margin on 代理商 › 结算; the agent sees it; 停用 signs the agent out', async () => {
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
    await form.getByLabel('付款凭证号').fill(`ZH${suffix}`);
    await drawer.getByTestId('agent-settle-submit').click();
    const confirm = platform.locator('.ant-modal-confirm');
    await confirm.getByText(`向「${agentName}」结算 20.00 元（付款凭证号 ZH${suffix}）`).waitFor();
    await confirm.getByRole('button', { name: '确认结算' }).click();
    await expect.poll(async () => (await shownMessages(platform)).join()).toMatch(/已结算，结算单号 JS\d{20}/);
    const left = `¥${((margin - 2000) / 100).toFixed(2)}`;
    await expect.poll(() => settleable.textContent(), { timeout: 15_000 }).toBe(left);
    await expect
      .poll(
        async () =>
          (await drawer
            .locator('tbody tr.ant-table-row')
            .filter({ hasText: `ZH${suffix}` })
            .count()) > 0,
        {
          timeout: 15_000,
        },
      )
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
      .poll(
        () =>
          rows(agent.getByTestId('list-agentSettlements'))
            .filter({ hasText: `ZH${suffix}` })
            .count(),
        {
          timeout: 15_000,
        },
      )
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
    expect((await get('/base/agent/info', token!)).code).toBe(401);
    // Its console sends it back to the sign-in page, where its account is refused.
    await agent.goto(`${baseUrl()}/#/menu/agent/settlements`);
    await agent.waitForURL(/#\/login/, { timeout: 15_000 });
    const refused = await api<unknown>('/sso/login', { username: agentUser, password }).then(
      () => '',
      (error: Error) => error.message,
    );
    expect(refused).not.toBe('');
    for (const page of [platform, agent]) await page.context().close();
  }, 120_000);
});
