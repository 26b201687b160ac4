import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../support/api.js';
import { baseUrl, launchBrowser, newPage } from '../support/browser.js';
import { signInWithPassword } from '../support/console.js';
import { platformAccount, registerEnterprise } from '../support/tenants.js';

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('enterprise authentication', () => {
  let browser: Browser;
  let licence: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    licence = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-cert-')), '营业执照.png');
    fs.writeFileSync(licence, png);
  });
  afterAll(() => browser.close());

  it('an enterprise administrator submits with a licence upload, the platform approves, the label becomes 企业认证', async () => {
    // A new enterprise, registered and let in by the platform operator.
    const firm = await registerEnterprise(await login(platformAccount.username, platformAccount.password), {
      namePrefix: '苏州认证测试',
      accountPrefix: 'certme',
      password: 'Cert@2026x',
    });

    const admin = await newPage(browser);
    await signInWithPassword(admin, firm.username, firm.password);
    await admin.getByRole('menuitem', { name: '企业认证' }).click();
    expect(await admin.getByTestId('auth-state').textContent()).toBe('未认证');
    const form = admin.getByTestId('cert-form');
    await form.getByLabel('企业名称').fill(firm.name);
    await form.getByLabel('统一社会信用代码').fill('91350100M000100Y44');
    await form.getByLabel('法定代表人').fill('认证人');
    await form.getByRole('button', { name: '提交认证' }).click();
    await form.getByText('统一社会信用代码格式不正确（18位，含校验位）').waitFor();
    await form.getByText('请上传营业执照').waitFor();
    await form.getByLabel('统一社会信用代码').fill('91350100M000100Y43');
    await form.locator('input[type=file]').setInputFiles(licence);
    await form.getByTestId('license-preview').waitFor();
    await form.getByRole('button', { name: '提交认证' }).click();
    await admin.getByText('认证资料已提交，平台审核中，审核结果会在这里显示。').waitFor();
    expect(await admin.getByTestId('cert-form').count()).toBe(0);

    const platform = await newPage(browser);
    await signInWithPassword(platform, 'platform', 'Platform@2026');
    await platform.getByRole('menu').first().getByText('平台管理').click();
    await platform.getByRole('menuitem', { name: '认证审核' }).click();
    const row = platform.getByTestId('list-cert-review').locator('tr', { hasText: firm.name });
    await row.getByText('待审核').waitFor();
    await row.getByRole('button', { name: '通过' }).click();
    await platform.getByRole('dialog').getByRole('button', { name: '通过' }).click();
    await row.getByText('已通过').waitFor();
    await platform.context().close();

    await admin.reload();
    await admin.getByText('认证已通过。').waitFor();
    expect(await admin.getByTestId('auth-state').textContent()).toBe('企业认证');
    await admin.context().close();
  });

  it('refuses an agent the review screen and shows him no 企业认证 menu', async () => {
    const agent = await newPage(browser);
    await signInWithPassword(agent, 'agent01', 'Agent@2026');
    expect(await agent.getByRole('menuitem', { name: '企业认证' }).count()).toBe(0);
    await agent.goto(`${baseUrl()}/#/menu/platform/certification`);
    await agent.getByTestId('no-permission').waitFor();
    // The endpoint answers 403 to him: apps/server's routes.security.test.ts asks every route.
    await agent.context().close();
  });
});
