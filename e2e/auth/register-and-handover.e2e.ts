import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { baseUrl, lastSmsCode, launchBrowser, newPage } from '../support/browser.js';
import { signInWithPassword } from '../support/console.js';

describe('registration and token hand-over', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('registers an enterprise that then waits for the platform review', async () => {
    const page = await newPage(browser);
    await page.goto(`${baseUrl()}/#/login`);
    await page.getByTestId('register-link').click();
    await page.waitForURL(/#\/register/);
    await page.getByPlaceholder('请输入企业名称').fill('上海启航信息技术有限公司');
    await page.getByPlaceholder('请输入联系人姓名').fill('孔明');
    await page.getByPlaceholder('4-32位字母、数字或下划线，以字母开头').fill('kongming');
    await page.getByPlaceholder('请输入手机号').fill('13611112222');
    await page.getByTestId('sms-code-button').click();
    await page
      .getByText(/\d+\s*秒/)
      .first()
      .waitFor();
    await page.getByPlaceholder('请输入验证码').fill(await lastSmsCode('13611112222'));
    await page.getByPlaceholder('8-32位，须包含字母和数字').fill('Kong@2026');
    await page.getByPlaceholder('请再次输入密码').fill('Kong@2026');
    await page.getByTestId('register-submit').click();
    await page.getByText('注册申请已提交').waitFor();

    await page.goto(`${baseUrl()}/#/login`);
    await page.getByPlaceholder('请输入账号或手机号').fill('kongming');
    await page.getByPlaceholder('请输入密码').fill('Kong@2026');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.getByText('企业注册正在审核中，审核通过后即可登录').first().waitFor();
    await page.context().close();
  });

  it('enters the console with a token handed over in the URL', async () => {
    const source = await newPage(browser);
    await signInWithPassword(source, 'manager', 'Manager@2026');
    const token = await source.evaluate(() => sessionStorage.getItem('CLOUD_TOKEN'));
    await source.context().close();

    const page = await newPage(browser);
    await page.goto(`${baseUrl()}/#/jurisdiction?token=${token}`);
    await page.waitForURL(/#\/menu\/home/);
    await page.getByText('李娜').first().waitFor();
    await page.context().close();
  });
});
