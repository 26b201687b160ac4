import { crmRoutes, crmSettingsRoutes, resourceRoutes } from '@yunhu/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login } from '../support/api.js';
import { baseUrl, launchBrowser, newPage } from '../support/browser.js';
import { signInWithPassword } from '../support/console.js';
import { uniqueMobile, uniqueName } from '../support/unique.js';

/**
 * 话术 at hand while calling: the enterprise's administrator puts a call script and a shared quick
 * reply in the library (each attempt its own, by a unique title and text); an agent on his
 * customer's page opens the soft-phone dock's 话术 panel, finds the script by its title and reads its
 * opening, sees the quick reply under 快捷回复, and inserts it into the follow-up note he saves.
 */
describe('an agent sees the script while calling', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('reads the script and the quick reply in the dock, and inserts the reply into the follow-up', {
    timeout: 90_000,
  }, async () => {
    const admin = await login('admin', 'Admin@2026');
    const agent = await login('agent02', 'Agent@2026');
    const title = uniqueName('新客开场话术');
    const opening = `您好，我是云呼的顾问，${title}，想占用您两分钟。`;
    const script = await call(
      resourceRoutes.librarySave,
      {
        kind: 'script',
        title,
        sections: [
          { kind: 'opening', heading: '开场白', text: opening },
          {
            kind: 'objection',
            heading: '异议处理',
            pairs: [{ question: '太贵了', answer: '我们按通话分钟计费，先试用再决定。' }],
          },
        ],
        tags: ['外呼'],
        visibility: 'all',
      },
      admin,
    );
    const reply = uniqueName('稍后把报价单发到您微信，编号');
    await call(crmSettingsRoutes.quickSave, { content: reply, isShared: true }, admin);
    const customer = await call(
      crmRoutes.customerCreate,
      { name: uniqueName('话术客户'), mobile: uniqueMobile() },
      agent,
    );

    const page = await newPage(browser);
    await signInWithPassword(page, 'agent02', 'Agent@2026');
    await page.goto(`${baseUrl()}/#/menu/CRM/customerDetails?id=${customer.id}`);
    const dock = page.getByTestId('softphone');
    await dock.getByTestId('script-panel-toggle').click();

    // The script, found by its title and read part by part.
    await page.getByTestId('script-panel-search').locator('input').fill(title);
    const item = page.getByTestId(`script-panel-item-${script.id}`);
    await item.waitFor({ timeout: 15_000 });
    await item.click();
    const reader = page.getByTestId('script-panel-reader');
    await reader.getByText(opening).waitFor();
    expect(await reader.textContent()).toContain('太贵了');

    // The quick replies beside it.
    await page.getByRole('tab', { name: '快捷回复' }).click();
    await page.getByTestId('resource-quick').getByText(reply).waitFor();
    await dock.getByTestId('script-panel-toggle').click();

    // 写跟进: the quick reply inserted into the note, saved with it.
    await page.getByTestId('crm-follow-content').fill('客户在开会，');
    await page.getByTestId('crm-quick-reply').click();
    await page.getByTestId('crm-quick-search').locator('input').fill(reply);
    await page.getByTestId('crm-quick-list').getByText(reply).click();
    await expect.poll(() => page.getByTestId('crm-follow-content').inputValue()).toBe(`客户在开会，${reply}`);
    await page.getByTestId('crm-follow-submit').click();
    await page.getByTestId('crm-timeline').getByText(`客户在开会，${reply}`).waitFor({ timeout: 15_000 });
  });
});
