import {
  authRoutes,
  billingRoutes,
  callRoutes,
  crmRoutes,
  orgDeptRoutes,
  orgRoleRoutes,
  orgStaffRoutes,
  seatRoutes,
  systemRoutes,
  type TResponseOf,
  tradeRoutes,
} from '@yunhu/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInChangingPassword } from '../org/first-sign-in.js';
import { allowCallingAnyHour, call, login } from '../support/api.js';
import { baseUrl, launchBrowser, newPage } from '../support/browser.js';
import { reportAndApproveNumbers } from '../support/caller-report.js';
import { recordMessages, shownMessages, signInWithPassword } from '../support/console.js';
import { payInSandbox, platformAccount, registerEnterprise, type TRegistered } from '../support/tenants.js';
import { uniqueAccount, uniqueDigits, uniqueMobile } from '../support/unique.js';

const adminPassword = 'Guard@2026x';
const agentAccount = { name: '钱少', given: 'Given@2026x', own: 'Qian@2026x' };
const customer = { name: '余额守卫客户', mobile: '13798761234' };
const callbackLine = '全国回拨线路';
/** The low-balance threshold the administrator sets (fen): under the starting balance, above zero. */
const threshold = 10;

const yuan = (fen: number) => (fen / 100).toFixed(2);

/**
 * The balance guard as a person meets it: a new enterprise without packages, whose balance
 * pays for exactly one call on its call-back line. Its agent calls a customer in the browser through
 * the carrier simulator; the call is charged to the balance; the administrator sees the balance fall
 * to 0 on 账户明细 and the consumption row in 收支明细 and 消费明细; the low-balance notice he asked
 * for (余额提醒) reaches his bell; the agent's next 拨打 is refused with 余额不足… in the page and
 * nothing is dialled.
 */
describe('the balance guard', () => {
  let browser: Browser;
  let adminPage: Page;
  let agentPage: Page;
  let rate: TResponseOf<typeof billingRoutes.rateList>[number];
  let admin: TRegistered;
  let agentUsername: string;
  let customerId: number;
  let adminToken: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    // 1. Its own enterprise registers and the platform approves it: nothing of the demo's is touched.
    const platform = await login(platformAccount.username, platformAccount.password);
    admin = await registerEnterprise(platform, {
      namePrefix: '杭州余额守卫',
      accountPrefix: 'guard',
      password: adminPassword,
    });
    // The call-back line's rate: one started unit of it is what a simulated call (8-60 s) costs.
    const rates = await call(billingRoutes.rateList, {}, platform);
    rate = rates.find((r) => r.lineName === callbackLine)!;
    expect(rate.incrementSeconds).toBe(60);
    expect(rate.minimumSeconds).toBeLessThanOrEqual(60);
    expect(rate.freeSeconds).toBeLessThan(8);
    expect(rate.unitPrice).toBeGreaterThan(threshold);

    // 2. The administrator buys a call-back seat (paid by QR in the sandbox), adds an agent, gives him it.
    adminToken = await login(admin.username, adminPassword);
    const order = await call(tradeRoutes.buySeat, { lineId: rate.lineId, count: 1, months: 1 }, adminToken);
    // The sandbox notifies the server of the payment; the seat is there once the order is paid.
    await payInSandbox(order.orderNo, adminToken);
    const depts = await call(orgDeptRoutes.deptList, {}, adminToken);
    const roles = await call(orgRoleRoutes.roleList, {}, adminToken);
    agentUsername = uniqueAccount('guardagent');
    const agent = await call(
      orgStaffRoutes.staffAdd,
      {
        username: agentUsername,
        realName: agentAccount.name,
        mobile: uniqueMobile(),
        deptId: depts[0]!.id,
        roleIds: [roles.find((r) => r.name === '坐席')!.id],
        password: agentAccount.given,
      },
      adminToken,
    );
    await call(seatRoutes.addSeat, { lineId: rate.lineId, userId: agent.id }, adminToken);
    await allowCallingAnyHour(adminToken, agentUsername);
    // 号码报备 (its own journey is caller-report.e2e.ts): the line's numbers reported and approved.
    await reportAndApproveNumbers(adminToken, admin.name);
    customerId = (
      await call(
        crmRoutes.customerCreate,
        { name: customer.name, mobile: customer.mobile, ownerId: agent.id },
        adminToken,
      )
    ).id;

    // 3. No package; the platform credits exactly one unit of the line's rate.
    const accounts = await call(tradeRoutes.platformAccountPage, { page: 1, limit: 10, name: admin.name }, platform);
    const balance = accounts.records.find((a) => a.tenantId === admin.id)?.balance ?? 0;
    if (balance !== rate.unitPrice) {
      await call(
        tradeRoutes.platformAdjust,
        {
          tenantId: admin.id,
          amount: rate.unitPrice - balance,
          reason: '余额守卫测试',
          requestId: `guard-${uniqueDigits()}`,
        },
        platform,
      );
    }
    adminPage = await newPage(browser);
    await recordMessages(adminPage);
    await signInWithPassword(adminPage, admin.username, adminPassword);
    agentPage = await newPage(browser);
    await recordMessages(agentPage);
    await signInChangingPassword(agentPage, agentUsername, agentAccount.given, agentAccount.own);
  }, 120_000);
  afterAll(() => browser.close());

  it('lets the administrator set the low-balance threshold and shows the balance on 账户明细', async () => {
    await adminPage.goto(`${baseUrl()}/#/menu/money/revenueDetails`);
    await adminPage.getByTestId('low-balance-open').click();
    const modal = adminPage.getByTestId('low-balance-modal');
    await modal.getByRole('spinbutton').fill(yuan(threshold));
    // And by SMS too.
    await modal.getByRole('switch').click();
    await expect.poll(() => modal.getByRole('switch').getAttribute('aria-checked')).toBe('true');
    await modal.getByRole('button', { name: /确\s*定/ }).click();
    await modal.waitFor({ state: 'hidden' });
    const settings = await call(billingRoutes.settingsGet, {}, adminToken);
    expect(settings).toEqual({ lowBalanceFen: threshold, isSms: true });
    await adminPage.goto(`${baseUrl()}/#/menu/account/accountDetails`);
    await expect
      .poll(() => adminPage.getByTestId('account-balance').textContent())
      .toContain(`¥${yuan(rate.unitPrice)}`);
  });

  it('lets the agent call the customer while the balance lasts; the call is charged to the balance', async () => {
    await agentPage.goto(`${baseUrl()}/#/menu/CRM/customerDetails?id=${customerId}`);
    const calls = agentPage.getByTestId('call-customer-calls');
    await calls.locator('tbody tr.ant-table-placeholder, tbody tr.ant-table-row').first().waitFor();
    await expect.poll(() => agentPage.getByTestId('call-line-picker').textContent()).toContain('回拨');
    await calls.getByTestId(`call-customer-${customerId}`).click();
    const notice = agentPage.locator('.ant-notification-notice').filter({ hasText: '拨号成功' });
    await notice.waitFor();
    await notice.locator('[data-progress="ended"]').waitFor({ timeout: 30_000 });
    await expect.poll(() => calls.locator('tbody tr.ant-table-row').count(), { timeout: 30_000 }).toBe(1);
    // Charged once, all of it to the balance (no package): one unit of the rate.
    const charged = await call(billingRoutes.consumePage, { page: 1, limit: 5 }, adminToken);
    expect(charged.records).toHaveLength(1);
    expect(charged.records[0]).toMatchObject({ lineName: callbackLine, amount: rate.unitPrice, packetSeconds: 0 });
    expect(charged.records[0]!.balanceAmount).toBe(rate.unitPrice);
    // The follow-up the end of the call opened is closed: not what this test is about. By its close
    // button: an Escape pressed while the dialog still zooms in, before it has the focus, is lost
    // (CI, once: the dialog stayed and covered the next test's 拨打).
    const followUp = agentPage.locator('.ant-modal').filter({ hasText: '通话已结束，写跟进' });
    await followUp.waitFor();
    await followUp.locator('.ant-modal-close').click();
    await followUp.waitFor({ state: 'hidden' });
  });

  it('shows the administrator the balance fallen to 0 and the consumption in 收支明细 and 消费明细', async () => {
    // He comes back to 账户明细 (the page he left it on is the one he opens again: a new visit reads it anew).
    await adminPage.goto(`${baseUrl()}/#/menu/home`);
    await adminPage.goto(`${baseUrl()}/#/menu/account/accountDetails`);
    await expect
      .poll(() => adminPage.getByTestId('account-balance').textContent(), { timeout: 10_000 })
      .toContain('¥0.00');
    await adminPage.goto(`${baseUrl()}/#/menu/money/revenueDetails`);
    const row = adminPage.locator('tbody tr.ant-table-row:visible').filter({ hasText: '消费' }).first();
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    // 类型 消费, the amount out, the balance after it.
    expect(text).toContain(`消费-¥${yuan(rate.unitPrice)}¥0.00`);
    await adminPage.getByRole('tab', { name: '消费明细' }).click();
    // 消费明细's own list: 收支明细's rows (its seat purchase names the line too) stay visible while
    // the tabs switch.
    const callRow = adminPage
      .getByTestId('list-billingConsume')
      .locator('tbody tr.ant-table-row:visible')
      .filter({ hasText: callbackLine })
      .first();
    await callRow.waitFor();
    const callText = (await callRow.textContent()) ?? '';
    expect(callText).toContain(agentAccount.name);
    expect(callText).toContain(yuan(rate.unitPrice));
  });

  it('refuses the agent’s next 拨打 with 余额不足 in the page, and dials nothing', async () => {
    const dials: { url: string; code: number }[] = [];
    agentPage.on('response', async (r) => {
      if (new URL(r.url()).pathname === callRoutes.dial.path) {
        dials.push({ url: r.url(), code: ((await r.json()) as { code: number }).code });
      }
    });
    await agentPage.goto(`${baseUrl()}/#/menu/CRM/customerDetails?id=${customerId}`);
    const calls = agentPage.getByTestId('call-customer-calls');
    await calls.locator('tbody tr.ant-table-row').first().waitFor();
    await expect.poll(() => calls.locator('.ant-spin-spinning').count()).toBe(0);
    // The paid call's 拨号成功 goes a few seconds after it ended: none may be up before this 拨打.
    const dialOk = agentPage.locator('.ant-notification-notice').filter({ hasText: '拨号成功' });
    await expect.poll(() => dialOk.count(), { timeout: 20_000 }).toBe(0);
    await calls.getByTestId(`call-customer-${customerId}`).click();
    const refusal = `余额不足：线路「${callbackLine}」没有可用的套餐分钟，账户余额 0.00 元，请先购买套餐或充值后再拨打`;
    await agentPage.locator('.ant-message-notice').filter({ hasText: refusal }).waitFor();
    expect(await shownMessages(agentPage)).toContain(refusal);
    expect(await dialOk.count()).toBe(0);
    // The dial was asked and refused; nothing reached the carrier: no record comes, nothing more is charged.
    await expect.poll(() => dials.length).toBe(1);
    expect(dials[0]!.code).not.toBe(0);
    await agentPage.waitForTimeout(4000);
    expect(await calls.locator('tbody tr.ant-table-row').count()).toBe(1);
    const charged = await call(billingRoutes.consumePage, { page: 1, limit: 5 }, adminToken);
    expect(charged.total).toBe(1);
    const ledger = await call(billingRoutes.revenueExpPage, { page: 1, limit: 20 }, adminToken);
    expect(ledger.records.filter((e) => e.kind === 'consumption')).toHaveLength(1);
  });

  it('tells the administrator on his bell (and by SMS) that the balance fell under the threshold', async () => {
    const myNotices = async () => (await call(systemRoutes.myNoticePage, { page: 1, limit: 10 }, adminToken)).records;
    // The watch looks every 5 s here (support/server.ts); the bell asks every 60 s, so the page is
    // reloaded once the notice is there.
    await expect
      .poll(async () => (await myNotices()).filter((n) => n.title === '余额不足提醒'), {
        timeout: 30_000,
        interval: 1000,
      })
      .toHaveLength(1);
    const told = (await myNotices()).find((n) => n.title === '余额不足提醒')!;
    expect(told.content).toContain(`已低于提醒金额 ${yuan(threshold)} 元`);
    // The SMS he asked for went to his mobile through the SMS adapter (the development outbox).
    await expect
      .poll(async () => (await call(authRoutes.devSmsLast, { mobile: admin.mobile }))?.purpose)
      .toBe('lowBalance');
    await adminPage.reload();
    await expect.poll(() => adminPage.getByTestId('notice-count').textContent(), { timeout: 15_000 }).toMatch(/[1-9]/);
    await adminPage.getByTestId('notice-bell').click();
    await adminPage.getByTestId(`notice-item-${told.id}`).getByText('余额不足提醒').waitFor();
  });
});
