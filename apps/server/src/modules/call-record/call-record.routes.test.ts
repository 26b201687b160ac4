import { mmss, routeTables, type TCallRecordQuery, yuan } from '@yunhu/contract';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { otherEnterprise } from '../../test/other-enterprise.js';
import { callRecords } from '../call/call.schema.js';
import { demoIds, readXlsx } from '../org/org.test-kit.js';

const d = routeTables.callRecord;
const day = 86_400_000;

/** 通话记录 (account/callRecord): list, figures, export and content over the API. */
describe('call records', () => {
  let t: TTestApp;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let admin: string;
  let manager: string;
  let agent: string;
  const now = Date.now();
  const month: [number, number] = [now - 31 * day, now + day];
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));
  const page = (token: string, query: Omit<TCallRecordQuery, 'startRange'> & { startRange?: [number, number] } = {}) =>
    t.call(d.getPage, { startRange: month, ...query }, token);

  beforeAll(async () => {
    t = await startTestApp();
    ids = await demoIds(t);
    [admin, manager, agent] = await Promise.all([t.loginAs.admin(), t.loginAs.manager(), t.loginAs.agent()]);
  });
  afterAll(() => t.close());

  /** The records a direct query finds, newest first (what every endpoint must agree with). */
  const direct = (where: ReturnType<typeof sql>) =>
    q<{ id: number; tel_b: string; duration: number; call_status: number; postage: number }>(sql`
      select id::int as id, tel_b, duration, call_status, postage from call_records
      where tenant_id = ${ids.tenantId} and start_time between ${new Date(month[0])} and ${new Date(month[1])}
        and ${where}
      order by start_time desc, id desc`);

  describe('list and figures', () => {
    it('pages every record of the range for the administrator, newest first', async () => {
      const all = await direct(sql`true`);
      expect(all.length).toBeGreaterThan(100);
      const first = (await page(admin, { page: 1, limit: 50 })).body;
      expect(first.code).toBe(0);
      expect(first.data.total).toBe(all.length);
      expect(first.data.records.map((r) => r.id)).toEqual(all.slice(0, 50).map((r) => r.id));
      const second = (await page(admin, { page: 2, limit: 50 })).body.data;
      expect(second.records.map((r) => r.id)).toEqual(all.slice(50, 100).map((r) => r.id));
      expect(second.pages).toBe(Math.ceil(all.length / 50));
      // The names and status texts of DESIGN.md section 4.
      expect(first.data.records[0]).toMatchObject({
        realName: expect.any(String),
        deptName: expect.any(String),
        lineName: expect.any(String),
        callStatusName: expect.stringMatching(/已接通|未接听|占线|呼叫失败/),
      });
    });

    it('filters by agent, status, finish status, customer number, duration, line and department', async () => {
      const agent04 = await ids.user('agent04');
      const byAgent = (await page(admin, { userIds: [agent04], limit: 500 })).body.data;
      expect(byAgent.total).toBe((await direct(sql`user_id = ${agent04}`)).length);
      expect(byAgent.total).toBeGreaterThan(0);

      const connected = (await page(admin, { callStatus: 1, finishStatus: 2 })).body.data;
      expect(connected.total).toBe((await direct(sql`call_status = 1 and finish_status = 2`)).length);

      const long = (await page(admin, { durationMin: 60, durationMax: 200 })).body.data;
      expect(long.total).toBe((await direct(sql`duration between 60 and 200`)).length);
      expect(long.total).toBeGreaterThan(0);

      const sample = (await direct(sql`true`))[7]!;
      const fragment = sample.tel_b.slice(3, 9);
      const byNumber = (await page(admin, { telB: fragment, limit: 500 })).body.data;
      expect(byNumber.records.map((r) => r.id)).toContain(sample.id);
      expect(byNumber.total).toBe((await direct(sql`tel_b like ${`%${fragment}%`}`)).length);
      // The total is counted beside the page; a page past the end still knows it.
      const pastTheEnd = (await page(admin, { telB: fragment, page: 50, limit: 20 })).body.data;
      expect(pastTheEnd).toMatchObject({ records: [], total: byNumber.total });

      const [line] = await q<{ line_id: number }>(sql`select line_id::int as line_id from call_records limit 1`);
      const byLine = (await page(admin, { lineId: line!.line_id })).body.data;
      expect(byLine.total).toBe((await direct(sql`line_id = ${line!.line_id}`)).length);

      const dept2 = await ids.dept('销售二部');
      const byDept = (await page(admin, { deptId: dept2 })).body.data;
      expect(byDept.total).toBe((await direct(sql`dept_id = ${dept2}`)).length);
      expect(byDept.total).toBeGreaterThan(0);

      // The longest calls first.
      const sorted = (await page(admin, { sortField: 'duration', sortOrder: 'descend', limit: 30 })).body.data;
      const durations = sorted.records.map((r) => r.duration);
      expect(durations).toEqual([...durations].sort((a, b) => b - a));
      expect(durations[0]).toBe(Math.max(...(await direct(sql`true`)).map((r) => r.duration)));
    });

    it('counts calls, connected calls, talk time and charge of the same filter', async () => {
      const agent04 = await ids.user('agent04');
      for (const filter of [{}, { userIds: [agent04] }, { callStatus: 2 }]) {
        const res = (await t.call(d.getPageCount, { startRange: month, ...filter }, admin)).body;
        const where =
          'userIds' in filter ? sql`user_id = ${agent04}` : 'callStatus' in filter ? sql`call_status = 2` : sql`true`;
        const rows = await direct(where);
        expect(res.data).toEqual({
          total: rows.length,
          connected: rows.filter((r) => r.call_status === 1).length,
          totalSecond: rows.reduce((s, r) => s + r.duration, 0),
          totalPostage: rows.reduce((s, r) => s + r.postage, 0),
        });
      }
    });

    it('gives totals and figures equal to a direct count for any range, reader and filter', async () => {
      // The total and the figures come from the daily roll-up, the hourly roll-up in the partial
      // days and the records of the partial hours (docs/decisions/0007, 0008): ranges here are whole
      // Shanghai days or start and end anywhere; durations on the marks or off them.
      const lineIds = (await q<{ id: number }>(sql`select distinct line_id::int as id from call_records`)).map(
        (x) => x.id,
      );
      const agent04 = await ids.user('agent04');
      const manager01 = await ids.user('manager');
      const managerScope = sql`(user_id = ${manager01} or dept_id in (with recursive s(id) as (
          select ${await ids.dept('销售一部')}::bigint union all select c.id from departments c join s on c.parent_id = s.id
        ) select id from s))`;
      const shanghaiMidnight = (at: number) => Math.floor((at + 8 * 3_600_000) / day) * day - 8 * 3_600_000;
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 0, max: 30 * day }),
          fc.integer({ min: 0, max: 10 * day }),
          fc.record({
            wholeDays: fc.boolean(),
            reader: fc.constantFrom('admin', 'manager'),
            callStatus: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
            finishStatus: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
            duration: fc.option(
              fc.constantFrom<[number | undefined, number | undefined]>(
                [0, 0],
                [1, 9],
                [10, undefined],
                [30, 59],
                [60, 179],
                [undefined, 29],
                [600, undefined],
                [15, 100],
                [45, undefined],
                // Off the marks: one piece inside a band, pieces around whole bands, a
                // piece too wide to count one second at a time, an open piece.
                [2, 5],
                [45, 250],
                [0, 100],
                [5, 2000],
                [601, 3000],
                [700, undefined],
              ),
              { nil: undefined },
            ),
            agent: fc.boolean(),
            line: fc.option(fc.constantFrom(...lineIds), { nil: undefined }),
          }),
          async (offset, length, f) => {
            const from = f.wholeDays ? shanghaiMidnight(month[0] + offset) : month[0] + offset;
            const to = f.wholeDays ? shanghaiMidnight(from + length) + day - 1 : from + length;
            const range: [number, number] = [from, to];
            const [min, max] = f.duration ?? [];
            const filter = {
              startRange: range,
              ...(f.callStatus ? { callStatus: f.callStatus } : {}),
              ...(f.finishStatus ? { finishStatus: f.finishStatus } : {}),
              ...(min !== undefined ? { durationMin: min } : {}),
              ...(max !== undefined ? { durationMax: max } : {}),
              ...(f.agent ? { userIds: [agent04] } : {}),
              ...(f.line ? { lineId: f.line } : {}),
            };
            const rows = await q<{ call_status: number; duration: number; postage: number }>(sql`
              select call_status, duration, postage from call_records
              where tenant_id = ${ids.tenantId} and start_time between ${new Date(range[0])} and ${new Date(range[1])}
                and ${f.reader === 'manager' ? managerScope : sql`true`}
                and ${f.callStatus ? sql`call_status = ${f.callStatus}` : sql`true`}
                and ${f.finishStatus ? sql`finish_status = ${f.finishStatus}` : sql`true`}
                and ${min !== undefined ? sql`duration >= ${min}` : sql`true`}
                and ${max !== undefined ? sql`duration <= ${max}` : sql`true`}
                and ${f.agent ? sql`user_id = ${agent04}` : sql`true`}
                and ${f.line ? sql`line_id = ${f.line}` : sql`true`}`);
            const token = f.reader === 'admin' ? admin : manager;
            expect((await t.call(d.getPage, { ...filter, limit: 1 }, token)).body.data.total).toBe(rows.length);
            expect((await t.call(d.getPageCount, filter, token)).body.data).toEqual({
              total: rows.length,
              connected: rows.filter((r) => r.call_status === 1).length,
              totalSecond: rows.reduce((s, r) => s + r.duration, 0),
              totalPostage: rows.reduce((s, r) => s + r.postage, 0),
            });
          },
        ),
        { numRuns: 40, seed: 20_261_125 },
      );
    }, 90_000);

    it('requires a time range of at most 93 days and consistent filters, with Chinese messages', async () => {
      const missing = await t.call(d.getPage, {} as TCallRecordQuery, admin);
      expect(missing.body).toMatchObject({ code: 10002, msg: expect.stringContaining('请选择通话时间范围') });
      const tooLong = await page(admin, { startRange: [now - 94 * day, now] });
      expect(tooLong.body).toMatchObject({ code: 10002, msg: expect.stringContaining('不能超过93天') });
      const reversed = await page(admin, { startRange: [now, now - day] });
      expect(reversed.body.code).toBe(10002);
      const minMax = await page(admin, { durationMin: 100, durationMax: 10 });
      expect(minMax.body.msg).toContain('最短通话时长不能大于最长通话时长');
      const shortNumber = await page(admin, { telB: '12' });
      expect(shortNumber.body.msg).toContain('4-12位数字');
      const count = await t.call(d.getPageCount, { startRange: [now - 100 * day, now] }, admin);
      expect(count.body.code).toBe(10002);
    });
  });

  describe('data scope', () => {
    it('shows an agent only his own calls, with masked numbers', async () => {
      const me = await ids.user('agent01');
      const res = (await page(agent, { limit: 500 })).body.data;
      expect(res.total).toBe((await direct(sql`user_id = ${me}`)).length);
      expect(res.total).toBeGreaterThan(0);
      expect(new Set(res.records.map((r) => r.realName))).toEqual(new Set(['王强']));
      expect(res.records.every((r) => /^\d{3}\*{4}\d{4}$/.test(r.telB))).toBe(true);
      // Asking for a colleague's calls finds nothing.
      const other = (await page(agent, { userIds: [await ids.user('agent02')] })).body.data;
      expect(other.total).toBe(0);
      const figures = (await t.call(d.getPageCount, { startRange: month }, agent)).body.data;
      expect(figures.total).toBe(res.total);
    });

    it("shows a manager his department's calls and none of another department", async () => {
      const dept1 = await ids.dept('销售一部');
      const res = (await page(manager, { limit: 500 })).body.data;
      const mine = await direct(sql`(dept_id in (with recursive s(id) as (
          select ${dept1}::bigint union all select c.id from departments c join s on c.parent_id = s.id
        ) select id from s) or user_id = ${await ids.user('manager')})`);
      expect(res.total).toBe(mine.length);
      expect(res.records.every((r) => r.deptName === '销售一部')).toBe(true);
      expect((await page(manager, { userIds: [await ids.user('agent04')] })).body.data.total).toBe(0);
      // The manager may see full numbers (查看号码).
      expect(res.records.some((r) => /^\d{11}$/.test(r.telB))).toBe(true);
    });

    it('opens a record of his scope with its details, and no other', async () => {
      const [own] = await direct(sql`user_id = ${await ids.user('agent01')}`);
      const [colleague] = await direct(sql`user_id = ${await ids.user('agent02')}`);
      const content = (await t.call(d.callDetailContent, { id: own!.id }, agent)).body;
      expect(content.code).toBe(0);
      expect(content.data).toMatchObject({ id: own!.id, realName: '王强', transcript: null, recording: null });
      expect(content.data.telB).toMatch(/^\d{3}\*{4}\d{4}$/);
      const refused = (await t.call(d.callDetailContent, { id: colleague!.id }, agent)).body;
      expect(refused).toMatchObject({ code: 10056, msg: '通话记录不存在或不在您的数据范围内', data: null });
      expect((await t.call(d.callDetailContent, { id: colleague!.id }, manager)).body.code).toBe(0);
    });

    it('gives a fresh recording link with the content only to people who may play recordings', async () => {
      const [own] = await direct(sql`user_id = ${await ids.user('agent01')}`);
      await t.database.db
        .update(callRecords)
        .set({ preRecordUrl: 'recordings/test.wav' })
        .where(eq(callRecords.id, own!.id));
      const content = (await t.call(d.callDetailContent, { id: own!.id }, agent)).body.data;
      expect(content.recording?.url).toMatch(new RegExp(`/${ids.tenantId}/${own!.id}\\?exp=\\d+&sig=[0-9a-f]{64}$`));
      expect(content.recording!.expiresAt).toBeGreaterThan(Date.now());
      // The list's play button asks recording-url, which 通话记录's play permission opens too.
      expect((await t.call(d.recordingUrl, { id: own!.id }, agent)).body.code).toBe(0);
      await t.database.db.execute(sql`update roles set permissions = array_remove(permissions, 'call:record:play')
        where tenant_id = ${ids.tenantId} and name = '坐席'`);
      const agentNoPlay = await t.loginAs.agent();
      const without = (await t.call(d.callDetailContent, { id: own!.id }, agentNoPlay)).body.data;
      expect(without.recording).toBeNull();
      expect(without.preRecordUrl).toBeNull();
      await t.database.db.execute(sql`update roles set permissions = array_append(permissions, 'call:record:play')
        where tenant_id = ${ids.tenantId} and name = '坐席'`);
      await t.database.db.update(callRecords).set({ preRecordUrl: null }).where(eq(callRecords.id, own!.id));
    });
  });

  describe('tenant isolation', () => {
    it("never shows or opens another enterprise's calls", async () => {
      const { db } = t.database;
      const stranger = await otherEnterprise(t, { code: 'E600006', username: 'recordboss', mobile: '13700000606' });
      const tenant = { id: stranger.tenantId };
      const boss = { id: stranger.userId };
      const [line] = await q<{ id: number }>(sql`select id::int as id from lines order by id limit 1`);
      const [theirs] = await db
        .insert(callRecords)
        .values({
          tenantId: tenant.id,
          userId: boss.id,
          lineId: line!.id,
          bindId: 'other-tenant-call',
          telA: '13700000606',
          telB: '13712349876',
          callStatus: 1,
          finishStatus: 1,
          duration: 30,
          startTime: new Date(now - day),
          endTime: new Date(now - day + 30_000),
        })
        .returning();
      const bossToken = stranger.token;
      const theirList = (await page(bossToken)).body.data;
      expect(theirList.records.map((r) => r.id)).toEqual([theirs!.id]);
      expect((await t.call(d.getPageCount, { startRange: month }, bossToken)).body.data.total).toBe(1);
      const ours = (await page(admin, { telB: '13712349876' })).body.data;
      expect(ours.total).toBe(0);
      expect((await t.call(d.callDetailContent, { id: theirs!.id }, admin)).body.code).toBe(10056);
      const [own] = await direct(sql`true`);
      expect((await t.call(d.callDetailContent, { id: own!.id }, bossToken)).body.code).toBe(10056);
    });
  });

  describe('export', () => {
    const exportOf = async (token: string, payload: object) => {
      const res = await t.app.inject({
        method: 'POST',
        url: d.exportRecords.path,
        payload,
        headers: { 'cloud-token': token },
      });
      const isFile = String(res.headers['content-type']).includes('spreadsheetml');
      return { res, rows: isFile ? await readXlsx(res.rawPayload) : [] };
    };

    it('streams the filtered list as xlsx with Chinese headers, rows equal to the list', async () => {
      const filter = { startRange: month, callStatus: 1, durationMin: 30 };
      const list = (await page(manager, { ...filter, limit: 500 })).body.data;
      expect(list.total).toBeGreaterThan(0);
      const { res, rows } = await exportOf(manager, filter);
      expect(decodeURIComponent(String(res.headers['content-disposition']))).toMatch(/通话记录-\d{8}\.xlsx/);
      expect(rows[0]).toEqual([
        '坐席',
        '部门',
        '客户号码',
        '外显号码',
        '线路',
        '通话状态',
        '结束状态',
        '通话时长',
        '开始时间',
        '结束时间',
        '费用（元）',
        '客户归属地',
      ]);
      expect(rows.slice(1).map((r) => [r[0], r[2], r[5], r[7], r[10]])).toEqual(
        list.records.map((r) => [r.realName, r.telB, '已接通', mmss(r.duration), yuan(r.postage)]),
      );
    });

    it('masks numbers for people who see them masked and keeps to their scope', async () => {
      expect((await exportOf(agent, { startRange: month })).res.json().code).toBe(403);
      await t.database.db.execute(sql`update roles set permissions = array_append(permissions, 'call:record:export')
        where tenant_id = ${ids.tenantId} and name = '坐席'`);
      const withExport = await t.loginAs.agent();
      const list = (await page(withExport, { limit: 500, sortField: 'duration', sortOrder: 'ascend' })).body.data;
      const { rows } = await exportOf(withExport, { startRange: month, sortField: 'duration', sortOrder: 'ascend' });
      expect(rows.length - 1).toBe(list.total);
      expect(rows.slice(1).map((r) => r[2])).toEqual(list.records.map((r) => r.telB));
      expect(rows.slice(1).every((r) => r[0] === '王强' && /^\d{3}\*{4}\d{4}$/.test(r[2]!))).toBe(true);
    });
  });

  it('lists the lines to filter by', async () => {
    const lines = (await t.call(d.selectBoughtLine, {}, agent)).body.data;
    expect(lines.length).toBeGreaterThan(0);
    expect(lines[0]).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
  });
});
