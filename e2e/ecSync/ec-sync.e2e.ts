import { crmRoutes, ecSyncRoutes, type TEcConfigSave } from '@yunhu/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login } from '../support/api.js';
import { launchBrowser, newPage } from '../support/browser.js';
import { signInWithPassword } from '../support/console.js';
import { uniqueMobile, uniqueName } from '../support/unique.js';

/**
 * 腾讯EC 同步 end to end against the EC simulator the development server runs: the administrator
 * connects EC in the console (测试连接 answers 连接成功), a new customer reaches EC and the sync log
 * shows him 成功; with a wrong secret 测试连接 shows EC's refusal and the log shows it for the next
 * customer.
 */
describe('腾讯EC 同步', () => {
  let browser: Browser;
  let page: Page;
  let admin: string;
  let account: NonNullable<Awaited<ReturnType<typeof configOf>>['simulator']>;
  const configOf = () => call(ecSyncRoutes.configGet, {}, admin);

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await login('admin', 'Admin@2026');
    const config = await configOf();
    expect(config.simulator, 'the development server answers for EC with its simulator').not.toBeNull();
    account = config.simulator!;
    page = await newPage(browser);
    await signInWithPassword(page, 'admin', 'Admin@2026');
  });
  afterAll(async () => {
    // The right secret again, so a later attempt or journey meets a working connection.
    const restore: TEcConfigSave = { ...account, defaultEcUserId: '9001', isEnabled: true, fieldMap: [], staffMap: [] };
    const current = await configOf();
    await call(
      ecSyncRoutes.configSave,
      {
        ...restore,
        fieldMap: current.fieldMap,
        staffMap: current.staff.map((s) => ({ userId: s.userId, ecUserId: s.ecUserId })),
      },
      admin,
    ).catch(() => undefined);
    await browser.close();
  });

  /** A screen of 开放平台's folder in the side menu, opening the folder when it is closed. */
  const openMenu = async (path: string) => {
    const item = page.getByTestId(`menu-${path}`);
    if (!(await item.isVisible())) await page.getByTestId('side-menu').getByText('开放平台').click();
    await item.click();
  };
  const openSettings = async () => {
    await openMenu('ThirdParty/TencentEc');
    await page.getByTestId('ec-settings').waitFor();
    await page.getByTestId('ec-simulator').waitFor();
  };
  const fillAccount = async (appSecret: string) => {
    await page.getByTestId('ec-corp-id').fill(account.corpId);
    await page.getByTestId('ec-app-id').fill(account.appId);
    await page.getByTestId('ec-app-secret').fill(appSecret);
    await page.getByTestId('ec-default-user').fill('9001');
  };
  const saveAndWait = async () => {
    await page.getByTestId('ec-save').click();
    await page.getByText('腾讯EC 设置已保存').waitFor();
  };
  const newCustomer = () =>
    call(
      crmRoutes.customerCreate,
      { name: uniqueName('EC同步客户'), mobile: uniqueMobile(), company: 'EC测试公司' },
      admin,
    );
  /** The sync log's row of a customer, read again until it says `text`. */
  const logRowSays = async (name: string, text: string) => {
    await openMenu('ThirdParty/TencentEcLog');
    const row = page.getByTestId('list-ec-sync-items').locator('tbody tr.ant-table-row', { hasText: name });
    await expect
      .poll(
        async () => {
          // The log as it is now: the job writes it behind the page.
          await page.reload();
          await page.getByTestId('list-ec-sync-items').locator('tbody').waitFor();
          return (await row.count()) > 0 ? row.first().textContent() : '';
        },
        { timeout: 40_000, interval: 1000 },
      )
      .toContain(text);
    return (await row.first().textContent()) ?? '';
  };

  it('connects EC with the simulator, and a new customer is 成功 in the sync log', async () => {
    await openSettings();
    await fillAccount(account.appSecret);
    await page.getByTestId('ec-test').click();
    await expect.poll(() => page.getByTestId('ec-test-result').textContent()).toContain('连接成功');
    if (!(await page.getByTestId('ec-enabled').isChecked())) await page.getByTestId('ec-enabled').click();
    await saveAndWait();
    expect(await configOf()).toMatchObject({ corpId: account.corpId, hasSecret: true, isEnabled: true });

    const customer = await newCustomer();
    const text = await logRowSays(customer.name, '成功');
    expect(text).toContain('客户');
  });

  it('shows a wrong secret: 测试连接 gives EC’s refusal, and the log the error of the next customer', async () => {
    await openSettings();
    await fillAccount('not-the-secret');
    await page.getByTestId('ec-test').click();
    await expect.poll(() => page.getByTestId('ec-test-result').textContent()).toContain('签名校验失败');
    await saveAndWait();

    const customer = await newCustomer();
    const text = await logRowSays(customer.name, '签名校验失败');
    expect(text).toMatch(/重试中|失败/);
  });
});
