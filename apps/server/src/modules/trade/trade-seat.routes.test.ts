import { routeTables } from '@yunhu/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { otherEnterprise } from '../../test/other-enterprise.js';
import { seats, seatTerms } from '../seat/seat.schema.js';
import { seatKit } from '../seat/seat.test-kit.js';
import { notices } from '../system/system.schema.js';
import { ledgerRepository } from './ledger.repository.js';
import { accounts, ledgerEntries, orders } from './trade.schema.js';

const { trade: routes, seat: seatRoutes } = routeTables;
const day = 86_400_000;

/**
 * Seats bought and renewed with money: the platform's seat price, 购买坐席 paid by QR
 * (seats created once under parallel notifications), 续费 from the balance or by QR (once per
 * request id), the auto-renewal job in two parallel runs, permissions and tenant isolation.
 */
describe('seat commerce routes', () => {
  let t: TTestApp;
  let kit: Awaited<ReturnType<typeof seatKit>>;
  let admin: string;
  let agent: string;
  let platform: string;
  let other: Awaited<ReturnType<typeof otherEnterprise>>;
  let n = 0;
  const requestId = () => `renew-${Date.now()}-${++n}`;

  beforeAll(async () => {
    t = await startTestApp();
    kit = await seatKit(t);
    [admin, agent, platform] = await Promise.all([t.loginAs.admin(), t.loginAs.agent(), t.loginAs.platform()]);
    other = await otherEnterprise(t, { code: 'E400015', username: 'seatbuyer', mobile: '13700000415' });
  });
  afterAll(() => t.close());

  const ok = <T>(res: { body: { code: number; msg: string; data: T } }) => {
    expect(res.body.code, res.body.msg).toBe(0);
    return res.body.data;
  };
  const balance = async (tenantId = kit.demoTenantId) =>
    Number((await t.database.db.select().from(accounts).where(eq(accounts.tenantId, tenantId)))[0]?.balance ?? 0);
  const topUp = async (amount: number, tenantId = kit.demoTenantId) =>
    ok(await t.call(routes.platformAdjust, { tenantId, amount, reason: '测试充值', requestId: requestId() }, platform));
  const seatRow = async (id: number) => (await t.database.db.select().from(seats).where(eq(seats.id, id)))[0]!;
  const payByQr = async (orderNo: string, token = admin) => {
    const qr = ok(await t.call(routes.generateQrCode, { orderNo }, token));
    await t.app.inject({ method: 'POST', url: '/dev/pay/act', payload: { t: qr.outTradeNo, action: 'pay' } });
    return qr;
  };
  /** A free seat of the demo on the SIP line, expiring in `days`. */
  const freshSeat = async (days: number, fields: Partial<typeof seats.$inferInsert> = {}) =>
    (
      await t.database.db
        .insert(seats)
        .values({
          tenantId: kit.demoTenantId,
          lineId: kit.sipLine.id,
          startAt: new Date(Date.now() - day),
          expireAt: new Date(Date.now() + days * day),
          ...fields,
        })
        .returning()
    )[0]!;

  describe('seat prices', () => {
    it('lets the platform set a line’s monthly seat price, which the enterprise then sees; nobody else', async () => {
      const before = ok(await t.call(routes.platformSeatPrices, {}, platform));
      expect(before.find((p) => p.lineId === kit.sipLine.id)).toMatchObject({ isSet: false, seatPricePerMonth: 5000 });
      const saved = ok(
        await t.call(routes.platformSeatPriceSave, { lineId: kit.sipLine.id, seatPricePerMonth: 6000 }, platform),
      );
      expect(saved).toMatchObject({ lineId: kit.sipLine.id, seatPricePerMonth: 6000, isSet: true });
      expect(saved.updatedByName).not.toBe('');
      const mine = ok(await t.call(seatRoutes.seatPriceList, {}, admin));
      expect(mine.find((p) => p.lineId === kit.sipLine.id)!.seatPricePerMonth).toBe(6000);
      expect(
        (await t.call(routes.platformSeatPriceSave, { lineId: kit.sipLine.id, seatPricePerMonth: 1 }, admin)).body.code,
      ).toBe(403);
      const bad = await t.call(
        routes.platformSeatPriceSave,
        { lineId: kit.sipLine.id, seatPricePerMonth: 0 },
        platform,
      );
      expect(bad.body).toMatchObject({ code: 10002, msg: expect.stringContaining('坐席月价') });
      const missing = await t.call(routes.platformSeatPriceSave, { lineId: 999999, seatPricePerMonth: 100 }, platform);
      expect(missing.body).toMatchObject({ code: 10056, msg: '线路不存在，请刷新后重新选择' });
      expect(ok(await t.call(routes.platformSeatPrices, {}, platform)).length).toBe(before.length);
    });
  });

  describe('购买坐席', () => {
    it('prices the order from the platform’s price; paid by QR, the seats exist and can be assigned', async () => {
      const order = ok(await t.call(routes.buySeat, { lineId: kit.sipLine.id, count: 3, months: 3 }, admin));
      expect(order).toMatchObject({ kind: 'seatPurchase', state: 'unpaid', amount: 6000 * 3 * 3 });
      expect(order.items[0]).toMatchObject({ lineId: kit.sipLine.id, quantity: 3, months: 3, unitPrice: 18000 });
      const before = await balance();
      await payByQr(order.orderNo);
      const [paid] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
      expect(paid!.state).toBe('paid');
      const created = await t.database.db.select().from(seats).where(eq(seats.orderId, order.id));
      expect(created).toHaveLength(3);
      for (const s of created) {
        const months = (s.expireAt.getTime() - paid!.paidAt!.getTime()) / day;
        expect(months).toBeGreaterThanOrEqual(89);
        expect(months).toBeLessThanOrEqual(92.1);
        expect(s.userId).toBeNull();
      }
      const terms = await t.database.db.select().from(seatTerms).where(eq(seatTerms.orderId, order.id));
      expect(terms.map((x) => x.pricePerMonth)).toEqual([6000, 6000, 6000]);
      // The money came in and bought the seats: the balance does not move.
      expect(await balance()).toBe(before);
      // A new seat is handed to a staff member like any free one (here one without a seat on the line).
      const [staff] = rowsOf<{ id: string | number }>(
        await t.database.db.execute(sql`select u.id from users u where u.tenant_id = ${kit.demoTenantId}
          and u.status = 'active' and not exists (select 1 from seats s where s.user_id = u.id and s.line_id = ${kit.sipLine.id})
          order by u.id limit 1`),
      );
      const assigned = ok(
        await t.call(
          seatRoutes.addSeat,
          { lineId: kit.sipLine.id, userId: Number(staff!.id), seatId: created[0]!.id },
          admin,
        ),
      );
      expect(assigned).toMatchObject({ id: created[0]!.id, state: 'inUse' });
    });

    it('creates the seats once under N parallel payment checks and notifications', async () => {
      const order = ok(await t.call(routes.buySeat, { lineId: kit.sipLine.id, count: 2, months: 1 }, admin));
      const qr = ok(await t.call(routes.generateQrCode, { orderNo: order.orderNo }, admin));
      await Promise.all([
        t.app.inject({ method: 'POST', url: '/dev/pay/act', payload: { t: qr.outTradeNo, action: 'pay' } }),
        ...Array.from({ length: 4 }, () => t.call(routes.findPayResult, { orderNo: order.orderNo }, admin)),
      ]);
      await Promise.all(
        Array.from({ length: 4 }, () => t.call(routes.findPayResult, { orderNo: order.orderNo }, admin)),
      );
      expect(await t.database.db.select().from(seats).where(eq(seats.orderId, order.id))).toHaveLength(2);
    });

    it('refuses a bad count or period, an unknown line, and anyone without the permission', async () => {
      const months = await t.call(routes.buySeat, { lineId: kit.sipLine.id, count: 1, months: 2 }, admin);
      expect(months.body).toMatchObject({ code: 10002, msg: expect.stringContaining('时长只能是1、3、6或12个月') });
      const count = await t.call(routes.buySeat, { lineId: kit.sipLine.id, count: 0, months: 1 }, admin);
      expect(count.body).toMatchObject({ code: 10002, msg: expect.stringContaining('坐席数量至少为1') });
      const line = await t.call(routes.buySeat, { lineId: 999999, count: 1, months: 1 }, admin);
      expect(line.body).toMatchObject({ code: 10056, msg: expect.stringContaining('暂不出售坐席') });
      expect((await t.call(routes.buySeat, { lineId: kit.sipLine.id, count: 1, months: 1 }, agent)).body.code).toBe(
        403,
      );
      const renew = { ids: [1], months: 1, requestId: requestId() };
      expect((await t.call(routes.seatRenewal, renew, agent)).body.code).toBe(403);
    });
  });

  describe('续费', () => {
    it('charges the balance once per request id, even sent in parallel, and extends by whole months', async () => {
      const seat = await freshSeat(20);
      await topUp(100_000);
      const before = await balance();
      const input = { ids: [seat.id], months: 3, requestId: requestId() };
      const answers = await Promise.all(Array.from({ length: 5 }, () => t.call(routes.seatRenewal, input, admin)));
      const results = answers.map((a) => ok(a));
      expect(new Set(results.map((r) => r.order.orderNo)).size).toBe(1);
      expect(results.every((r) => r.isPaid)).toBe(true);
      expect(results[0]!.order).toMatchObject({
        kind: 'seatRenewal',
        state: 'paid',
        channel: 'balance',
        amount: 18000,
      });
      expect(await balance()).toBe(before - 18000);
      const after = await seatRow(seat.id);
      const added = (after.expireAt.getTime() - seat.expireAt.getTime()) / day;
      expect(added).toBeGreaterThanOrEqual(89);
      expect(added).toBeLessThanOrEqual(92.1);
      const booked = await t.database.db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.bizKey, results[0]!.order.orderNo));
      expect(booked).toMatchObject([{ kind: 'purchase', amount: -18000 }]);
    });

    it('renews seats in parallel requests of different ids one after the other, each charged', async () => {
      const seat = await freshSeat(20);
      await topUp(20_000);
      const before = await balance();
      const answers = await Promise.all(
        Array.from({ length: 3 }, () =>
          t.call(routes.seatRenewal, { ids: [seat.id], months: 1, requestId: requestId() }, admin),
        ),
      );
      expect(answers.every((a) => a.body.code === 0 && a.body.data.isPaid)).toBe(true);
      expect(await balance()).toBe(before - 3 * 6000);
      const added = ((await seatRow(seat.id)).expireAt.getTime() - seat.expireAt.getTime()) / day;
      expect(added).toBeGreaterThanOrEqual(89);
      expect(added).toBeLessThanOrEqual(92.1);
    });

    it('leaves an order for a QR code when the balance is short; paid, the seat is renewed', async () => {
      const seat = await freshSeat(-5, { tenantId: other.tenantId });
      const result = ok(
        await t.call(routes.seatRenewal, { ids: [seat.id], months: 12, requestId: requestId() }, other.token),
      );
      if (result.isPaid) throw new Error('the balance should be short for a year');
      expect(result.order).toMatchObject({ state: 'unpaid', amount: 72000 });
      expect((await seatRow(seat.id)).expireAt).toEqual(seat.expireAt);
      await payByQr(result.order.orderNo, other.token);
      expect(await balance(other.tenantId)).toBe(0);
      const renewed = await seatRow(seat.id);
      // Expired: renewed from the payment, not from the old expiry.
      const fromNow = (renewed.expireAt.getTime() - Date.now()) / day;
      expect(fromNow).toBeGreaterThan(360);
      expect(fromNow).toBeLessThan(367);
    });

    it('refuses another enterprise’s seat, a disabled seat and an unknown period', async () => {
      const mine = await freshSeat(10);
      const foreign = await t.call(
        routes.seatRenewal,
        { ids: [mine.id], months: 1, requestId: requestId() },
        other.token,
      );
      expect(foreign.body).toMatchObject({ code: 10056, msg: expect.stringContaining('所选坐席不存在') });
      const disabled = await freshSeat(10, { status: 'disabled' });
      const refused = await t.call(
        routes.seatRenewal,
        { ids: [disabled.id], months: 1, requestId: requestId() },
        admin,
      );
      expect(refused.body).toMatchObject({ code: 10056, msg: '所选坐席中有已停用的坐席，停用的坐席不能续费' });
      const period = await t.call(routes.seatRenewal, { ids: [mine.id], months: 2, requestId: requestId() }, admin);
      expect(period.body).toMatchObject({ code: 10002, msg: expect.stringContaining('时长只能是1、3、6或12个月') });
      expect((await seatRow(mine.id)).expireAt).toEqual(mine.expireAt);
    });
  });

  describe('the auto-renewal job', () => {
    it('renews a due seat once from the balance in two parallel runs', async () => {
      await topUp(50_000);
      const seat = await freshSeat(2, { autoRenewal: true });
      const later = await freshSeat(10, { autoRenewal: true });
      const before = await balance();
      const runs = await Promise.all([t.app.trade.service.runRenewalJob(), t.app.trade.service.runRenewalJob()]);
      expect(runs.reduce((s, r) => s + r.renewed, 0)).toBeGreaterThanOrEqual(1);
      const renewed = await seatRow(seat.id);
      const added = (renewed.expireAt.getTime() - seat.expireAt.getTime()) / day;
      expect(added).toBeGreaterThanOrEqual(28);
      expect(added).toBeLessThanOrEqual(31.1);
      expect((await seatRow(later.id)).expireAt).toEqual(later.expireAt);
      const terms = await t.database.db.select().from(seatTerms).where(eq(seatTerms.seatId, seat.id));
      expect(terms).toHaveLength(1);
      const [order] = await t.database.db
        .select()
        .from(orders)
        .where(eq(orders.requestKey, `auto:${seat.id}:${seat.expireAt.getTime()}`));
      expect(order).toMatchObject({ state: 'paid', channel: 'balance', amount: 6000 });
      expect(await balance()).toBe(before - 6000);
      // Run again: the seat is no longer due.
      await t.app.trade.service.runRenewalJob();
      expect((await seatRow(seat.id)).expireAt).toEqual(renewed.expireAt);
    });

    it('tells the administrator once when the balance is short, and renews nothing', async () => {
      const [{ id: lineId }] = [kit.sipLine];
      const [seat] = await t.database.db
        .insert(seats)
        .values({
          tenantId: other.tenantId,
          lineId,
          startAt: new Date(Date.now() - day),
          expireAt: new Date(Date.now() + day),
          autoRenewal: true,
        })
        .returning();
      await Promise.all([t.app.trade.service.runRenewalJob(), t.app.trade.service.runRenewalJob()]);
      await t.app.trade.service.runRenewalJob();
      expect((await seatRow(seat!.id)).expireAt).toEqual(seat!.expireAt);
      const told = await t.database.db
        .select()
        .from(notices)
        .where(and(eq(notices.userId, other.userId), eq(notices.title, '坐席自动续费失败：账户余额不足')));
      expect(told).toHaveLength(1);
      expect(told[0]!.content).toContain(`坐席 ${seat!.id}`);
      expect(await balance(other.tenantId)).toBe(0);
      // Money arrives: the next run renews it.
      await topUp(6000, other.tenantId);
      await t.app.trade.service.runRenewalJob();
      expect((await seatRow(seat!.id)).expireAt.getTime()).toBeGreaterThan(seat!.expireAt.getTime() + 27 * day);
      expect(await balance(other.tenantId)).toBe(0);
    });
  });

  it('finds the books balanced: sum(ledger) = balance for every account', async () => {
    expect(await ledgerRepository.reconcile(t.database.db)).toEqual([]);
    const twice = await t.database.db.execute(
      sql`select kind, biz_type, biz_key from ledger_entries group by 1, 2, 3 having count(*) > 1`,
    );
    expect(rowsOf(twice)).toHaveLength(0);
  });
});
