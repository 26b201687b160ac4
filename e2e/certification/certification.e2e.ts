import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, lastSmsCode, launchBrowser, newPage } from '../support/browser.js';
import { signInWithPassword } from '../support/console.js';

type TBody<T = unknown> = { code: number; msg: string; data: T };

const api = async <T = unknown>(method: 'GET' | 'POST', url: string, body?: unknown, token?: string) =>
  (await fetch(`${baseUrl()}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { 'cloud-token': token } : {}) },
    body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
  }).then((r) => r.json())) as TBody<T>;

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
    const mobile = '13577776666';
    await api('POST', '/sso/code', { mobile, type: 'signup' });
    const signup = await api('POST', '/sso/signup', {
      enterpriseName: '苏州认证测试有限公司',
      realName: '认证人',
      username: 'certme',
      mobile,
      code: await lastSmsCode(mobile),
      password: 'Cert@2026x',
    });
    expect(signup.code).toBe(0);
    const platformToken = (
      await api<{ token: string }>('POST', '/sso/login', { username: 'platform', password: 'Platform@2026' })
    ).data.token;
    const page = await api<{ records: { id: number }[] }>(
      'GET',
      `/base/enterprise/page?page=1&limit=5&name=${encodeURIComponent('苏州认证测试')}`,
      undefined,
      platformToken,
    );
    const examined = await api(
      'POST',
      '/base/enterprise/examine',
      { id: page.data.records[0]!.id, pass: true },
      platformToken,
    );
    expect(examined.code).toBe(0);

    const admin = await newPage(browser);
    await signInWithPassword(admin, 'certme', 'Cert@2026x');
    await admin.getByRole('menuitem', { name: '企业认证' }).click();
    expect(await admin.getByTestId('auth-state').textContent()).toBe('未认证');
    const form = admin.getByTestId('cert-form');
    await form.getByLabel('企业名称').fill('苏州认证测试有限公司');
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
    const row = platform.getByTestId('list-cert-review').locator('tr', { hasText: '苏州认证测试有限公司' });
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
    const res = await api(
      'GET',
      '/base/enterprise/auth/page?page=1&limit=5',
      undefined,
      await tokenOf('agent01', 'Agent@2026'),
    );
    expect(res.code).toBe(403);
    await agent.context().close();
  });
});

const tokenOf = async (username: string, password: string) =>
  (await api<{ token: string }>('POST', '/sso/login', { username, password })).data.token;
