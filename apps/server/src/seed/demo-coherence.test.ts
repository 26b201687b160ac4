import { defaultCallingSettings, routeTables } from '@yunhu/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client.js';
import { startTestApp, type TTestApp } from '../test/harness.js';

const { callCensus, callRecord, crm, crmImport } = routeTables;
const day = 86_400_000;

/**
 * A coherent demo: every figure of the home cards equals what its list shows for the same
 * range and the same person's scope (through the API, as the screens ask), every 最近跟进 has its
 * follow-up records, and every call record its dial request.
 */
describe('the demo agrees with itself', () => {
  let t: TTestApp;
  const tokens: Record<string, string> = {};
  // The home cards' ranges: today and the last 7 and 30 Asia/Shanghai days, up to now.
  const now = Date.now();
  const shanghaiMidnight = Math.floor((now + 8 * 3_600_000) / day) * day - 8 * 3_600_000;
  const ranges: [string, [number, number]][] = [
    ['today', [shanghaiMidnight, now]],
    ['7 days', [shanghaiMidnight - 6 * day, now]],
    ['30 days', [shanghaiMidnight - 29 * day, now]],
  ];

  beforeAll(async () => {
    t = await startTestApp();
    tokens.admin = await t.loginAs.admin();
    tokens.manager = await t.loginAs.manager();
    tokens.agent01 = await t.loginAs.agent();
  });
  afterAll(() => t.close());

  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));

  for (const who of ['admin', 'manager', 'agent01']) {
    for (const [name, startRange] of ranges) {
      it(`话务统计 of ${who} over ${name} equals 通话记录 as it opens (every call type) and the agents' rows`, async () => {
        const token = tokens[who]!;
        const base = await t.call(callCensus.baseCensus, { startRange }, token);
        expect(base.body.code).toBe(0);
        const figures = base.body.data;
        const list = await t.call(callRecord.getPage, { startRange, page: 1, limit: 1 }, token);
        const connected = await t.call(callRecord.getPage, { startRange, page: 1, limit: 1, callStatus: 1 }, token);
        const count = await t.call(callRecord.getPageCount, { startRange }, token);
        const outbound = await t.call(callRecord.getPage, { startRange, page: 1, limit: 1, callType: 1 }, token);
        expect(figures.callNum).toBe(list.body.data.total);
        expect(figures.connectedNum).toBe(connected.body.data.total);
        expect(figures.callNum).toBe(count.body.data.total);
        expect(figures.totalSecond).toBe(count.body.data.totalSecond);
        // 拨打次数: every seeded outbound call has its dial request, and none is in flight.
        expect(figures.bindNum).toBe(outbound.body.data.total);
        const agents = await t.call(
          callCensus.statisticsUsePage,
          { startRange, page: 1, limit: 100, sortField: 'totalSecond', sortOrder: 'descend' },
          token,
        );
        const rows = agents.body.data.records;
        expect(rows.reduce((s, r) => s + r.callNum, 0)).toBe(figures.callNum);
        expect(rows.reduce((s, r) => s + r.bindNum, 0)).toBe(figures.bindNum);
      });
    }
  }

  for (const who of ['admin', 'manager', 'agent01']) {
    it(`客户统计 of ${who} counts the follow-ups the ranking lists, day by day`, async () => {
      const token = tokens[who]!;
      const [from, to] = ranges[2]![1];
      const census = await t.call(crm.census, { from, to }, token);
      expect(census.body.code).toBe(0);
      const followed = census.body.data.followsPerDay.reduce((s, d) => s + d.count, 0);
      expect(followed).toBeGreaterThan(0);
      const rank = await t.call(crmImport.rankList, { from, to }, token);
      expect(rank.body.data.reduce((s, r) => s + r.followed, 0)).toBe(followed);
    });
  }

  it('has follow-up records behind every 最近跟进: the last one is its time and content', async () => {
    const [row] = await q<{ followed: number; missing: number; mismatched: number }>(sql`
      select count(*)::int as followed,
        count(*) filter (where f.id is null)::int as missing,
        count(*) filter (where f.id is not null and (f.created_at <> c.last_follow_at or f.content <> c.last_follow_content))::int as mismatched
      from customers c
      left join lateral (select id, created_at, content from crm_follow_records r
                         where r.customer_id = c.id order by created_at desc limit 1) f on true
      where c.last_follow_at is not null`);
    expect(row!.followed).toBeGreaterThan(100);
    expect(row).toMatchObject({ missing: 0, mismatched: 0 });
    // And nobody was followed up without the customer showing it.
    const [orphans] = await q<{ n: number }>(sql`
      select count(*)::int as n from customers c
      where c.last_follow_at is null and exists (select 1 from crm_follow_records r where r.customer_id = c.id)`);
    expect(orphans!.n).toBe(0);
  });

  it('has a dial request behind every call record, by the same person on the same line', async () => {
    const [row] = await q<{ records: number; missing: number; binds: number }>(sql`
      select (select count(*)::int from call_records where call_type = 1) as records,
        (select count(*)::int from call_records r where r.call_type = 1 and not exists (
           select 1 from call_binds b where b.bind_id = r.bind_id and b.user_id = r.user_id and b.line_id = r.line_id
             and b.customer_id is not distinct from r.customer_id)) as missing,
        (select count(*)::int from call_binds) as binds`);
    expect(row!.records).toBeGreaterThan(500);
    expect(row!.missing).toBe(0);
    expect(row!.binds).toBe(row!.records);
  });

  it("states the calling hours in the platform's notice as the demo's staff have them", async () => {
    const [notice] = await q<{ content: string }>(
      sql`select content from notices where title = '关于规范外呼时段的提醒'`,
    );
    const { allowedFrom, allowedTo } = defaultCallingSettings;
    expect(notice!.content).toContain(`${allowedFrom}-${allowedTo}`);
    expect(notice!.content).toContain('呼叫管理');
    const [custom] = await q<{ n: number }>(sql`select count(*)::int as n from calling_settings`);
    expect(custom!.n).toBe(0);
  });

  it("signs the demo reseller and its distributor in with the README's passwords, each to its own console", async () => {
    const reseller = await t.call(
      routeTables.auth.login,
      { username: 'reseller', password: 'Reseller@2026' },
      null,
      t.freshIp(),
    );
    expect(reseller.body.data).toMatchObject({ mustChangePassword: false });
    const mine = await t.call(routeTables.agent.info, {}, reseller.body.data.token);
    expect(mine.body.data).toMatchObject({ name: '杭州云帆通信代理有限公司' });
    const distributor = await t.call(
      routeTables.auth.login,
      { username: 'distributor', password: 'Distributor@2026' },
      null,
      t.freshIp(),
    );
    expect(distributor.body.data).toMatchObject({ mustChangePassword: false });
    const its = await t.call(routeTables.agent.info, {}, distributor.body.data.token);
    expect(its.body.data).toMatchObject({ name: '西湖区经销商', inviteCode: 'XHJXDEM526', balance: 0 });
  });

  it("charges the demo's answered calls through billing: 消费明细, 账单 and 账单分析 have them, packages then the balance paid them", async () => {
    const consume = await t.call(routeTables.billing.consumePage, { page: 1, limit: 1 }, tokens.admin!);
    const [row] = await q<{
      calls: number;
      charged: number;
      amount: number;
      postage: number;
      fromBalance: number;
      booked: number;
    }>(sql`select
        (select count(*)::int from call_records where call_status = 1 and duration > 0 and line_id is not null) as calls,
        (select count(*)::int from call_charges) as charged,
        (select coalesce(sum(amount), 0)::int from call_charges) as amount,
        (select coalesce(sum(postage), 0)::int from call_records) as postage,
        (select coalesce(sum(balance_amount), 0)::int from call_charges) as "fromBalance",
        (select coalesce(-sum(amount), 0)::int from ledger_entries where kind = 'consumption') as booked`);
    expect(row!.charged).toBeGreaterThan(100);
    expect(row!.charged).toBe(row!.calls);
    expect(consume.body.data.total).toBe(row!.charged);
    expect(row!.postage).toBe(row!.amount);
    // What the packages did not pay is in 收支明细.
    expect(row!.booked).toBe(row!.fromBalance);
    const month = new Date(now + 8 * 3_600_000).toISOString().slice(0, 7);
    const analysis = await t.call(routeTables.billing.billAnalysis, { month }, tokens.admin!);
    expect(analysis.body.data.totals.calls).toBeGreaterThan(0);
    const bill = await t.call(routeTables.billing.billPage, { page: 1, limit: 10, month }, tokens.admin!);
    expect(bill.body.data.total).toBeGreaterThan(0);
  });
});
