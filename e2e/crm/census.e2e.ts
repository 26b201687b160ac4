import { authRoutes, crmRoutes, orgDeptRoutes, orgRoleRoutes, orgStaffRoutes, type TResponseOf } from '@yunhu/contract';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login } from '../support/api.js';
import { launchBrowser, newPage } from '../support/browser.js';
import { signInWithPassword } from '../support/console.js';
import { uniqueAccount, uniqueMobile, uniqueName } from '../support/unique.js';

type TDays = TResponseOf<typeof crmRoutes.census>['newPerDay'];
type TRange = { from: number; to: number };

const DAY = 86_400_000;
const censusOf = async (range: TRange, token: string) => call(crmRoutes.census, range, token);

const isCensus = (r: Request) => r.method() === 'POST' && new URL(r.url()).pathname === crmRoutes.census.path;
const rangeOf = async (request: Promise<Request>) => (await request).postDataJSON() as TRange;

const sum = (days: TDays) => days.reduce((s, d) => s + d.count, 0);

/** The four figures the card shows, read as numbers (antd groups thousands with commas). */
const shownFigures = async (page: Page) => {
  const card = page.getByTestId('crm-census');
  const read = async (key: string) =>
    Number(
      (
        (await card.getByTestId(`crm-census-${key}`).locator('.ant-statistic-content-value').textContent()) ?? ''
      ).replace(/,/g, ''),
    );
  return {
    total: await read('total'),
    inPool: await read('inPool'),
    newCustomers: await read('newCustomers'),
    follows: await read('follows'),
  };
};

const expectedFigures = (c: TResponseOf<typeof crmRoutes.census>) => ({
  total: c.total,
  inPool: c.inPool,
  newCustomers: sum(c.newPerDay),
  follows: sum(c.followsPerDay),
});

const selectedPreset = (page: Page) =>
  page.getByTestId('crm-census-presets').locator('.ant-segmented-item-selected').textContent();

/** The values of a chart's bars, series by series (its data table, what a screen reader reads). */
const barValues = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .locator('table.chart-data td[data-type="bar"]')
    .evaluateAll((cells) => {
      const series = [...new Set(cells.map((c) => c.getAttribute('data-series')))];
      return series.flatMap((name) =>
        cells.filter((c) => c.getAttribute('data-series') === name).map((c) => Number(c.getAttribute('data-value'))),
      );
    });

/** A chart's bars as "category series：value" (the tooltip's words), from its data table. */
const barTitles = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .locator('table.chart-data td[data-type="bar"]')
    .evaluateAll((cells) =>
      cells.map(
        (c) =>
          `${c.closest('tr')?.querySelector('th')?.textContent} ${c.getAttribute('data-series')}：${c.textContent}`,
      ),
    );

/** The accessible description on a chart's box: its title, names and values of its data. */
const chartDescription = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .getAttribute('aria-label')
    .then((l) => l ?? '');

/** Signs in and returns the page with the range the card asked for first. */
const signedInHome = async (browser: Browser, username: string, password: string) => {
  const page = await newPage(browser);
  const first = page.waitForRequest(isCensus, { timeout: 30_000 });
  await signInWithPassword(page, username, password);
  return { page, range: await rangeOf(first) };
};

describe('customer census card on the home page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('shows the manager the figures of his scope and refetches for 近7天', async () => {
    const token = await login('manager', 'Manager@2026');
    const { page, range } = await signedInHome(browser, 'manager', 'Manager@2026');
    const card = page.getByTestId('crm-census');
    // 近30天 by default: thirty whole days ending today.
    expect(range.to - range.from + 1).toBe(30 * DAY);
    expect(range.to).toBeGreaterThanOrEqual(Date.now());
    await expect.poll(() => selectedPreset(page)).toBe('近30天');
    const month = await censusOf(range, token);
    expect(month.newPerDay).toHaveLength(30);
    expect(month.total).toBeGreaterThan(0);
    await expect.poll(() => shownFigures(page)).toEqual(expectedFigures(month));
    await expect.poll(() => chartDescription(page, 'crm-census-trend')).toContain('新增与跟进趋势');
    // A bar per day of new customers, a point per day of follow-ups.
    await expect.poll(() => barValues(page, 'crm-census-trend')).toEqual(month.newPerDay.map((d) => d.count));
    expect(await page.getByTestId('crm-census-trend').locator('table.chart-data td[data-type="line"]').count()).toBe(
      30,
    );

    // 近7天 asks the server again for the last seven days of the same end.
    const next = page.waitForRequest(isCensus);
    await card.getByTestId('crm-census-presets').getByText('近7天', { exact: true }).click();
    const week = await rangeOf(next);
    expect(week.to).toBe(range.to);
    expect(week.to - week.from + 1).toBe(7 * DAY);
    const weekCensus = await censusOf(week, token);
    expect(weekCensus.newPerDay).toHaveLength(7);
    await expect.poll(() => shownFigures(page)).toEqual(expectedFigures(weekCensus));
    await expect.poll(() => selectedPreset(page)).toBe('近7天');
    await expect.poll(() => barValues(page, 'crm-census-trend')).toEqual(weekCensus.newPerDay.map((d) => d.count));

    // The owner split names the people of his department.
    await card.getByTestId('crm-census-dimension').getByText('负责人', { exact: true }).click();
    const owners = weekCensus.byOwner.map((o) => o.label);
    expect(owners.length).toBeGreaterThan(1);
    await expect.poll(() => chartDescription(page, 'crm-census-share')).toContain(owners[0]);
    // A bar per owner (ten at most), most customers first, each titled with its count.
    const top = [...weekCensus.byOwner].sort((a, b) => b.count - a.count).slice(0, 10);
    await expect.poll(() => barValues(page, 'crm-census-share')).toEqual(top.map((o) => o.count));
    expect((await barTitles(page, 'crm-census-share'))[0]).toBe(
      `${top[0]!.label} 客户数：${top[0]!.count.toLocaleString('zh-CN')}`,
    );
    await page.context().close();
  });

  it('shows agent01 his own customers only', async () => {
    const token = await login('agent01', 'Agent@2026');
    const { page, range } = await signedInHome(browser, 'agent01', 'Agent@2026');
    const mine = await censusOf(range, token);
    await expect.poll(() => shownFigures(page)).toEqual(expectedFigures(mine));
    // The total is exactly his private pool, and less than what his manager oversees.
    const own = await call(crmRoutes.customerPage, { page: 1, limit: 1 }, token);
    expect(own.total).toBe(mine.total);
    const managerCensus = await censusOf(range, await login('manager', 'Manager@2026'));
    expect(mine.total).toBeLessThan(managerCensus.total);

    await page.getByTestId('crm-census-dimension').getByText('负责人', { exact: true }).click();
    await expect.poll(() => chartDescription(page, 'crm-census-share')).toContain('王强');
    const description = await chartDescription(page, 'crm-census-share');
    for (const other of ['李娜', '赵丽', '陈晨']) expect(description).not.toContain(other);
    await page.context().close();
  });

  it('shows the platform operator (who sees everything) an empty census of his own tenant', async () => {
    const token = await login('platform', 'Platform@2026');
    const { page, range } = await signedInHome(browser, 'platform', 'Platform@2026');
    const census = await censusOf(range, token);
    expect(expectedFigures(census)).toEqual({ total: 0, inPool: 0, newCustomers: 0, follows: 0 });
    const card = page.getByTestId('crm-census');
    await card.getByText('暂无客户数据').waitFor();
    expect(await card.getByTestId('crm-census-trend').count()).toBe(0);
    await page.context().close();
  });

  it('shows no card to an account without the customer list permission', async () => {
    const admin = await login('admin', 'Admin@2026');
    const role = await call(
      orgRoleRoutes.roleSave,
      { name: uniqueName('统计无客户权限'), dataScope: 'self', permissions: [] },
      admin,
    );
    const depts = await call(orgDeptRoutes.deptList, {}, admin);
    const username = uniqueAccount('census');
    await call(
      orgStaffRoutes.staffAdd,
      {
        username,
        realName: '钱多多',
        mobile: uniqueMobile(),
        deptId: depts[0]!.id,
        roleIds: [role.id],
        password: 'Census@2026x',
      },
      admin,
    );
    // A password the administrator set is changed at the first sign-in.
    await call(authRoutes.updatePasswordByOld, {
      username,
      oldPassword: 'Census@2026x',
      newPassword: 'Census@2026',
    });

    const page = await newPage(browser);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (isCensus(r)) asked.push(r.url());
    });
    await signInWithPassword(page, username, 'Census@2026');
    await page.getByTestId('home-page').waitFor();
    await page.getByTestId('home-shortcuts').waitFor();
    await page.getByTestId('home-notices').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('crm-census').count()).toBe(0);
    expect(asked).toEqual([]);
    // The server refuses him too: apps/server's routes.security.test.ts asks every route so.
    await page.context().close();
  });
});
