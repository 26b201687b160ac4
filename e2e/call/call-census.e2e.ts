import { callCensusRoutes } from '@yunhu/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login } from '../support/api.js';
import { launchBrowser, newPage } from '../support/browser.js';
import { signInWithPassword } from '../support/console.js';
import { lastBeijingWeek } from '../support/time.js';

/** The values of a chart's 通话次数 bars, category by category (from its data table). */
const callBars = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .locator('table.chart-data td[data-series="通话次数"]')
    .evaluateAll((bars) => bars.map((b) => Number(b.getAttribute('data-value'))));
const sum = (values: number[]) => values.reduce((s, v) => s + v, 0);
/** antd's Statistic groups thousands with commas. */
const shown = (n: number) => n.toLocaleString('en-US');

/**
 * 话务统计: the manager sees the dashboard figures the endpoint answers and the per-agent
 * rows of 话务统计; an agent sees only his own figures and row.
 */
describe('call statistics', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  const figure = (page: Page, key: string) =>
    page.getByTestId(`call-census-${key}`).locator('.ant-statistic-content').textContent();

  const checkCard = async (page: Page, token: string) => {
    const card = page.getByTestId('call-census');
    await card.waitFor();
    const expected = await call(callCensusRoutes.baseCensus, { startRange: lastBeijingWeek() }, token);
    expect(expected.callNum).toBeGreaterThan(0);
    await expect.poll(() => figure(page, 'callNum'), { timeout: 15_000 }).toBe(shown(expected.callNum));
    expect(await figure(page, 'bindNum')).toBe(shown(expected.bindNum));
    expect(await figure(page, 'connectedNum')).toBe(shown(expected.connectedNum));
    expect(await figure(page, 'connectionRate')).toBe(`${expected.connectionRate.toFixed(2)}%`);
    // The charts (SVG) drew the same calls: per day and per hour they add up to the card's figure.
    await expect.poll(() => callBars(page, 'call-census-daily')).toHaveLength(7);
    expect(sum(await callBars(page, 'call-census-daily'))).toBe(expected.callNum);
    await expect.poll(() => callBars(page, 'call-census-hourly')).toHaveLength(24);
    expect(sum(await callBars(page, 'call-census-hourly'))).toBe(expected.callNum);
    expect(await page.getByTestId('call-census-hourly').locator('table.chart-data td[data-type="bar"]').count()).toBe(
      48,
    );
    // A bar per agent, named and in minutes on its hover title.
    const agentBars = page.getByTestId('call-census-agents').locator('table.chart-data tbody tr');
    await expect.poll(() => agentBars.count()).toBeGreaterThan(0);
    expect(await agentBars.first().locator('th').textContent()).toMatch(/^\S+$/);
    expect(await agentBars.first().locator('td[data-series="通话分钟"]').textContent()).toMatch(/^[\d.,]+$/);
    return expected;
  };

  const openAgents = async (page: Page) => {
    await page.getByTestId('call-census-more').click();
    await page.waitForURL(/#\/menu\/phoneStatistics/);
    const list = page.getByTestId('list-call-statistics-agents');
    await list.locator('tbody tr.ant-table-row').first().waitFor();
    return list;
  };

  it('shows the manager the figures of his department and its agents', async () => {
    const token = await login('manager', 'Manager@2026');
    const page = await newPage(browser);
    await signInWithPassword(page, 'manager', 'Manager@2026');
    await checkCard(page, token);

    const list = await openAgents(page);
    const agents = await call(
      callCensusRoutes.statisticsUsePage,
      { startRange: lastBeijingWeek(), page: 1, limit: 20 },
      token,
    );
    expect(agents.total).toBeGreaterThan(1);
    const rows = list.locator('tbody tr.ant-table-row');
    await expect
      .poll(async () => (await rows.locator('td:first-child').allInnerTexts()).map((s) => s.trim()))
      .toEqual(agents.records.map((r) => r.realName));
    // Each row's calls are the endpoint's (the second figure column, after 坐席, 部门, 拨打次数).
    const calls = (await rows.locator('td:nth-child(4)').allInnerTexts()).map((s) => s.trim());
    expect(calls).toEqual(agents.records.map((r) => String(r.callNum)));

    // One agent's days (userDetails): the endpoint's days of that agent, newest first.
    const top = agents.records[0]!;
    await list.getByTestId(`call-statistics-user-${top.userId}`).click();
    await page.waitForURL(/#\/menu\/userDetails\?userId=/);
    const days = await call(
      callCensusRoutes.getCensusDetail,
      { startRange: lastBeijingWeek(), userIds: [top.userId], page: 1, limit: 20 },
      token,
    );
    expect(days.records.reduce((sum, d) => sum + d.callNum, 0)).toBe(top.callNum);
    const dayRows = page.getByTestId('list-call-statistics-user').locator('tbody tr.ant-table-row');
    await expect
      .poll(async () => (await dayRows.locator('td:first-child').allInnerTexts()).map((s) => s.trim()))
      .toEqual(days.records.map((d) => d.day));
    await page.close();
  });

  it('shows an agent only his own figures', async () => {
    const token = await login('agent01', 'Agent@2026');
    const page = await newPage(browser);
    await signInWithPassword(page, 'agent01', 'Agent@2026');
    const own = await checkCard(page, token);
    const manager = await login('manager', 'Manager@2026');
    const wang = (
      await call(callCensusRoutes.statisticsUsePage, { startRange: lastBeijingWeek(), page: 1, limit: 100 }, manager)
    ).records.find((r) => r.realName === '王强')!;
    // His figures are his row of the manager's list, not the department's.
    expect(own.callNum).toBe(wang.callNum);

    const list = await openAgents(page);
    await expect
      .poll(async () =>
        (await list.locator('tbody tr.ant-table-row td:first-child').allInnerTexts()).map((s) => s.trim()),
      )
      .toEqual(['王强']);
    // No export without the permission.
    expect(await list.getByTestId('list-export').count()).toBe(0);
    await page.close();
  });
});
