import { callRecordRoutes, callRoutes, crmRoutes } from '@yunhu/contract';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowCallingAnyHour, call, login } from '../support/api.js';
import { launchBrowser, newPage } from '../support/browser.js';
import { signInWithPassword } from '../support/console.js';
import { lastBeijingWeek } from '../support/time.js';

type TRecord = { id: number; bindId: string; realName: string; preRecordUrl: string | null; callStatusName: string };

/**
 * 通话记录 (account/callRecord): the manager opens the records, filters by an agent,
 * reads the figures, plays a recording of a call agent01 just made on his call-back line (the
 * carrier simulator records it), opens its details with the call's 智能分析 done by the job queue
 * and exports the filtered list; an agent sees only his own calls.
 */
describe('call records', () => {
  let browser: Browser;
  let manager: string;
  let called: TRecord;

  beforeAll(async () => {
    browser = await launchBrowser();
    const admin = await login('admin', 'Admin@2026');
    manager = await login('manager', 'Manager@2026');
    const agent = await login('agent01', 'Agent@2026');
    // agent01 may call at any hour (呼叫管理), so the test does not depend on the clock.
    await allowCallingAnyHour(admin, 'agent01');
    // Seeded records carry no recording: agent01 calls one of his customers on his call-back line.
    const customers = await call(crmRoutes.customerPage, { page: 1, limit: 100 }, manager);
    const customer = customers.records.find((c) => c.ownerName === '王强')!;
    const [line] = await call(callRoutes.usableLines, {}, agent);
    const { bindId } = await call(
      callRoutes.dial,
      { telB: customer.mobile, interfaceId: line!.lineId, octCustomerId: customer.id },
      agent,
    );
    // The simulator rings, talks and reports the call with its recording (a hook cannot use expect.poll).
    // Found by its dial request: a call of an earlier test may still be reported meanwhile.
    const until = Date.now() + 40_000;
    for (;;) {
      const latest = await call(callRecordRoutes.getPage, { startRange: lastBeijingWeek(), page: 1, limit: 20 }, agent);
      const ours = latest.records.find((r) => r.bindId === bindId);
      if (ours?.preRecordUrl) {
        called = ours;
        break;
      }
      if (Date.now() > until) throw new Error('the simulated call did not report a recording');
      await new Promise((r) => setTimeout(r, 500));
    }
  });
  afterAll(() => browser.close());

  const openRecords = async (page: Page) => {
    const menu = page.getByRole('menu').first();
    const entry = menu.getByText('通话记录', { exact: true });
    // The side menu's 呼叫中心 folder holds 通话记录.
    if (!(await entry.isVisible())) await menu.getByText('呼叫中心', { exact: true }).click();
    await entry.click();
    await page.waitForURL(/#\/menu\/account\/callRecord/);
    const list = page.getByTestId('list-call-record');
    await list.locator('tbody tr.ant-table-row').first().waitFor();
    return list;
  };
  const figure = (page: Page, key: string) =>
    page.getByTestId(`call-record-figure-${key}`).locator('.ant-statistic-content').textContent();

  it('lets the manager filter by an agent, read the figures, play a recording and export', async () => {
    const page = await newPage(browser);
    await signInWithPassword(page, 'manager', 'Manager@2026');
    const list = await openRecords(page);
    const rows = list.locator('tbody tr.ant-table-row');

    // Filter by 王强 (agent01): every row is his and the figures are his.
    const agents = list.getByTestId('call-record-agents');
    await agents.click();
    await page.locator('.ant-select-dropdown:visible').getByText('王强', { exact: true }).click();
    await page.keyboard.press('Escape');
    await list.getByRole('button', { name: '查询' }).click();
    const people = await call(crmRoutes.assignees, {}, manager);
    const wang = people.find((p) => p.realName === '王强')!.userId;
    const expected = await call(
      callRecordRoutes.getPageCount,
      { startRange: lastBeijingWeek(), userIds: [wang] },
      manager,
    );
    await expect.poll(() => figure(page, 'total')).toBe(String(expected.total));
    expect(await figure(page, 'connected')).toBe(String(expected.connected));
    await expect
      .poll(async () => new Set((await rows.locator('td:first-child').allInnerTexts()).map((s) => s.trim())))
      .toEqual(new Set(['王强']));

    // The call just made (among the newest): play its recording in its row.
    const row = rows.filter({ has: page.getByTestId(`call-record-detail-${called.id}`) });
    expect(await row.textContent()).toContain('已接通');
    await row.getByTestId(`call-play-${called.id}`).click();
    const audio = row.locator('audio');
    await audio.waitFor();
    await expect
      .poll(() => audio.evaluate((el: HTMLAudioElement) => el.readyState), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(1);
    expect(await audio.evaluate((el: HTMLAudioElement) => el.duration)).toBeGreaterThanOrEqual(8);

    // Its details: the record, a fresh recording and no transcript from the simulator.
    await row.getByTestId(`call-record-detail-${called.id}`).click();
    const detail = page.getByTestId('call-record-detail');
    await detail.waitFor();
    expect(await detail.textContent()).toContain('王强');
    await detail.getByTestId('call-record-detail-audio').waitFor();
    expect(await detail.getByTestId('call-record-no-transcript').textContent()).toContain('暂无转写内容');
    // 智能分析: the development carrier records the call-back call in stereo, the job queue analyses
    // it (the panel asks again every 5 s while it waits): the customer's script heard on his side.
    const panel = detail.getByTestId('call-analysis-panel');
    await expect
      .poll(() => panel.getByTestId('call-analysis-state').textContent(), { timeout: 60_000, interval: 1000 })
      .toBe('已完成');
    expect(await panel.getByTestId('call-analysis-customer-talk').textContent()).toMatch(/^\d+\.\d 秒（\d+\.\d%）$/);
    expect(await panel.getByTestId('call-analysis-mono').count()).toBe(0);
    expect(await panel.getByTestId('call-analysis-lane-customer').locator('span').count()).toBeGreaterThan(0);
    const said = panel.getByTestId('call-analysis-transcript').getByTestId('call-analysis-line-customer');
    expect(await said.first().textContent()).toContain('云呼模拟运营商');
    expect(await panel.getByTestId('call-analysis-intention').textContent()).toMatch(/[A-D]/);
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });

    // The export holds exactly the filtered records.
    const downloading = page.waitForEvent('download');
    await list.getByTestId('list-export').click();
    const file = await downloading;
    expect(file.suggestedFilename()).toMatch(/^通话记录.*\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await file.path());
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('坐席');
    expect(sheet.rowCount - 1).toBe(expected.total);
    const names = new Set<string>();
    sheet.eachRow((row, n) => {
      if (n > 1) names.add(String(row.getCell(1).value));
    });
    expect(names).toEqual(new Set(['王强']));
    await page.context().close();
  });

  it('filters by a talk-time preset or a custom range, figures equal to the server count', async () => {
    const page = await newPage(browser);
    await signInWithPassword(page, 'manager', 'Manager@2026');
    const list = await openRecords(page);
    // The duration select by its test id (the column header of the same name has a sorter label).
    const chooseDuration = async (option: string) => {
      await list.getByTestId('call-record-duration').click();
      await page.locator('.ant-select-dropdown:visible').getByText(option, { exact: true }).click();
    };
    const count = (filter: object) =>
      call(callRecordRoutes.getPageCount, { startRange: lastBeijingWeek(), ...filter }, manager);

    await chooseDuration('1分钟以上');
    await list.getByRole('button', { name: '查询' }).click();
    const overAMinute = await count({ durationMin: 60 });
    await expect.poll(() => figure(page, 'total')).toBe(String(overAMinute.total));
    expect(overAMinute.total).toBeGreaterThan(0);
    // Every row shown talked for a minute or more (mm:ss in the duration column).
    const column = (await list.locator('thead th').allInnerTexts()).findIndex((h) => h.trim() === '通话时长');
    const durations = await list.locator(`tbody tr.ant-table-row td:nth-child(${column + 1})`).allInnerTexts();
    expect(durations.length).toBeGreaterThan(0);
    for (const text of durations) expect(Number(text.trim().split(':')[0])).toBeGreaterThanOrEqual(1);

    // 自定义 shows the two inputs, whose range is sent as typed.
    await chooseDuration('自定义（秒）');
    await list.getByPlaceholder('最短秒数').fill('15');
    await list.getByPlaceholder('最长秒数').fill('100');
    await list.getByRole('button', { name: '查询' }).click();
    const custom = await count({ durationMin: 15, durationMax: 100 });
    await expect.poll(() => figure(page, 'total')).toBe(String(custom.total));
    await page.context().close();
  });

  it('shows an agent only his own calls, without the export', async () => {
    const page = await newPage(browser);
    await signInWithPassword(page, 'agent01', 'Agent@2026');
    const list = await openRecords(page);
    const names = await list.locator('tbody tr.ant-table-row td:first-child').allInnerTexts();
    expect(names.length).toBeGreaterThan(0);
    expect(new Set(names.map((s) => s.trim()))).toEqual(new Set(['王强']));
    // The customer's number shows masked, and opens the customer.
    const customer = list.getByTestId(`call-record-customer-${called.id}`);
    expect(await customer.textContent()).toMatch(/^\d{3}\*{4}\d{4}$/);
    expect(await list.getByTestId('list-export').count()).toBe(0);
    await customer.click();
    await page.waitForURL(/#\/menu\/CRM\/customerDetails\?id=\d+/);
    await page.context().close();
  });
});
