import { callRoutes } from '@yunhu/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage } from '../support/browser.js';
import { signInWithPassword } from '../support/console.js';

/** Counts the soft-phone's config requests of a page from now on. */
const countConfigRequests = (page: Page) => {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === callRoutes.lineConfig.path) seen.push(r.url());
  });
  return seen;
};

/** Visits a few screens of the console, waiting for each to render. */
const walk = async (page: Page, paths: string[]) => {
  for (const path of paths) {
    await page.goto(`${baseUrl()}/#/menu/${path}`);
    // Screens stay alive hidden (KeepAliveOutlet): wait for the one now shown.
    await page
      .locator('.ant-layout-content .ant-card:visible, .ant-layout-content .ant-table:visible')
      .first()
      .waitFor();
  }
};

/** Whether the point at the middle of the element hits the element itself (nothing lies over it). */
const isOnTop = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => {
    el.scrollIntoView({ block: 'end' });
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && el.contains(hit);
  });

/**
 * The soft-phone widget only for people with a soft-phone seat (not the platform operator,
 * not people without a seat: no request at all for them), docked so it never covers the last rows,
 * the pagination or the home figures, and saying the server's own reason when it cannot go online.
 */
describe('the soft-phone dock', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('is not there for a person whose only seat is on a call-back line, and asks nothing', async () => {
    const page = await newPage(browser);
    const requests = countConfigRequests(page);
    await signInWithPassword(page, 'agent01', 'Agent@2026');
    await walk(page, ['home', 'CRM/myCustomer', 'account/callRecord']);
    expect(await page.getByTestId('softphone').count()).toBe(0);
    expect(requests).toEqual([]);
    await page.close();
  });

  it('is not there for the platform operator, and asks nothing', async () => {
    const page = await newPage(browser);
    const requests = countConfigRequests(page);
    await signInWithPassword(page, 'platform', 'Platform@2026');
    await walk(page, ['home']);
    expect(await page.getByTestId('softphone').count()).toBe(0);
    expect(requests).toEqual([]);
    await page.close();
  });

  it('is docked below the page for a person with a soft-phone seat: the last row and the pagination stay clickable', async () => {
    const page = await newPage(browser);
    await page.setViewportSize({ width: 1280, height: 720 });
    await signInWithPassword(page, 'manager', 'Manager@2026');
    const dock = page.locator('[data-testid="softphone"][data-config="ready"]');
    await dock.waitFor({ timeout: 15_000 });
    // Open, the dock grows; it still covers nothing, it only takes its own row below the page.
    await page.getByTestId('softphone-toggle').click();
    await page.getByTestId('softphone-dial-input').waitFor();
    for (const path of ['account/callRecord', 'CRM/myCustomer']) {
      await page.goto(`${baseUrl()}/#/menu/${path}`);
      const lastRow = '.ant-layout-content .ant-table-tbody tr.ant-table-row:last-child:visible';
      await page.locator(lastRow).first().waitFor();
      expect(await isOnTop(page, `${lastRow} >> nth=0`)).toBe(true);
      const pagination = '.ant-layout-content .ant-pagination:visible >> nth=0';
      await page.locator(pagination).waitFor();
      expect(await isOnTop(page, pagination)).toBe(true);
      // The dock lies wholly below the scrolling content.
      const content = await page.getByTestId('shell-content').boundingBox();
      const box = await page.getByTestId('softphone').boundingBox();
      expect(box!.y).toBeGreaterThanOrEqual(content!.y + content!.height - 1);
      // And the next page of the list opens with a real click.
      const next = page.locator('.ant-layout-content .ant-pagination-next:visible').first();
      if (!(await next.getAttribute('class'))?.includes('disabled')) {
        await next.click();
        await page
          .locator('.ant-layout-content .ant-pagination-item-active:visible')
          .first()
          .filter({ hasText: '2' })
          .waitFor();
      }
    }
    // The home figures too.
    await page.goto(`${baseUrl()}/#/menu/home`);
    const lastCard = '.ant-layout-content .ant-card:visible >> nth=-1';
    await page.locator(lastCard).waitFor();
    expect(await isOnTop(page, lastCard)).toBe(true);
    await page.close();
  });

  it("says the server's own reason when it refuses the soft-phone, not 获取配置失败", async () => {
    const page = await newPage(browser);
    // The user info said he had a soft-phone seat, but it lapsed before the config was asked for:
    // the server refuses the config, and the dock says why.
    await page.route('**/base/sys/user/get-user-info', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { data: Record<string, unknown> };
      body.data.hasSoftphoneSeat = true;
      await route.fulfill({ response: res, json: body });
    });
    await signInWithPassword(page, 'agent01', 'Agent@2026');
    const dock = page.locator('[data-testid="softphone"][data-config="noSeat"]');
    await dock.waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('softphone-reason').textContent()).toContain('您没有可用的软电话坐席');
    await page.getByTestId('softphone-online').click();
    const notice = page.locator('.ant-notification-notice').filter({ hasText: '温馨提示' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain('您没有可用的软电话坐席');
    expect(await page.locator('body').textContent()).not.toContain('获取配置失败');
    await page.close();
  });
});
