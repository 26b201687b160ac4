import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInChangingPassword } from '../org/first-sign-in.js';
import { login } from '../support/api.js';
import { baseUrl, lastSmsCode, launchBrowser, newPage } from '../support/browser.js';
import { recordMessages, shownMessages, sideMenuTexts, signInWithPassword } from '../support/console.js';
import { createAgent, platformAccount } from '../support/tenants.js';
import { uniqueAccount, uniqueMobile, uniqueName } from '../support/unique.js';

const rows = (list: Locator) => list.locator('tbody tr.ant-table-row');

/** Names, accounts and mobiles of one attempt: its own, so a retry meets nothing the first left. */
const freshData = () => ({
  jxsName: uniqueName('椒江经销'),
  jxsUser: uniqueAccount('jxs'),
  jxsMobile: uniqueMobile(),
  enterpriseName: uniqueName('温岭椒企', '科技有限公司'),
  bossUser: uniqueAccount('jxe'),
  bossMobile: uniqueMobile(),
});
const password = 'Agent@2026x';

/** Opens the side menu's 代理商后台 folder (its screens are listed only then). */
const openAgentFolder = async (page: Page) => {
  const menu = page.getByRole('menu').first();
  await menu.getByText('代理商后台').click();
  await menu.getByRole('menuitem').filter({ hasText: '我的企业' }).waitFor();
};

describe('resellers: a distributor (经销商) with its own invitation code', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('the agent creates a distributor; an enterprise registers with its link; the distributor sees it and the month', async () => {
    const { jxsName, jxsUser, jxsMobile, enterpriseName, bossUser, bossMobile } = freshData();
    // This attempt's agent, made by the platform through the API (creating one on 代理商 is agent.e2e's).
    const platformToken = await login(platformAccount.username, platformAccount.password);
    const { username: agentUser } = await createAgent(platformToken, {
      namePrefix: '台州椒代',
      accountPrefix: 'agj',
      password,
    });

    // The agent creates a distributor with a login and a given password.
    const agent = await newPage(browser);
    await recordMessages(agent);
    await signInWithPassword(agent, agentUser, password);
    await openAgentFolder(agent);
    expect(await sideMenuTexts(agent)).toEqual(expect.arrayContaining(['经销商管理', '月度使用', '解锁名单']));
    await agent.goto(`${baseUrl()}/#/menu/agent/jxs`);
    await agent.getByTestId('jxs-add').click();
    const form = agent.getByRole('dialog');
    await form.getByLabel('经销商名称').fill(jxsName);
    await form.getByLabel('联系人').fill('椒江老王');
    await form.getByLabel('手机号').fill(jxsMobile);
    await form.getByLabel('登录账号').fill(jxsUser);
    await form.getByLabel('初始密码').fill('Given@2026x');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(async () => (await shownMessages(agent)).join()).toContain(`已创建经销商「${jxsName}」`);
    const jxsRow = rows(agent.getByTestId('list-agentJxs')).filter({ hasText: jxsUser });
    await jxsRow.waitFor();

    // The distributor signs in (changing the given password) and sees its own screens only.
    const jxs = await newPage(browser);
    await jxs.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await signInChangingPassword(jxs, jxsUser, 'Given@2026x', 'Mine@2026x');
    await openAgentFolder(jxs);
    const menu = await sideMenuTexts(jxs);
    for (const shown of ['我的企业', '邀请码', '月度使用', '解锁名单']) expect(menu).toContain(shown);
    for (const hidden of ['经销商管理', '价格设置', '订单与利润', '员工管理', '坐席汇总'])
      expect(menu).not.toContain(hidden);

    // Its own invitation code (10 characters, not the agent's) and link, copied.
    await jxs.goto(`${baseUrl()}/#/menu/agent/invite`);
    const codeCell = jxs.getByTestId('agent-invite-code');
    await expect.poll(async () => ((await codeCell.textContent()) ?? '').trim()).toMatch(/^[A-Z2-9]{10}$/);
    const code = ((await codeCell.textContent()) ?? '').trim();
    expect(((await jxsRow.textContent()) ?? '').includes(code)).toBe(true);
    const link = ((await jxs.getByTestId('agent-invite-link').textContent()) ?? '').trim();
    expect(link).toContain(`#/register?code=${code}`);
    await jxs.getByTestId('agent-invite-copy').click();
    await expect.poll(() => jxs.evaluate(() => navigator.clipboard.readText())).toBe(link);

    // An enterprise registers with the link.
    const boss = await newPage(browser);
    await boss.goto(link);
    await expect.poll(() => boss.getByTestId('register-invite-code').inputValue()).toBe(code);
    await boss.getByPlaceholder('请输入企业名称').fill(enterpriseName);
    await boss.getByPlaceholder('请输入联系人姓名').fill('椒企老板');
    await boss.getByPlaceholder('4-32位字母、数字或下划线，以字母开头').fill(bossUser);
    await boss.getByPlaceholder('请输入手机号').fill(bossMobile);
    await boss.getByTestId('sms-code-button').click();
    await boss
      .getByText(/\d+\s*秒/)
      .first()
      .waitFor();
    await boss.getByPlaceholder('请输入验证码').fill(await lastSmsCode(bossMobile));
    await boss.getByPlaceholder('8-32位，须包含字母和数字').fill(password);
    await boss.getByPlaceholder('请再次输入密码').fill(password);
    await boss.getByTestId('register-submit').click();
    await boss.getByText('注册申请已提交').waitFor();

    // The distributor sees it in 我的企业 and in this month's use; the agent sees it in its list too.
    await jxs.goto(`${baseUrl()}/#/menu/agent/enterprises`);
    await rows(jxs.getByTestId('list-agentEnterprises')).filter({ hasText: enterpriseName }).waitFor();
    await jxs.goto(`${baseUrl()}/#/menu/agent/jxs-use`);
    const useRow = rows(jxs.getByTestId('list-agentJxsUse')).filter({ hasText: jxsName });
    await useRow.waitFor();
    expect(await rows(jxs.getByTestId('list-agentJxsUse')).count()).toBe(1);
    // 名下企业 1, 本月新增企业 1.
    await expect.poll(async () => (await useRow.locator('td').allTextContents()).slice(1, 3)).toEqual(['1', '1']);
    await agent.goto(`${baseUrl()}/#/menu/agent/enterprises`);
    await rows(agent.getByTestId('list-agentEnterprises')).filter({ hasText: enterpriseName }).waitFor();
  });
});
