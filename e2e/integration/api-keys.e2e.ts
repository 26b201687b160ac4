import { crmRoutes, integrationRoutes, type TRouteDef } from '@yunhu/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login } from '../support/api.js';
import { baseUrl, launchBrowser, newPage } from '../support/browser.js';
import { signInWithPassword } from '../support/console.js';

/** A contract route asked with `Authorization: Bearer <key>` and no session, as another system would. */
const withKey = async (key: string, route: TRouteDef, body: Record<string, unknown>) => {
  const res = await fetch(`${baseUrl()}${route.path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; data: { total: number } | null };
};

/**
 * 开放平台 › API 密钥 end to end: the administrator creates a key with the customer permission in
 * Chromium and sees it once, another system reads customers with it and is refused anything else,
 * the interface documentation lists the route, and a revoked key is refused at once.
 */
describe('API keys', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser);
    await signInWithPassword(page, 'admin', 'Admin@2026');
  });
  afterAll(() => browser.close());

  it('creates a key shown once, reads customers with it, and revokes it', async () => {
    await page.getByTestId('side-menu').getByText('开放平台').click();
    await page.getByTestId('menu-ThirdParty/apiKeys').click();
    await page.getByTestId('apikeys-page').waitFor();
    await page.getByTestId('apikey-add').click();
    const form = page.getByTestId('apikey-form');
    await page.getByTestId('apikey-name').fill('对接测试');
    await form.getByText('crm:customer:list').click();
    await form.getByRole('button', { name: /确\s*定/ }).click();
    const shown = page.getByTestId('apikey-shown');
    await shown.waitFor();
    const key = (await shown.textContent())!.trim();
    expect(key).toMatch(/^yk_[A-Za-z0-9_-]{43}$/);
    await page.getByRole('button', { name: '我已复制' }).click();
    await page.getByText(`${key.slice(0, 11)}…`).waitFor();
    // Nowhere on the page once its dialog has closed.
    await expect.poll(() => page.content()).not.toContain(key);

    const customers = await withKey(key, crmRoutes.customerPage, { page: 1, limit: 5 });
    expect(customers.code).toBe(0);
    expect(customers.data!.total).toBeGreaterThan(0);
    expect((await withKey(key, crmRoutes.updateLevel, { ids: [1], intentionLevel: 'A' })).code).toBe(403);
    expect((await withKey(key, integrationRoutes.keyCreate, { name: 'x', permissions: [] })).code).toBe(403);

    const doc = (await (await fetch(`${baseUrl()}/open/openapi.json`)).json()) as {
      openapi: string;
      paths: Record<string, unknown>;
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain(crmRoutes.customerPage.path);

    const admin = await login('admin', 'Admin@2026');
    const made = (await call(integrationRoutes.keyList, {}, admin)).find((k) => k.prefix === key.slice(0, 11))!;
    await page.getByTestId(`apikey-revoke-${made.id}`).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page
      .getByText(/已吊销/)
      .first()
      .waitFor();
    expect((await withKey(key, crmRoutes.customerPage, { page: 1, limit: 5 })).code).toBe(401);
  });
});
