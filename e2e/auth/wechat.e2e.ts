import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { baseUrl, launchBrowser, newPage } from '../support/browser.js';
import { signInWithPassword } from '../support/console.js';
import { scanWithWechat } from '../support/wechat.js';

describe('WeChat QR sign-in (development provider)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('refuses an unbound WeChat, binds it in the personal center, then signs in with it', async () => {
    const openid = `wx-e2e-${Date.now()}`;
    const visitor = await newPage(browser);
    await visitor.goto(`${baseUrl()}/#/login`);
    await visitor.getByRole('tab', { name: '微信扫码' }).click();
    await scanWithWechat(visitor, openid);
    await visitor.getByText('该微信未绑定账号，请先用密码登录后在个人中心绑定').waitFor();

    const agent = await newPage(browser);
    await signInWithPassword(agent, 'manager', 'Manager@2026');
    await agent.goto(`${baseUrl()}/#/menu/personalCenter`);
    await agent.getByTestId('wechat-bind').click();
    await scanWithWechat(agent, openid);
    await agent.getByTestId('wechat-unbind').waitFor();
    await agent.context().close();

    await visitor.getByRole('button', { name: '刷新二维码' }).click();
    await scanWithWechat(visitor, openid);
    await visitor.waitForURL(/#\/menu\/home/);
    await visitor.getByText('李娜').first().waitFor();
    await visitor.context().close();
  });
});
