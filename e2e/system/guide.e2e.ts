import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage } from '../support/browser.js';
import { signInWithPassword } from '../support/console.js';

/** The routes of the side menu's entries (their test ids are menu-<route>). */
const menuRoutes = async (page: Page): Promise<string[]> => {
  const menu = page.getByTestId('side-menu');
  await menu.waitFor();
  // Open every folder so each entry is in the page.
  for (const folder of await menu.locator('.ant-menu-submenu-title').all()) {
    if ((await folder.getAttribute('aria-expanded')) !== 'true') await folder.click();
  }
  const ids = await menu
    .locator('[data-testid^="menu-"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice('menu-'.length)));
  // Folders carry their id, not a route.
  return ids.filter((id) => !/^\d+$/.test(id));
};

/** 操作指南 covers every menu the person's role opens, with real guidance. */
describe('操作指南', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  for (const [username, password] of [
    ['agent01', 'Agent@2026'],
    ['admin', 'Admin@2026'],
  ] as const) {
    it(`has a section for every menu of ${username}`, async () => {
      const page = await newPage(browser);
      await signInWithPassword(page, username, password);
      const routes = await menuRoutes(page);
      expect(routes.length).toBeGreaterThan(3);
      await page.goto(`${baseUrl()}/#/menu/userHandle`);
      await page.getByTestId('guide-section-home').waitFor();
      for (const route of routes) {
        const section = page.getByTestId(`guide-section-${route}`);
        expect(await section.count(), route).toBe(1);
        expect((await section.textContent())?.length ?? 0, route).toBeGreaterThan(30);
      }
      expect(await page.locator('body').textContent()).not.toContain('正在陆续接入');
      await page.close();
    });
  }
});
