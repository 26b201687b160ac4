import { routeTables } from '@yunhu/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDb } from '../../db/client.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { billingDaily } from '../billing/index.js';
import { callDailyStats, callRecords } from '../call/call.schema.js';
import { callAnalyses } from '../call-analysis/call-analysis.schema.js';
import { lines } from '../line/line.schema.js';
import { tenants, users } from '../org/org.schema.js';
import { seats, seatTerms } from '../seat/index.js';
import { createTestAgent } from './agent.test-kit.js';
import { agentSeatSummaryRepository } from './agent-seat-summary.repository.js';
import { seatSummaryWindow } from './agent-seat-summary.service.js';

const { agent: r, auth, platform: platformRoutes } = routeTables;
const day = 24 * 3600 * 1000;

/**
 * 坐席汇总: per enterprise of the agent, its seats live / expiring within 7 days /
 * expired, seat months bought this month, calls and billed seconds this month; server-side pages,
 * another agent's enterprises never in it, index plans for every table it reads.
 */
describe('agent seat summary', () => {
  let t: TTestApp;
  let platform: string;
  let admin: string;
  const agents: Record<'a' | 'b', { id: number; inviteCode: string; token: string }> = {} as never;
  const firms: Record<'a1' | 'a2' | 'b1', { id: number; userId: number }> = {} as never;

  const ok = <T>(res: { body: { code: number; msg: string; data: T } }) => {
    expect(res.body.code, res.body.msg).toBe(0);
    return res.body.data;
  };
  const createAgent = (name: string, username: string, mobile: string) =>
    createTestAgent(t, platform, { name, username, mobile });
  const enterpriseOf = async (inviteCode: string, name: string, username: string, mobile: string) => {
    await t.call(auth.sendCode, { mobile, type: 'signup' }, null, t.freshIp());
    const reg = await t.call(auth.signup, {
      enterpriseName: name,
      realName: '老板',
      username,
      mobile,
      code: await t.smsCode(mobile),
      password: 'Reg@2026x',
      inviteCode,
    });
    expect(reg.body.code, reg.body.msg).toBe(0);
    const [row] = await t.database.db.select().from(tenants).where(eq(tenants.name, name));
    ok(await t.call(platformRoutes.examine, { id: row!.id, pass: true, reason: '' }, platform));
    const [user] = await t.database.db.select().from(users).where(eq(users.tenantId, row!.id));
    return { id: row!.id, userId: user!.id };
  };

  /** Seats in every state, terms this month and last, calls and charges this month and last. */
  const seedUse = async (tenantId: number, userId: number, scale: number) => {
    const db = t.database.db;
    const now = Date.now();
    const w = seatSummaryWindow(new Date(now));
    const [line] = await db.select().from(lines).where(eq(lines.status, 'active')).limit(1);
    const seatRow = (expireAt: number, status = 'active') => ({
      tenantId,
      lineId: line!.id,
      startAt: new Date(now - 40 * day),
      expireAt: new Date(expireAt),
      status,
    });
    const made = await db
      .insert(seats)
      .values([
        ...Array.from({ length: scale }, () => seatRow(now + 30 * day)),
        seatRow(now + 3 * day),
        seatRow(now - 2 * day),
        seatRow(now - 9 * day),
        seatRow(now + 60 * day, 'cancelled'),
      ])
      .returning({ id: seats.id });
    const term = (seatId: number, months: number, createdAt: Date, orderId: number) => ({
      tenantId,
      seatId,
      orderId,
      orderNo: `T${orderId}`,
      kind: 'seatPurchase',
      months,
      pricePerMonth: 1000,
      startsAt: createdAt,
      endsAt: new Date(createdAt.getTime() + months * 30 * day),
      createdAt,
    });
    await db
      .insert(seatTerms)
      .values([
        term(made[0]!.id, 3 * scale, new Date(now - 1000), tenantId * 10 + 1),
        term(made[1]!.id, 1, w.monthStart, tenantId * 10 + 2),
        term(made[2]!.id, 12, new Date(w.monthStart.getTime() - day), tenantId * 10 + 3),
      ]);
    const stats = (dayStart: Date, callNum: number) => ({
      tenantId,
      day: dayStart,
      userId,
      lineId: line!.id,
      callStatus: 1,
      finishStatus: 1,
      bindNum: 0,
      callNum,
      totalSecond: callNum * 30,
      totalMinute: callNum,
      totalPostage: 0,
      bandNum: [],
      bandSecond: [],
      bandPostage: [],
    });
    await db
      .insert(callDailyStats)
      .values([stats(w.monthStart, 4 * scale), stats(new Date(w.monthStart.getTime() - day), 100)]);
    const lastMonthDay = new Date(w.monthStart.getTime() - day + 8 * 3600 * 1000).toISOString().slice(0, 10);
    const charge = (d: string, billedSeconds: number) => ({
      tenantId,
      day: d,
      lineId: line!.id,
      userId,
      calls: 1,
      duration: billedSeconds,
      billedSeconds,
      amount: billedSeconds,
      packetSeconds: 0,
      balanceAmount: billedSeconds,
    });
    await db.insert(billingDaily).values([charge(w.monthStartDay, 360 * scale), charge(lastMonthDay, 9999)]);
  };

  /**
   * Analysed calls of an enterprise: this month one read A and one C, one still waiting; one done
   * last month.
   */
  const seedAnalyses = async (tenantId: number, userId: number) => {
    const { db } = t.database;
    const w = seatSummaryWindow(new Date());
    const [line] = await db.select().from(lines).where(eq(lines.status, 'active')).limit(1);
    const analysed = async (at: Date, state: 'done' | 'pending', intention: string | null) => {
      const [record] = await db
        .insert(callRecords)
        .values({
          tenantId,
          userId,
          lineId: line!.id,
          bindId: '',
          telA: '',
          telB: '13800000000',
          callStatus: 1,
          finishStatus: 1,
          startTime: at,
          endTime: at,
        })
        .returning();
      await db.insert(callAnalyses).values({
        tenantId,
        callRecordId: record!.id,
        state,
        createdAt: at,
        insight: intention ? ({ insight: { intention }, note: '' } as never) : null,
      });
    };
    const inMonth = new Date(w.monthStart.getTime() + 3600_000);
    await analysed(inMonth, 'done', 'A');
    await analysed(inMonth, 'done', 'C');
    await analysed(inMonth, 'pending', null);
    await analysed(new Date(w.monthStart.getTime() - 86_400_000), 'done', 'A');
  };

  beforeAll(async () => {
    t = await startTestApp();
    [platform, admin] = await Promise.all([t.loginAs.platform(), t.loginAs.admin()]);
    agents.a = await createAgent('汇总甲代理', 'sumagenta', '13833330001');
    agents.b = await createAgent('汇总乙代理', 'sumagentb', '13833330002');
    firms.a1 = await enterpriseOf(agents.a.inviteCode, '汇总甲一公司', 'suma1', '13833330011');
    firms.a2 = await enterpriseOf(agents.a.inviteCode, '汇总甲二公司', 'suma2', '13833330012');
    firms.b1 = await enterpriseOf(agents.b.inviteCode, '汇总乙一公司', 'sumb1', '13833330013');
    await seedUse(firms.a1.id, firms.a1.userId, 2);
    await seedUse(firms.b1.id, firms.b1.userId, 5);
    await seedAnalyses(firms.a1.id, firms.a1.userId);
  });
  afterAll(() => t.close());

  it('sums each enterprise of the agent: seats by state, this month’s seat months, calls, billed seconds and analysed calls by intention', async () => {
    const page = ok(await t.call(r.seatSummary, { page: 1, limit: 10 }, agents.a.token));
    expect(page.total).toBe(2);
    const of = (id: number) => page.records.find((e) => e.enterpriseId === id);
    expect(of(firms.a1.id)).toEqual({
      enterpriseId: firms.a1.id,
      enterpriseName: '汇总甲一公司',
      status: 'active',
      liveSeats: 3,
      expiringSeats: 1,
      expiredSeats: 2,
      seatMonths: 3 * 2 + 1,
      // The day's roll-up and this month's three analysed calls (their records count too).
      calls: 8 + 3,
      billedSeconds: 720,
      analysedCalls: 2,
      intentions: { A: 1, B: 0, C: 1, D: 0 },
    });
    expect(of(firms.a2.id)).toMatchObject({
      liveSeats: 0,
      expiringSeats: 0,
      expiredSeats: 0,
      seatMonths: 0,
      calls: 0,
      billedSeconds: 0,
      analysedCalls: 0,
      intentions: { A: 0, B: 0, C: 0, D: 0 },
    });
    // Another agent sees its own enterprise only, with its own figures.
    const theirs = ok(await t.call(r.seatSummary, { page: 1, limit: 10 }, agents.b.token));
    expect(theirs.records).toMatchObject([{ enterpriseId: firms.b1.id, liveSeats: 6, calls: 20, billedSeconds: 1800 }]);
  });

  it('pages and filters on the server', async () => {
    const first = ok(await t.call(r.seatSummary, { page: 1, limit: 1 }, agents.a.token));
    const second = ok(await t.call(r.seatSummary, { page: 2, limit: 1 }, agents.a.token));
    expect([first.total, first.pages, first.records.length, second.records.length]).toEqual([2, 2, 1, 1]);
    expect(first.records[0]!.enterpriseId).not.toBe(second.records[0]!.enterpriseId);
    const named = ok(await t.call(r.seatSummary, { page: 1, limit: 10, name: '甲一' }, agents.a.token));
    expect(named.records.map((e) => e.enterpriseName)).toEqual(['汇总甲一公司']);
    const bad = await t.call(r.seatSummary, { page: 0, limit: 10 }, agents.a.token);
    expect(bad.body.msg).toMatch(/^页码必须从1开始/);
  });

  it('refuses the summary to an enterprise user and to the platform (403)', async () => {
    for (const token of [admin, platform]) {
      expect((await t.call(r.seatSummary, { page: 1, limit: 10 }, token)).body.code).toBe(403);
    }
  });

  it('reads every table through an index (EXPLAIN with sequential scans priced out)', async () => {
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return agentSeatSummaryRepository.explain(tx as unknown as TDb, agents.a.id, seatSummaryWindow(new Date()), {
        page: 1,
        limit: 20,
      });
    });
    expect(plan).not.toMatch(/Seq Scan/);
    // Each table the summary reads is reached by an index scan (the name does not matter, the access does).
    for (const table of ['tenants', 'seats', 'seat_terms', 'call_daily_stats', 'billing_daily', 'call_analyses']) {
      const scans = plan.split('\n').filter((line) => new RegExp(` on ${table}\\b`).test(line));
      expect(scans.length, table).toBeGreaterThan(0);
      // A bitmap heap scan is fed by its bitmap index scan below it.
      for (const scan of scans) expect(scan, table).toMatch(/Index|Bitmap Heap Scan/);
    }
  });
});
