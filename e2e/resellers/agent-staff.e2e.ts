import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInChangingPassword } from '../org/first-sign-in.js';
import { login } from '../support/api.js';
import { baseUrl, launchBrowser, newPage } from '../support/browser.js';
import { recordMessages, shownMessages, sideMenuTexts, signInWithPassword } from '../support/console.js';
import { createAgent, platformAccount } from '../support/tenants.js';
import { uniqueAccount, uniqueMobile, uniqueName } from '../support/unique.js';

/** Names, accounts and mobiles of one attempt: its own, so a retry meets nothing the first left. */
const freshData = () => ({
  clerkUser: uniqueAccount('agc'),
  clerkMobile: uniqueMobile(),
  roleName: uniqueName('只看企业'),
});
const password = 'Agent@2026x';

/** Opens the side menu's 代理商后台 folder (its screens are listed only then). */
const openAgentFolder = async (page: Page) => {
  const menu = page.getByRole('menu').first();
  await menu.getByText('代理商后台').click();
  await menu.getByRole('menuitem').filter({ hasText: '我的企业' }).waitFor();
};

describe("resellers: the agent's own staff and roles", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('the agent admin adds a role with only 我的企业 and a person with it, who sees only that', async () => {
    const { clerkUser, clerkMobile, roleName } = freshData();
    // This attempt's agent, made by the platform through the API (creating one on 代理商 is agent.e2e's).
    const platformToken = await login(platformAccount.username, platformAccount.password);
    const { username: agentUser } = await createAgent(platformToken, {
      namePrefix: '舟山岱代',
      accountPrefix: 'ags',
      password,
    });

    // The agent's administrator makes a role holding 我的企业 only.
    const agent = await newPage(browser);
    await recordMessages(agent);
    await signInWithPassword(agent, agentUser, password);
    await openAgentFolder(agent);
    expect(await sideMenuTexts(agent)).toEqual(expect.arrayContaining(['员工管理', '角色权限']));
    await agent.goto(`${baseUrl()}/#/menu/agent/roles`);
    await agent.getByTestId('agent-role-add').click();
    const roleForm = agent.getByRole('dialog');
    await roleForm.getByLabel('角色名称').fill(roleName);
    const tree = roleForm.locator('.ant-tree');
    // The tree offers the agent console only.
    await tree.getByText('代理商后台').waitFor();
    expect(await tree.getByText('客户管理').count()).toBe(0);
    await tree
      .locator('.ant-tree-treenode')
      .filter({ hasText: /^我的企业$/ })
      .locator('.ant-tree-checkbox')
      .click();
    await roleForm.getByRole('button', { name: /确\s*定/ }).click();
    await roleForm.waitFor({ state: 'hidden' });
    await agent.getByTestId('agent-roles').getByText(roleName).waitFor();

    // And a person with that role and a given password.
    await agent.goto(`${baseUrl()}/#/menu/agent/staff`);
    await agent.getByTestId('agent-staff-add').click();
    const staffForm = agent.getByRole('dialog');
    await staffForm.getByLabel('账号').fill(clerkUser);
    await staffForm.getByLabel('姓名').fill('岱代业务员');
    await staffForm.getByLabel('手机号').fill(clerkMobile);
    await staffForm.getByLabel('角色').click();
    await agent.locator('.ant-select-dropdown').getByText(roleName, { exact: true }).click();
    await staffForm.getByLabel('初始密码').fill('Given@2026x');
    await staffForm.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(async () => (await shownMessages(agent)).join()).toContain('已新增员工「岱代业务员」');
    await agent.getByTestId('list-agentStaff').getByText(clerkUser).waitFor();

    // He signs in, changes the password he was given, and sees 我的企业 only.
    const clerk = await newPage(browser);
    await signInChangingPassword(clerk, clerkUser, 'Given@2026x', 'Mine@2026x');
    await openAgentFolder(clerk);
    const menu = await sideMenuTexts(clerk);
    expect(menu).toContain('我的企业');
    for (const hidden of ['价格设置', '订单与利润', '员工管理', '角色权限', '客户管理'])
      expect(menu).not.toContain(hidden);
    await clerk.goto(`${baseUrl()}/#/menu/agent/enterprises`);
    await clerk.getByTestId('list-agentEnterprises').waitFor();
  });
});
