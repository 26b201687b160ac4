import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage, pressInConfirm } from '../support/browser.js';
import { recordMessages, shownMessages, signInWithPassword } from '../support/console.js';
import { signUpEnterprise } from '../support/tenants.js';

describe('platform operator', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('approves a registered enterprise, whose administrator can then sign in; an enterprise admin is refused', async () => {
    const { name, username, password } = await signUpEnterprise({
      namePrefix: '杭州审核测试',
      accountPrefix: 'auditme',
      password: 'Audit@2026',
    });

    const platform = await newPage(browser);
    await recordMessages(platform);
    await signInWithPassword(platform, 'platform', 'Platform@2026');
    // The operator's home says what waits for him and opens its queue.
    const waiting = platform.getByTestId('platform-waiting-registrations');
    await waiting.getByText('待审核注册').waitFor();
    const count = waiting.locator('.ant-statistic-content-value');
    await expect.poll(async () => Number(((await count.textContent()) ?? '').trim())).toBeGreaterThan(0);
    await waiting.click();
    const list = platform.getByTestId('list-enterprises');
    const row = list.locator('tr', { hasText: name });
    await row.getByText('待审核').waitFor();
    await row.getByRole('button', { name: '通过' }).click();
    // Approval asks first, then says what happened.
    const confirm = platform.locator('.ant-modal-confirm');
    await confirm
      .locator('.ant-modal-confirm-title', {
        hasText: `确定通过「${name}」的注册吗？通过后其管理员即可登录。`,
      })
      .waitFor();
    await pressInConfirm(platform, '通过');
    await row.getByText('正常').waitFor();
    await expect
      .poll(async () => (await shownMessages(platform)).join())
      .toContain(`已通过「${name}」的注册，管理员可以登录了`);
    await platform.context().close();

    const admin = await newPage(browser);
    await signInWithPassword(admin, username, password);
    await admin.getByText(name).first().waitFor();
    expect(await admin.getByRole('menu').first().getByText('平台管理').count()).toBe(0);
    await admin.goto(`${baseUrl()}/#/menu/platform/enterprise`);
    await admin.getByTestId('no-permission').waitFor();
    await admin.context().close();
  });
});
