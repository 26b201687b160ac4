import { appCentreRoutes, clueRoutes, feedbackRoutes, marketRoutes } from '@yunhu/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, send } from '../support/api.js';
import { baseUrl, launchBrowser, newPage, pickOption } from '../support/browser.js';
import { signInWithPassword } from '../support/console.js';
import { platformAccount, registerEnterprise, type TRegistered } from '../support/tenants.js';
import { uniqueName } from '../support/unique.js';

const offMessage = '该应用未开通，请在应用中心开通';

/**
 * 应用中心, 第三方市场 and 意见反馈 end to end, for an enterprise of this attempt's own: an add-on
 * switched off leaves the menu and is refused by the server; a market request goes to the platform
 * and its answer comes back; feedback goes to the platform and its reply rings the sender's bell.
 */
describe('应用中心, 第三方市场 and 意见反馈', () => {
  let browser: Browser;
  let page: Page;
  let platformToken: string;
  let enterprise: TRegistered;
  let adminToken: string;

  const openMenu = async (p: Page, folder: string, url: string) => {
    const entry = p.getByTestId(`menu-${url}`);
    if (!(await entry.isVisible())) await p.getByTestId('side-menu').getByText(folder, { exact: true }).click();
    await entry.click();
    await p.waitForURL(new RegExp(`#/menu/${url}`));
  };
  const asPlatform = async () => {
    const p = await newPage(browser);
    await signInWithPassword(p, platformAccount.username, platformAccount.password);
    return p;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    platformToken = await login(platformAccount.username, platformAccount.password);
    enterprise = await registerEnterprise(platformToken, {
      namePrefix: '应用中心',
      accountPrefix: 'appc',
      password: 'Boss@2026x',
    });
    adminToken = await login(enterprise.username, enterprise.password);
    page = await newPage(browser);
    await signInWithPassword(page, enterprise.username, enterprise.password);
  });
  afterAll(async () => {
    // Whatever failed, the enterprise keeps its clue add-on (no other test shares it anyway).
    await send(appCentreRoutes.appSwitch, { code: 'clue', isOn: true }, adminToken).catch(() => undefined);
    await browser.close();
  });

  it('switches 企业线索 off: its menu goes and the server refuses it; on again brings both back', async () => {
    const clueMenu = page.getByTestId('menu-Clue/looking');
    await page.getByTestId('side-menu').getByText('企业线索', { exact: true }).waitFor();
    await openMenu(page, '应用中心', 'app/index');
    const card = page.getByTestId('app-clue');
    await expect.poll(() => card.getByTestId('app-state').textContent()).toBe('已开通');
    await card.getByTestId('app-off-clue').click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: '停用' }).click();
    await expect.poll(() => card.getByTestId('app-state').textContent()).toBe('已停用');
    await expect.poll(() => page.getByTestId('side-menu').getByText('企业线索', { exact: true }).count()).toBe(0);
    const refused = await send(clueRoutes.quota, {}, adminToken);
    expect(refused).toMatchObject({ code: 403, msg: offMessage, reason: 'appCentre.appOff' });

    await card.getByTestId('app-on-clue').click();
    await expect.poll(() => card.getByTestId('app-state').textContent()).toBe('已开通');
    await page.getByTestId('side-menu').getByText('企业线索', { exact: true }).click();
    await clueMenu.waitFor();
    expect((await send(clueRoutes.quota, {}, adminToken)).code).toBe(0);
  });

  it('requests a market item, which the platform completes, and shows the answer', async () => {
    const name = uniqueName('智能质检');
    const item = await call(
      marketRoutes.marketItemSave,
      { name, vendor: '某某科技', description: '通话录音自动质检', priceText: '999元/年', isListed: true },
      platformToken,
    );
    await openMenu(page, '应用中心', 'ThirdParty/Market');
    const card = page.getByTestId(`market-item-${item.id}`);
    await card.getByTestId(`market-apply-${item.id}`).click();
    const form = page.getByTestId('market-apply');
    await form.getByLabel('联系人').fill('企业老板');
    await form.getByLabel('联系电话').fill(enterprise.mobile);
    await form.getByLabel('备注').fill('想了解价格');
    await form.getByRole('button', { name: /申\s*请/ }).click();
    await expect.poll(() => card.getByTestId('market-request-state').textContent()).toBe('待处理');
    // While it is open the button is off, and a second request straight to the server is refused.
    expect(await card.getByTestId(`market-apply-${item.id}`).isDisabled()).toBe(true);
    const again = { itemId: item.id, contactName: '企业老板', phone: enterprise.mobile };
    expect((await send(marketRoutes.marketApply, again, adminToken)).msg).toBe(
      '您已申请过该应用，平台正在处理，请勿重复申请',
    );

    const platform = await asPlatform();
    await platform.goto(`${baseUrl()}/#/menu/platform/market`);
    const queued = await call(
      marketRoutes.marketQueue,
      { page: 1, limit: 10, enterpriseName: enterprise.name },
      platformToken,
    );
    const request = queued.records.find((r) => r.itemId === item.id)!;
    expect(request).toMatchObject({ state: 'pending', contactName: '企业老板', note: '想了解价格' });
    await platform.getByTestId(`market-handle-${request.id}`).click();
    const handling = platform.getByTestId('market-handle');
    await pickOption(platform, handling, '处理结果', '已完成');
    await handling.getByLabel('处理说明').fill('已为您开通，服务商将联系您');
    await handling.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => platform.getByTestId(`market-handle-${request.id}`).count()).toBe(0);
    await platform.context().close();

    await page.reload();
    await expect.poll(() => card.getByTestId('market-request-state').textContent()).toBe('已完成');
    await page.getByRole('tab', { name: '我的申请' }).click();
    await page.getByText('已为您开通，服务商将联系您').waitFor();
  });

  it('sends feedback to the platform, whose reply rings the sender’s bell', async () => {
    const content = uniqueName('外呼时偶尔听不到声音，编号');
    await openMenu(page, '应用中心', 'opinion');
    await page.getByTestId('feedback-new').click();
    const form = page.getByTestId('feedback-send');
    await pickOption(page, form, '反馈类型', '问题');
    await form.getByLabel('反馈内容').fill(content);
    await form.getByRole('button', { name: '提交反馈' }).click();
    await page.getByText(content).waitFor();

    const platform = await asPlatform();
    await platform.goto(`${baseUrl()}/#/menu/platform/opinion`);
    await platform.getByText(content).click();
    const reply = uniqueName('已定位为网络抖动，工单');
    await platform.getByTestId('feedback-message').fill(reply);
    await platform.getByRole('button', { name: /回\s*复/ }).click();
    await platform.getByTestId('feedback-thread-item').getByText(reply).waitFor();
    await platform.context().close();

    const [sent] = (await call(feedbackRoutes.feedbackMine, { page: 1, limit: 5 }, adminToken)).records;
    expect(sent).toMatchObject({ content, state: 'replied' });
    await page.reload();
    await page.getByTestId('notice-bell').click();
    await page.getByTestId('notice-popover').getByText('您的意见反馈有新回复').first().click();
    await page.waitForURL(new RegExp(`#/menu/opinion\\?open=${sent!.id}`));
    await page.getByTestId('feedback-thread-item').getByText(reply).waitFor();
  });
});
