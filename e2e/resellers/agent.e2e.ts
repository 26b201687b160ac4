import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInChangingPassword } from '../org/first-sign-in.js';
import { baseUrl, lastSmsCode, launchBrowser, newPage, pressInConfirm } from '../support/browser.js';
import { recordMessages, shownMessages, signInWithPassword } from '../support/console.js';
import { uniqueAccount, uniqueMobile, uniqueName } from '../support/unique.js';

const rows = (list: Locator) => list.locator('tbody tr.ant-table-row');
const yuanOf = (text: string) => Number((/¥([\d.]+)/.exec(text) ?? [])[1]);

const password = 'Agent@2026x';
/** The agent administrator's own, chosen at his first sign-in. */
const chosen = 'Chosen@2026x';

/** Names, accounts and mobiles of one attempt: its own, so a retry meets nothing the first left. */
const freshData = () => ({
  agentName: uniqueName('宁波甬代', '代理有限公司'),
  agentUser: uniqueAccount('agt'),
  agentMobile: uniqueMobile(),
  enterpriseName: uniqueName('余姚甬企', '科技有限公司'),
  bossUser: uniqueAccount('ent'),
  bossMobile: uniqueMobile(),
});
type TData = ReturnType<typeof freshData>;

/** A list filtered by its name field, answering the one row of `name`. */
const findRow = async (list: Locator, label: string, name: string) => {
  await list.getByLabel(label).fill(name);
  await list.getByRole('button', { name: /查\s*询/ }).click();
  const row = rows(list).filter({ hasText: name });
  await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
  return row.first();
};

/** The registration form, filled with the enterprise's details and an SMS code (not the invitation code). */
const fillRegistration = async (page: Page, { enterpriseName, bossUser, bossMobile }: TData) => {
  await page.getByPlaceholder('请输入企业名称').fill(enterpriseName);
  await page.getByPlaceholder('请输入联系人姓名').fill('甬企老板');
  await page.getByPlaceholder('4-32位字母、数字或下划线，以字母开头').fill(bossUser);
  await page.getByPlaceholder('请输入手机号').fill(bossMobile);
  await page.getByTestId('sms-code-button').click();
  await page
    .getByText(/\d+\s*秒/)
    .first()
    .waitFor();
  await page.getByPlaceholder('请输入验证码').fill(await lastSmsCode(bossMobile));
  await page.getByPlaceholder('8-32位，须包含字母和数字').fill(password);
  await page.getByPlaceholder('请再次输入密码').fill(password);
};

describe('resellers: an agent invites an enterprise, which buys at the agent’s price', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('the platform creates an agent; an enterprise registers with its link, pays its price; the agent sees the margin', async () => {
    const data = freshData();
    const { agentName, agentUser, agentMobile, enterpriseName, bossUser } = data;
    // The platform creates the agent with its first administrator.
    const platform = await newPage(browser);
    await recordMessages(platform);
    await signInWithPassword(platform, 'platform', 'Platform@2026');
    await platform.goto(`${baseUrl()}/#/menu/platform/agent`);
    await platform.getByTestId('agent-create').click();
    const dialog = platform.getByRole('dialog');
    await dialog.getByLabel('代理商名称').fill(agentName);
    await dialog.getByLabel('联系人', { exact: true }).fill('甬代经理');
    await dialog.getByLabel('联系人手机号').fill(agentMobile);
    await dialog.getByLabel('管理员账号').fill(agentUser);
    await dialog.getByLabel('初始密码').fill(password);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(async () => (await shownMessages(platform)).join()).toContain(`已创建代理商「${agentName}」`);
    const agentRow = await findRow(platform.getByTestId('list-platformAgents'), '代理商名称', agentName);
    const inviteCode = ((await agentRow.locator('td').nth(2).textContent()) ?? '').trim();
    expect(inviteCode).toMatch(/^[A-Z0-9]{8}$/);

    // The agent's administrator signs in to the agent's console and copies the registration link.
    const agent = await newPage(browser);
    await agent.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await recordMessages(agent);
    // The platform set his password: the first sign-in asks for his own.
    await signInChangingPassword(agent, agentUser, password, chosen);
    const menu = agent.getByRole('menu').first();
    await menu.getByText('代理商后台').waitFor();
    expect(await menu.getByText('客户管理').count()).toBe(0);
    await agent.goto(`${baseUrl()}/#/menu/agent/invite`);
    await expect.poll(() => agent.getByTestId('agent-invite-code').textContent()).toBe(inviteCode);
    const link = ((await agent.getByTestId('agent-invite-link').textContent()) ?? '').trim();
    expect(link).toContain(`#/register?code=${inviteCode}`);
    await agent.getByTestId('agent-invite-copy').click();
    await expect.poll(async () => (await shownMessages(agent)).join()).toContain('已复制注册链接');
    expect(await agent.evaluate(() => navigator.clipboard.readText())).toBe(link);

    // The enterprise opens the link: the code is filled in. A wrong code is said beside the field, no toast.
    const boss = await newPage(browser);
    await recordMessages(boss);
    await boss.goto(link);
    const codeInput = boss.getByTestId('register-invite-code');
    await expect.poll(() => codeInput.inputValue()).toBe(inviteCode);
    await fillRegistration(boss, data);
    await codeInput.fill('WRONG234');
    await boss.getByTestId('register-submit').click();
    await boss.getByText('邀请码对应的代理商不存在，请核对后重新填写，或清空后直接注册').waitFor();
    expect((await shownMessages(boss)).join()).not.toContain('邀请码对应的代理商不存在');
    await codeInput.fill(inviteCode);
    await boss.getByTestId('register-submit').click();
    await boss.getByText('注册申请已提交').waitFor();

    // The platform approves it.
    await platform.goto(`${baseUrl()}/#/menu/platform/enterprise`);
    const pending = await findRow(platform.getByTestId('list-enterprises'), '企业名称', enterpriseName);
    await pending.getByRole('button', { name: '通过' }).click();
    // The confirmation is there, naming the enterprise, before its 通过 is pressed; then what
    // happened is said (a refusal or a lost answer is a message too, recorded even once gone).
    const confirm = platform.locator('.ant-modal-confirm');
    await confirm.locator('.ant-modal-confirm-title', { hasText: `确定通过「${enterpriseName}」的注册吗？` }).waitFor();
    await pressInConfirm(platform, '通过');
    await expect
      .poll(async () => (await shownMessages(platform)).join('/'))
      .toContain(`已通过「${enterpriseName}」的注册`);
    await pending.getByText('正常').waitFor();

    // The agent sees the enterprise, and sets its price of the package the enterprise will buy above the base.
    await signInWithPassword(boss, bossUser, password);
    await boss.goto(`${baseUrl()}/#/menu/ProcurementCenter`);
    const choose = boss.locator('[data-testid^="procure-choose-"]').first();
    await choose.waitFor();
    const productId = ((await choose.getAttribute('data-testid')) ?? '').replace('procure-choose-', '');
    const productRow = boss.locator('tr', { has: boss.getByTestId(`procure-choose-${productId}`) });
    const basePrice = yuanOf((await productRow.textContent()) ?? '');
    expect(basePrice).toBeGreaterThan(0);

    await agent.goto(`${baseUrl()}/#/menu/agent/enterprises`);
    await rows(agent.getByTestId('list-agentEnterprises')).filter({ hasText: enterpriseName }).waitFor();
    await agent.goto(`${baseUrl()}/#/menu/agent/prices`);
    await agent.getByTestId(`agent-price-edit-packet-${productId}`).click();
    const priceDialog = agent.getByRole('dialog');
    const priceInput = priceDialog.getByLabel('我的价格（元）');
    await expect.poll(async () => Number(await priceInput.inputValue())).toBe(basePrice);
    await priceInput.fill(String(basePrice - 1));
    await priceDialog.getByRole('button', { name: /确\s*定/ }).click();
    await priceDialog.getByText(/不能低于平台底价/).waitFor();
    const agentPrice = basePrice + 12.5;
    await priceInput.fill(String(agentPrice));
    await priceDialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(async () => (await shownMessages(agent)).join()).toContain('价格已保存');
    const priceRow = agent.locator('tr', { has: agent.getByTestId(`agent-price-edit-packet-${productId}`) });
    await expect.poll(async () => (await priceRow.textContent()) ?? '').toContain('¥12.50');

    // The enterprise sees and pays the agent's price through the sandbox QR page.
    await boss.reload();
    await expect
      .poll(async () =>
        yuanOf(
          (await boss.locator('tr', { has: boss.getByTestId(`procure-choose-${productId}`) }).textContent()) ?? '',
        ),
      )
      .toBe(agentPrice);
    await boss.getByTestId(`procure-choose-${productId}`).click();
    await boss.getByTestId('procure-plan').getByText('合计').waitFor();
    await boss.getByTestId('procure-confirm').click();
    const modal = boss.getByTestId('pay-modal');
    await boss.getByTestId('pay-qr').waitFor();
    expect(yuanOf((await modal.textContent()) ?? '')).toBe(agentPrice);
    const orderNo = ((await boss.getByTestId('pay-order-no').textContent()) ?? '').trim();
    const payLink = (await boss.getByTestId('pay-link').getAttribute('href')) ?? '';
    const phone = await newPage(browser);
    await phone.goto(payLink);
    await phone.getByRole('button', { name: '确认支付' }).click();
    await phone.getByText('支付成功，请回到电脑端查看').waitFor();
    await phone.context().close();
    await expect.poll(() => modal.getAttribute('data-state'), { timeout: 20_000 }).toBe('paid');

    // The agent sees the paid order and its margin, and the total.
    await agent.goto(`${baseUrl()}/#/menu/agent/orders`);
    const orders = agent.getByTestId('list-agentOrders');
    const order = rows(orders).filter({ hasText: orderNo });
    await expect.poll(() => order.count(), { timeout: 15_000 }).toBe(1);
    expect(await order.textContent()).toContain(enterpriseName);
    expect(await order.getByTestId('agent-order-margin').textContent()).toBe('¥12.50');
    await expect.poll(() => agent.getByTestId('agent-margin-total').textContent()).toContain('¥12.50');
    // Nothing of an enterprise's was asked for the agent on the way (no refusal shown).
    expect((await shownMessages(agent)).join()).not.toContain('没有权限');

    // The platform sees the agent's margin too.
    await platform.goto(`${baseUrl()}/#/menu/platform/agent`);
    // A fresh load: the list the operator saw earlier is cached in the page.
    await platform.reload();
    const again = await findRow(platform.getByTestId('list-platformAgents'), '代理商名称', agentName);
    await expect.poll(async () => (await again.textContent()) ?? '').toContain('¥12.50');
    for (const page of [platform, agent, boss]) await page.context().close();
  });
});
