import { BillingPerm, routeTables } from '@yunhu/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExcelJS } from '../../http/exceljs.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { otherEnterprise } from '../../test/other-enterprise.js';
import { roles, userRoles, users } from '../org/org.schema.js';
import { lineRates } from './billing.schema.js';
import { billingKit } from './billing.test-kit.js';

const { billing: routes } = routeTables;

/**
 * Billing's screens: 消费明细 within the data scope, 账单 and 账单分析 from the day
 * roll-up agreeing with the charges, 收支明细 / 退款 / 月度汇总 from the ledger, the exports, the
 * platform's rates (history kept, never backdated) and revenue; another enterprise sees nothing.
 */
describe('billing routes', () => {
  let t: TTestApp;
  let kit: Awaited<ReturnType<typeof billingKit>>;
  let admin: string;
  let agent: string;
  let manager: string;
  let platform: string;
  let other: Awaited<ReturnType<typeof otherEnterprise>>;
  let lineId: number;
  const month = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 7);

  const ok = <T>(res: { body: { code: number; msg: string; data: T } }) => {
    expect(res.body.code, res.body.msg).toBe(0);
    return res.body.data;
  };

  beforeAll(async () => {
    t = await startTestApp();
    kit = await billingKit(t);
    [admin, agent, manager, platform] = await Promise.all([
      t.loginAs.admin(),
      t.loginAs.agent(),
      t.loginAs.manager(),
      t.loginAs.platform(),
    ]);
    other = await otherEnterprise(t, { code: 'E400016', username: 'billboss', mobile: '13700001601' });
    // The agent's and the manager's roles may read consumption and bills within their scope.
    const agentRoles = await t.database.db
      .select({ roleId: userRoles.roleId })
      .from(userRoles)
      .where(inArray(userRoles.userId, [(await kit.person('agent01')).id, (await kit.person('manager')).id]));
    await t.database.db
      .update(roles)
      .set({
        permissions: sql`${roles.permissions} || array[${BillingPerm.consumeList}, ${BillingPerm.billList}]::text[]`,
      })
      .where(
        inArray(
          roles.id,
          agentRoles.map((r) => r.roleId),
        ),
      );
    [agent, manager] = await Promise.all([t.loginAs.agent(), t.loginAs.manager()]);
    const line = await kit.newLine({ unitPrice: 12, incrementSeconds: 60 });
    lineId = line.id;
    await kit.addPacket(line.id, 2, 10);
    await kit.move(10_000);
    // agent01's two calls (one on the package, one spilling to the balance), the manager's one.
    await kit.finish(await kit.bind(line.id, 'agent01'), 90);
    await kit.finish(await kit.bind(line.id, 'agent01'), 100);
    await kit.finish(await kit.bind(line.id, 'manager'), 30);
  });
  afterAll(() => t.close());

  it('lists every charged call to the administrator with what paid for it', async () => {
    const page = ok(await t.call(routes.consumePage, { page: 1, limit: 20, lineId }, admin));
    expect(page.total).toBe(3);
    const [newest] = page.records;
    expect(newest).toMatchObject({ lineId, unitPrice: 12, incrementSeconds: 60 });
    const spilled = page.records.find((r) => r.balanceAmount > 0)!;
    expect(page.records.some((r) => r.paidBy.packets.length > 0)).toBe(true);
    expect(spilled.paidBy.balance).toBe(spilled.balanceAmount);
    expect(page.records.reduce((s, r) => s + r.packetSeconds, 0)).toBe(120);
    const one = ok(await t.call(routes.consumeById, { recordId: spilled.recordId }, admin));
    expect(one).toEqual(spilled);
  });

  it('counts the consumption list from the day roll-up exactly, whatever the range and its edges', async () => {
    // Calls either side of a Shanghai midnight D0: yesterday 10:00, yesterday's last millisecond,
    // D0 itself, today 05:00 — the total of every range (the screen's day ranges, which end at
    // 23:59:59.999, and any other) must be the number of rows the list has.
    const line = await kit.newLine({ unitPrice: 12, incrementSeconds: 60 });
    const day = 86_400_000;
    const d0 = Math.floor((Date.now() + 8 * 3_600_000) / day) * day - 8 * 3_600_000;
    const starts = [d0 - day + 10 * 3_600_000, d0 - 1, d0, d0 + 5 * 3_600_000];
    for (const start of starts) {
      const bindId = await kit.bind(line.id, 'agent01');
      await t.app.call.callbacks.ingestCarrier({
        callId: `range-${bindId}`,
        bindId,
        outcome: 'connected',
        telA: '13800000002',
        telB: '13900000000',
        telX: '',
        startTime: start,
        answerTime: start + 5_000,
        endTime: start + 65_000,
        finishStatus: 2,
        recordingKey: null,
      } as Parameters<typeof t.app.call.callbacks.ingestCarrier>[0]);
    }
    const ranges: [number | undefined, number | undefined, number][] = [
      [d0 - day, d0 + day - 1, 4],
      [d0, d0 + day - 1, 2],
      [d0 - day, d0 - 1, 1],
      [d0 - day + 10 * 3_600_000, d0 + 5 * 3_600_000, 3],
      [d0 - 1, d0 + 1, 2],
      [d0 + 5 * 3_600_000 + 1, undefined, 0],
      [undefined, d0, 2],
      [undefined, undefined, 4],
    ];
    for (const [from, to, expected] of ranges) {
      const page = ok(await t.call(routes.consumePage, { page: 1, limit: 500, lineId: line.id, from, to }, admin));
      expect([from, to, page.total]).toEqual([from, to, expected]);
      expect(page.records).toHaveLength(expected);
    }
    // Within the agent's scope and with a person's filter the same: the manager has none on this line.
    expect(ok(await t.call(routes.consumePage, { page: 1, limit: 20, lineId: line.id, from: d0 }, agent)).total).toBe(
      2,
    );
    const managerId = (await kit.person('manager')).id;
    expect(
      ok(await t.call(routes.consumePage, { page: 1, limit: 20, lineId: line.id, userId: managerId }, admin)).total,
    ).toBe(0);
    // A deep page lists what the total says is there, in time order.
    const second = ok(await t.call(routes.consumePage, { page: 2, limit: 3, lineId: line.id }, admin));
    expect(second.total).toBe(4);
    expect(second.records.map((r) => r.startTime)).toEqual([starts[0]]);
  });

  it('shows the agent only his own calls, and refuses him another person\u2019s', async () => {
    const mine = ok(await t.call(routes.consumePage, { page: 1, limit: 20, lineId }, agent));
    const agentId = (await kit.person('agent01')).id;
    expect(mine.total).toBe(2);
    expect(mine.records.every((r) => r.userId === agentId)).toBe(true);
    const all = ok(await t.call(routes.consumePage, { page: 1, limit: 20, lineId }, admin));
    const managers = all.records.find((r) => r.userId !== agentId)!;
    const res = await t.call(routes.consumeById, { recordId: managers.recordId }, agent);
    expect(res.body.code).toBe(10056);
    expect(res.body.msg).toContain('消费记录不存在');
  });

  it('keeps another enterprise out of every list, bill and record', async () => {
    const page = ok(await t.call(routes.consumePage, { page: 1, limit: 20 }, other.token));
    expect(page.total).toBe(0);
    const all = ok(await t.call(routes.consumePage, { page: 1, limit: 1, lineId }, admin));
    expect((await t.call(routes.consumeById, { recordId: all.records[0]!.recordId }, other.token)).body.code).toBe(
      10056,
    );
    expect(ok(await t.call(routes.billPage, { page: 1, limit: 20, month }, other.token)).total).toBe(0);
    expect(ok(await t.call(routes.billAnalysis, { month }, other.token)).totals.calls).toBe(0);
    expect(ok(await t.call(routes.revenueExpPage, { page: 1, limit: 20 }, other.token)).total).toBe(0);
  });

  it('sums the month per line and department as the charges say, and analyses it', async () => {
    const bill = ok(await t.call(routes.billPage, { page: 1, limit: 50, month, lineId }, admin));
    const charges = await kit.chargesOfLine(lineId);
    expect(bill.records.reduce((s, r) => s + r.amount, 0)).toBe(charges.reduce((s, c) => s + c.amount, 0));
    expect(bill.records.reduce((s, r) => s + r.calls, 0)).toBe(3);
    expect(bill.records.every((r) => r.lineName.startsWith('计费测试线路'))).toBe(true);
    const analysis = ok(await t.call(routes.billAnalysis, { month }, admin));
    expect(analysis.byDay.reduce((s, d) => s + d.amount, 0)).toBe(analysis.totals.amount);
    expect(analysis.byLine.find((l) => l.id === lineId)!.calls).toBe(3);
    expect(analysis.byUser.reduce((s, u) => s + u.amount, 0)).toBe(analysis.totals.amount);
    expect(analysis.lastMonth.calls).toBeGreaterThanOrEqual(0);
    // The agent's analysis is his own calls only.
    const his = ok(await t.call(routes.billAnalysis, { month }, agent));
    expect(his.byUser.map((u) => u.id)).toEqual([(await kit.person('agent01')).id]);
    // A person whose billing switch is off counts for his department, not in the per-person chart.
    const manager01 = await kit.person('manager');
    await t.database.db.update(users).set({ billingEnabled: false }).where(eq(users.id, manager01.id));
    const allocated = ok(await t.call(routes.billAnalysis, { month }, admin));
    expect(allocated.byUser.some((u) => u.id === manager01.id)).toBe(false);
    expect(allocated.byDept.reduce((s, d) => s + d.amount, 0)).toBe(allocated.totals.amount);
    await t.database.db.update(users).set({ billingEnabled: true }).where(eq(users.id, manager01.id));
    // The manager's covers his department.
    expect(ok(await t.call(routes.billAnalysis, { month }, manager)).totals.calls).toBeGreaterThanOrEqual(1);
    const bad = await t.call(routes.billPage, { page: 1, limit: 20, month: '2026-13' }, admin);
    expect(bad.body.code).toBe(10002);
    expect(bad.body.msg).toContain('月份');
  });

  it('lists the ledger by direction, the refunds and the months, and refuses a reversed range', async () => {
    await kit.move(321, 'refund');
    const out = ok(await t.call(routes.revenueExpPage, { page: 1, limit: 100, direction: 'out' }, admin));
    expect(out.records.every((r) => r.amount < 0)).toBe(true);
    expect(out.records.some((r) => r.kind === 'consumption')).toBe(true);
    const refunds = ok(await t.call(routes.refundPage, { page: 1, limit: 20 }, admin));
    expect(refunds.records.some((r) => r.amount === 321)).toBe(true);
    const months = ok(await t.call(routes.moneyPage, { page: 1, limit: 12 }, admin));
    const now = months.records.find((m) => m.month === month)!;
    expect(now.refund).toBeGreaterThanOrEqual(321);
    expect(now.net).toBe(now.recharge + now.purchase + now.consumption + now.refund + now.transfer + now.adjustment);
    const reversed = await t.call(
      routes.revenueExpPage,
      { page: 1, limit: 20, from: Date.now(), to: Date.now() - 1 },
      admin,
    );
    expect(reversed.body.msg).toContain('开始时间不能晚于结束时间');
  });

  it('exports the consumption and the bill as xlsx files with Chinese names', async () => {
    for (const [route, input, name] of [
      [routes.consumeExport, { lineId }, '消费明细'],
      [routes.billExport, { month }, '账单'],
      [routes.revenueExpExport, {}, '收支明细'],
      [routes.moneyExport, {}, '资金月度汇总'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: route.path,
        headers: { 'cloud-token': admin },
        payload: input,
      });
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain(name);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      expect(book.worksheets[0]!.rowCount).toBeGreaterThan(1);
    }
  });

  it('lets only the platform set a rate, keeps its history and never backdates one', async () => {
    const input = { lineId, unitPrice: 2, incrementSeconds: 6, minimumSeconds: 60, freeSeconds: 3 };
    expect((await t.call(routes.rateSave, input, admin)).body.code).toBe(403);
    const saved = ok(await t.call(routes.rateSave, input, platform));
    expect(saved).toMatchObject({ lineId, unitPrice: 2, incrementSeconds: 6 });
    const history = ok(await t.call(routes.rateList, { lineId }, platform));
    expect(history[0]).toMatchObject({ unitPrice: 2 });
    expect(history.length).toBeGreaterThanOrEqual(3);
    const past = await t.call(routes.rateSave, { ...input, validFrom: Date.now() - 86_400_000 }, platform);
    expect(past.body.msg).toContain('不能早于当前时间');
    const bad = await t.call(routes.rateSave, { ...input, incrementSeconds: 7 }, platform);
    expect(bad.body.code).toBe(10002);
    expect((await t.database.db.select().from(lineRates).where(eq(lineRates.lineId, lineId))).length).toBe(2);
  });

  it('shows the platform every enterprise\u2019s revenue', async () => {
    await kit.move(777, 'recharge', other.tenantId);
    const all = ok(await t.call(routes.platformRevenuePage, { page: 1, limit: 100, direction: 'in' }, platform));
    expect(all.records.some((r) => r.tenantId === other.tenantId && r.amount === 777)).toBe(true);
    expect(all.records.some((r) => r.tenantId === kit.tenantId)).toBe(true);
    const one = ok(
      await t.call(routes.platformRevenuePage, { page: 1, limit: 100, tenantId: other.tenantId }, platform),
    );
    expect(one.records.every((r) => r.enterpriseName.startsWith('别家公司'))).toBe(true);
    expect((await t.call(routes.platformRevenuePage, { page: 1, limit: 10 }, admin)).body.code).toBe(403);
  });

  it('saves the low-balance threshold and refuses a negative one', async () => {
    ok(await t.call(routes.settingsSave, { lowBalanceFen: 5000, isSms: true }, admin));
    expect(ok(await t.call(routes.settingsGet, {}, admin))).toEqual({ lowBalanceFen: 5000, isSms: true });
    const bad = await t.call(routes.settingsSave, { lowBalanceFen: -1, isSms: false }, admin);
    expect(bad.body.msg).toContain('不能小于0');
    expect(ok(await t.call(routes.settingsGet, {}, other.token))).toEqual({ lowBalanceFen: 0, isSms: false });
  });
});
