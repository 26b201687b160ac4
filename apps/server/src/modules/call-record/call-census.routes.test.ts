import { mmss, routeTables, type TCallFigures } from '@yunhu/contract';
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { deptSubtree } from '../../db/sql.js';
import { withTenant } from '../../db/tenant.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { otherEnterprise } from '../../test/other-enterprise.js';
import { callRepository } from '../call/call.repository.js';
import { callBinds, callRecords } from '../call/call.schema.js';
import { users } from '../org/org.schema.js';
import { demoIds, readXlsx } from '../org/org.test-kit.js';
import { figuresOf } from './call-census.repository.js';

const c = routeTables.callCensus;
const hour = 3_600_000;
const day = 24 * hour;
const shanghaiOffset = 8 * hour;
/** Five Asia/Shanghai days far from the seeded records: 2030-01-10 00:00 .. 2030-01-14 23:59:59.999 (+08:00). */
const base = Date.UTC(2030, 0, 10) - shanghaiOffset;
const range: [number, number] = [base, base + 5 * day - 1];

/** One generated call or dial request; day -1 and 5 fall outside the range and must not count. */
type TGen = {
  person: number;
  /** The department of the call: the person's own, another one, or none. */
  deptChoice: 0 | 1 | 2;
  day: number;
  minute: number;
  line: number;
  status: number;
  seconds: number;
  /** call_type: 1 outbound (in the roll-ups), 2 inbound and 3 internal (no line), read from the records: all counted. */
  type?: 1 | 2 | 3;
};
type TRow = {
  userId: number;
  deptId: number | null;
  lineId: number | null;
  at: number;
  status: number;
  seconds: number;
};

const arbGen: fc.Arbitrary<TGen> = fc.record({
  person: fc.nat({ max: 4 }),
  deptChoice: fc.constantFrom<0 | 1 | 2>(0, 0, 0, 1, 2),
  day: fc.integer({ min: -1, max: 5 }),
  minute: fc.nat({ max: 1439 }),
  line: fc.nat({ max: 2 }),
  status: fc.integer({ min: 1, max: 4 }),
  seconds: fc.nat({ max: 600 }),
  type: fc.constantFrom<1 | 2 | 3>(1, 1, 1, 2, 3),
});

const shanghaiDay = (at: number) => new Date(at + shanghaiOffset).toISOString().slice(0, 10);
const shanghaiHour = (at: number) => new Date(at + shanghaiOffset).getUTCHours();

/** The statistics of a set of rows counted directly (the expectation the SQL must meet). */
const direct = (calls: TRow[], binds: TRow[]): TCallFigures => {
  const connected = calls.filter((x) => x.status === 1);
  return figuresOf({
    bindNum: binds.length,
    callNum: calls.length,
    connectedNum: connected.length,
    totalSecond: calls.reduce((s, x) => s + x.seconds, 0),
    totalMinute: calls.reduce((s, x) => s + Math.ceil(x.seconds / 60), 0),
  });
};
const groupBy = <K>(calls: TRow[], binds: TRow[], keyOf: (x: TRow) => K) => {
  const keys = new Set([...calls.map(keyOf), ...binds.map(keyOf)]);
  return new Map(
    [...keys].map((k) => [
      k,
      direct(
        calls.filter((x) => keyOf(x) === k),
        binds.filter((x) => keyOf(x) === k),
      ),
    ]),
  );
};
const figuresOfRow = <T extends TCallFigures>(x: T): TCallFigures => ({
  bindNum: x.bindNum,
  callNum: x.callNum,
  connectedNum: x.connectedNum,
  notConnected: x.notConnected,
  connectionRate: x.connectionRate,
  totalSecond: x.totalSecond,
  totalMinute: x.totalMinute,
  averageCallSecond: x.averageCallSecond,
});

/** 话务统计 (spec section 7): every statistic equals a direct count over the same records. */
describe('call statistics', () => {
  let t: TTestApp;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let tokens: { admin: string; manager: string; agent: string };
  let people: { id: number; deptId: number }[];
  let lineIds: number[];
  let otherDept: number;
  let managerDepts: Set<number>;
  let managerId: number;
  let agentId: number;
  let other: { tenantId: number; userId: number; token: string };
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));

  beforeAll(async () => {
    t = await startTestApp();
    ids = await demoIds(t);
    const [admin, manager, agent] = await Promise.all([t.loginAs.admin(), t.loginAs.manager(), t.loginAs.agent()]);
    tokens = { admin, manager, agent };
    const names = ['manager', 'agent01', 'agent02', 'agent04', 'agent05'];
    const found = await t.database.db
      .select({ id: users.id, deptId: users.deptId, username: users.username })
      .from(users)
      .where(and(eq(users.tenantId, ids.tenantId), inArray(users.username, names)));
    people = names.map((n) => {
      const u = found.find((x) => x.username === n)!;
      return { id: u.id, deptId: u.deptId! };
    });
    managerId = people[0]!.id;
    agentId = people[1]!.id;
    lineIds = (await q<{ id: number }>(sql`select id from lines order by id limit 3`)).map((x) => Number(x.id));
    otherDept = await ids.dept('销售二部');
    const sales1 = await ids.dept('销售一部');
    managerDepts = new Set(
      (await q<{ id: number }>(sql`select id from ${deptSubtree(ids.tenantId, sales1)} as s`)).map((x) => Number(x.id)),
    );

    // Another enterprise with calls in the same days: never counted for the demo enterprise.
    other = await otherEnterprise(t, { code: 'E600016', username: 'censusboss', mobile: '13700000616' });
  });
  afterAll(() => t.close());

  let seq = 0;
  /** Replaces the generated rows of the window with these, in both enterprises. */
  const insert = async (calls: TGen[], binds: TGen[]) => {
    const { db } = t.database;
    const window = and(
      gte(callRecords.startTime, new Date(base - 2 * day)),
      lt(callRecords.startTime, new Date(base + 7 * day)),
    );
    await db.delete(callRecords).where(window);
    await db
      .delete(callBinds)
      .where(
        and(gte(callBinds.createdAt, new Date(base - 2 * day)), lt(callBinds.createdAt, new Date(base + 7 * day))),
      );
    const rowOf = (g: TGen): TRow => {
      const person = people[g.person]!;
      return {
        userId: person.id,
        deptId: g.deptChoice === 0 ? person.deptId : g.deptChoice === 1 ? otherDept : null,
        lineId: lineIds[g.line % lineIds.length]!,
        at: base + g.day * day + g.minute * 60_000 + (g.seconds % 60) * 1000,
        status: g.status,
        // Only connected calls have talk time (like the carrier's records).
        seconds: g.status === 1 ? g.seconds : 0,
      };
    };
    const allTypes = calls.map((g) => ({ ...rowOf(g), type: g.type ?? 1 }));
    // The statistics count every call 通话记录 lists: inbound and internal ones too (an internal call has no line).
    const callRows = allTypes.map((x) => (x.type === 3 ? { ...x, lineId: null } : x));
    const bindRows = binds.map(rowOf);
    const telB = (n: number) => `139${String(n).padStart(8, '0')}`;
    const records = allTypes.map((x) => ({
      tenantId: ids.tenantId,
      userId: x.userId,
      deptId: x.deptId,
      lineId: x.type === 3 ? null : x.lineId,
      callType: x.type,
      bindId: `census-${++seq}`,
      telA: '13800000000',
      telB: telB(seq),
      callStatus: x.status,
      finishStatus: x.status === 1 ? 1 : 3,
      duration: x.seconds,
      startTime: new Date(x.at),
      endTime: new Date(x.at + x.seconds * 1000),
    }));
    // The other enterprise calls at the same times.
    const theirs = callRows.map((x) => ({
      ...records[0]!,
      callType: 1,
      tenantId: other.tenantId,
      userId: other.userId,
      deptId: null,
      lineId: x.lineId ?? lineIds[0]!,
      bindId: `census-other-${++seq}`,
      duration: 0,
      startTime: new Date(x.at),
      endTime: new Date(x.at),
    }));
    // Half of the demo enterprise's calls and dial requests go through the server's own insert path
    // (as yunhu_app under row-level security, one row per statement), the rest in bulk: the
    // roll-up the statistics read (call_hourly_stats) must follow both.
    const viaRepository = records.filter((_, i) => i % 2 === 1);
    const bulk = [...records.filter((_, i) => i % 2 === 0), ...theirs];
    if (bulk.length) await db.insert(callRecords).values(bulk);
    if (viaRepository.length) {
      await withTenant(t.database, ids.tenantId, async (tx) => {
        for (const row of viaRepository) {
          await callRepository.insertRecordOnce(tx, { ...row, carrierCallId: `census-call-${row.bindId}` });
        }
      });
    }
    const bindValues = bindRows.flatMap((x) => [
      {
        tenantId: ids.tenantId,
        bindId: `census-bind-${++seq}`,
        userId: x.userId,
        deptId: x.deptId,
        lineId: x.lineId!,
        lineMode: 2,
        telB: telB(seq),
        state: 'finished',
        createdAt: new Date(x.at),
      },
      {
        tenantId: other.tenantId,
        bindId: `census-bind-other-${++seq}`,
        userId: other.userId,
        lineId: x.lineId!,
        lineMode: 2,
        telB: telB(seq),
        state: 'finished',
        createdAt: new Date(x.at),
      },
    ]);
    const bindsViaRepository = bindValues.filter((_, i) => i % 4 === 2);
    const bulkBinds = bindValues.filter((_, i) => i % 4 !== 2);
    if (bulkBinds.length) await db.insert(callBinds).values(bulkBinds);
    if (bindsViaRepository.length) {
      await withTenant(t.database, ids.tenantId, async (tx) => {
        for (const row of bindsViaRepository) await callRepository.insertBind(tx, row);
      });
    }
    const inRange = (x: TRow) => x.at >= range[0] && x.at <= range[1];
    return { calls: callRows.filter(inRange), binds: bindRows.filter(inRange), allCalls: callRows, allBinds: bindRows };
  };

  /** Which rows each reader sees: the administrator all, the manager his department and below, an agent his own. */
  const visible = {
    admin: () => true,
    manager: (x: TRow) => x.userId === managerId || (x.deptId !== null && managerDepts.has(x.deptId)),
    agent: (x: TRow) => x.userId === agentId,
  };

  const checkAll = async (reader: keyof typeof visible, allCalls: TRow[], allBinds: TRow[]) => {
    const token = tokens[reader];
    const calls = allCalls.filter(visible[reader]);
    const binds = allBinds.filter(visible[reader]);
    const body = { startRange: range };

    const totals = (await t.call(c.baseCensus, body, token)).body;
    expect(totals.code).toBe(0);
    expect(totals.data).toEqual(direct(calls, binds));

    const days = (await t.call(c.census, body, token)).body.data;
    const byDay = groupBy(calls, binds, (x) => shanghaiDay(x.at));
    expect(days.map((x) => x.day)).toEqual([0, 1, 2, 3, 4].map((i) => shanghaiDay(base + i * day)));
    for (const x of days) expect(figuresOfRow(x)).toEqual(byDay.get(x.day) ?? direct([], []));

    const hours = (await t.call(c.hourCensus, body, token)).body.data;
    const byHour = groupBy(calls, binds, (x) => shanghaiHour(x.at));
    expect(hours.map((x) => x.hour)).toEqual([...Array(24).keys()]);
    for (const x of hours) expect(figuresOfRow(x)).toEqual(byHour.get(x.hour) ?? direct([], []));

    const agents = (await t.call(c.statisticsUsePage, { ...body, limit: 500 }, token)).body.data;
    const byUser = groupBy(calls, binds, (x) => x.userId);
    expect(agents.total).toBe(byUser.size);
    expect(new Map(agents.records.map((x) => [x.userId, figuresOfRow(x)]))).toEqual(byUser);
    // Most calls first by default.
    const callNums = agents.records.map((x) => x.callNum);
    expect(callNums).toEqual([...callNums].sort((a, b) => b - a));

    const lines = (await t.call(c.huaJiCensus, body, token)).body.data;
    // A line's rows are its calls: an internal call has none.
    const lineCalls = calls.filter((x) => x.lineId !== null);
    expect(new Map(lines.map((x) => [x.lineId, figuresOfRow(x)]))).toEqual(groupBy(lineCalls, binds, (x) => x.lineId));

    const depts = (await t.call(c.localCensus, body, token)).body.data;
    expect(new Map(depts.map((x) => [x.deptId, figuresOfRow(x)]))).toEqual(groupBy(calls, binds, (x) => x.deptId));

    const detail = (await t.call(c.getCensusDetail, { ...body, limit: 500 }, token)).body.data;
    const byDayUser = groupBy(calls, binds, (x) => `${shanghaiDay(x.at)}/${x.userId}`);
    expect(detail.total).toBe(byDayUser.size);
    expect(new Map(detail.records.map((x) => [`${x.day}/${x.userId}`, figuresOfRow(x)]))).toEqual(byDayUser);
  };

  it('equals a direct count over generated records for every statistic, reader and enterprise', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(arbGen, { maxLength: 50 }),
        fc.array(arbGen, { maxLength: 30 }),
        async (callGens, bindGens) => {
          const { calls, binds } = await insert(callGens, bindGens);
          await checkAll('admin', calls, binds);
          await checkAll('manager', calls, binds);
          await checkAll('agent', calls, binds);
          // The other enterprise sees exactly its own copies of the calls.
          const theirs = (await t.call(c.baseCensus, { startRange: range }, other.token)).body.data;
          expect(theirs.callNum).toBe(calls.length);
          expect(theirs.bindNum).toBe(binds.length);
          expect(theirs.totalSecond).toBe(0);
        },
      ),
      { numRuns: 15, seed: 20_261_123 },
    );
  }, 120_000);

  it("counts an internal call as 通话记录 lists it: the home's figures equal the list's", async () => {
    const outbound: TGen = { person: 1, deptChoice: 0, day: 1, minute: 600, line: 0, status: 1, seconds: 76, type: 1 };
    const internal: TGen = { ...outbound, minute: 640, seconds: 8, type: 3 };
    await insert([outbound, internal], [outbound]);
    const body = { startRange: range };
    const home = (await t.call(c.baseCensus, body, tokens.admin)).body.data;
    const list = (await t.call(routeTables.callRecord.getPage, { ...body, page: 1, limit: 10 }, tokens.admin)).body
      .data;
    const count = (await t.call(routeTables.callRecord.getPageCount, body, tokens.admin)).body.data;
    expect(home).toMatchObject({ callNum: 2, connectedNum: 2, totalSecond: 84, bindNum: 1 });
    expect(list.total).toBe(home.callNum);
    expect(count).toMatchObject({ total: home.callNum, totalSecond: home.totalSecond });
  });

  it('stays exact over ranges that start and end inside an hour (roll-up plus the rows at the ends)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(arbGen, { maxLength: 40 }),
        fc.array(arbGen, { maxLength: 20 }),
        fc.integer({ min: 0, max: 5 * day - 1 }),
        fc.integer({ min: 0, max: 3 * day }),
        async (callGens, bindGens, offset, length) => {
          const { allCalls, allBinds } = await insert(callGens, bindGens);
          const span: [number, number] = [base + offset, base + offset + length];
          const within = (x: TRow) => x.at >= span[0] && x.at <= span[1];
          for (const reader of ['admin', 'manager'] as const) {
            const calls = allCalls.filter(within).filter(visible[reader]);
            const binds = allBinds.filter(within).filter(visible[reader]);
            const body = { startRange: span };
            expect((await t.call(c.baseCensus, body, tokens[reader])).body.data).toEqual(direct(calls, binds));
            const hours = (await t.call(c.hourCensus, body, tokens[reader])).body.data;
            const byHour = groupBy(calls, binds, (x) => shanghaiHour(x.at));
            for (const x of hours) expect(figuresOfRow(x)).toEqual(byHour.get(x.hour) ?? direct([], []));
            const agents = (await t.call(c.statisticsUsePage, { ...body, limit: 500 }, tokens[reader])).body.data;
            expect(new Map(agents.records.map((x) => [x.userId, figuresOfRow(x)]))).toEqual(
              groupBy(calls, binds, (x) => x.userId),
            );
          }
        },
      ),
      { numRuns: 10, seed: 20_261_124 },
    );
  }, 120_000);

  it('filters by agent and line, and sorts and pages the agents in the database', async () => {
    const gens = Array.from({ length: 40 }, (_, i) => ({
      person: i % 5,
      deptChoice: 0 as const,
      day: i % 5,
      minute: (i * 37) % 1440,
      line: i % 3,
      status: (i % 4) + 1,
      seconds: (i * 53) % 600,
    }));
    const { calls } = await insert(gens, gens.slice(0, 12));
    const agent = people[2]!.id;
    const mine = (await t.call(c.baseCensus, { startRange: range, userIds: [agent] }, tokens.admin)).body.data;
    expect(mine.callNum).toBe(calls.filter((x) => x.userId === agent).length);
    const line = lineIds[1]!;
    const onLine = (await t.call(c.baseCensus, { startRange: range, lineId: line }, tokens.admin)).body.data;
    expect(onLine.callNum).toBe(calls.filter((x) => x.lineId === line).length);

    const all = (
      await t.call(
        c.statisticsUsePage,
        { startRange: range, limit: 500, sortField: 'totalSecond', sortOrder: 'ascend' },
        tokens.admin,
      )
    ).body.data.records;
    const seconds = all.map((x) => x.totalSecond);
    expect(seconds).toEqual([...seconds].sort((a, b) => a - b));
    const rates = (
      await t.call(c.statisticsUsePage, { startRange: range, limit: 500, sortField: 'connectionRate' }, tokens.admin)
    ).body.data.records.map((x) => x.connectionRate);
    expect(rates).toEqual([...rates].sort((a, b) => b - a));
    const page2 = (
      await t.call(
        c.statisticsUsePage,
        { startRange: range, page: 2, limit: 2, sortField: 'totalSecond', sortOrder: 'ascend' },
        tokens.admin,
      )
    ).body.data;
    expect(page2.total).toBe(all.length);
    expect(page2.records.map((x) => x.userId)).toEqual(all.slice(2, 4).map((x) => x.userId));
  });

  it('refuses a range longer than 93 days or reversed, with Chinese messages', async () => {
    const long = await t.call(c.baseCensus, { startRange: [base, base + 94 * day] }, tokens.admin);
    expect(long.body.code).toBe(10002);
    expect(long.body.msg).toContain('统计时间范围不能超过93天');
    const reversed = await t.call(c.census, { startRange: [base + day, base] }, tokens.admin);
    expect(reversed.body.msg).toContain('开始时间不能晚于结束时间');
  });

  it('gives an agent without the export permission no export', async () => {
    const res = await t.call(c.statisticsUserExport, { startRange: range }, tokens.agent);
    expect(res.body.code).not.toBe(0);
  });

  describe('export', () => {
    const exportOf = async (route: typeof c.statisticsUserExport | typeof c.censusDetailDownload, payload: object) => {
      const res = await t.app.inject({
        method: 'POST',
        url: route.path,
        payload,
        headers: { 'cloud-token': tokens.manager },
      });
      expect(String(res.headers['content-type'])).toContain('spreadsheetml');
      return readXlsx(res.rawPayload);
    };

    it('streams the per-agent list of the same filter and order as xlsx, rows equal to the list', async () => {
      const gens = Array.from({ length: 30 }, (_, i) => ({
        person: i % 5,
        deptChoice: 0 as const,
        day: i % 5,
        minute: (i * 91) % 1440,
        line: i % 3,
        status: (i % 3) + 1,
        seconds: (i * 41) % 600,
      }));
      await insert(gens, gens);
      const body = { startRange: range, sortField: 'totalSecond' as const, sortOrder: 'descend' as const };
      const list = (await t.call(c.statisticsUsePage, { ...body, limit: 500 }, tokens.manager)).body.data.records;
      expect(list.length).toBeGreaterThan(1);
      const rows = await exportOf(c.statisticsUserExport, body);
      expect(rows[0]).toEqual([
        '坐席',
        '部门',
        '拨打次数',
        '通话次数',
        '接通次数',
        '未接通次数',
        '接通率（%）',
        '通话时长',
        '通话总秒数',
        '计费分钟',
        '平均通话秒数',
      ]);
      expect(rows.slice(1)).toEqual(
        list.map((x) => [
          x.realName,
          x.deptName,
          String(x.bindNum),
          String(x.callNum),
          String(x.connectedNum),
          String(x.notConnected),
          x.connectionRate.toFixed(2),
          mmss(x.totalSecond),
          String(x.totalSecond),
          String(x.totalMinute),
          String(x.averageCallSecond),
        ]),
      );

      const detail = (await t.call(c.getCensusDetail, { startRange: range, limit: 500 }, tokens.manager)).body.data
        .records;
      const detailRows = await exportOf(c.censusDetailDownload, { startRange: range });
      expect(detailRows.slice(1).map((r) => [r[0], r[1], r[3]])).toEqual(
        detail.map((x) => [x.day, x.realName, String(x.callNum)]),
      );
    });
  });
});
