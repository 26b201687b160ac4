import { routeTables } from '@yunhu/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { otherEnterprise } from '../../test/other-enterprise.js';
import { accounts, orders, refundApplications } from '../trade/trade.schema.js';
import { seats, seatTerms } from './seat.schema.js';
import { seatKit } from './seat.test-kit.js';

const { trade: routes, seat: seatRoutes } = routeTables;
const day = 86_400_000;

/**
 * 删除坐席 next to the money on a seat: paid time left, a 退订 under review and an unpaid renewal
 * each keep it; renewals and deletes sent together leave one consistent outcome.
 */
describe('deleting a seat', () => {
  let t: TTestApp;
  let kit: Awaited<ReturnType<typeof seatKit>>;
  let admin: string;
  let platform: string;
  let other: Awaited<ReturnType<typeof otherEnterprise>>;
  let n = 0;
  const requestId = () => `seat-delete-${Date.now()}-${++n}`;

  beforeAll(async () => {
    t = await startTestApp();
    kit = await seatKit(t);
    [admin, platform] = await Promise.all([t.loginAs.admin(), t.loginAs.platform()]);
    other = await otherEnterprise(t, { code: 'E400031', username: 'seatdeleter', mobile: '13700000431' });
  });
  afterAll(() => t.close());

  const ok = <T>(res: { body: { code: number; msg: string; data: T } }) => {
    expect(res.body.code, res.body.msg).toBe(0);
    return res.body.data;
  };
  const balance = async (tenantId = kit.demoTenantId) =>
    Number((await t.database.db.select().from(accounts).where(eq(accounts.tenantId, tenantId)))[0]?.balance ?? 0);
  const seatRow = async (id: number) => (await t.database.db.select().from(seats).where(eq(seats.id, id)))[0] ?? null;
  const freeSeat = async (days: number, tenantId = kit.demoTenantId) =>
    (
      await t.database.db
        .insert(seats)
        .values({
          tenantId,
          lineId: kit.sipLine.id,
          startAt: new Date(Date.now() - 40 * day),
          expireAt: new Date(Date.now() + days * day),
        })
        .returning()
    )[0]!;
  const expire = (id: number) =>
    t.database.db
      .update(seats)
      .set({ expireAt: new Date(Date.now() - day) })
      .where(eq(seats.id, id));
  const boughtSeat = async (months: number) => {
    const order = ok(await t.call(routes.buySeat, { lineId: kit.sipLine.id, count: 1, months }, admin));
    const qr = ok(await t.call(routes.generateQrCode, { orderNo: order.orderNo }, admin));
    await t.app.inject({ method: 'POST', url: '/dev/pay/act', payload: { t: qr.outTradeNo, action: 'pay' } });
    return (await t.database.db.select().from(seats).where(eq(seats.orderId, order.id)))[0]!;
  };
  const remove = (id: number, token = admin) => t.call(seatRoutes.deleteSeat, { id }, token);

  it('refuses a seat with paid time left, keeping it and its terms', async () => {
    const seat = await boughtSeat(3);
    const refused = await remove(seat.id);
    expect(refused.body).toMatchObject({ code: 10056, msg: expect.stringContaining('尚未到期，不能删除') });
    expect(refused.body.msg).toContain('申请坐席退订');
    expect(await seatRow(seat.id)).not.toBeNull();
    expect(await t.database.db.select().from(seatTerms).where(eq(seatTerms.seatId, seat.id))).toHaveLength(1);
  });

  it('refuses a seat whose 退订 is under review, even once it has expired; the application keeps its seat', async () => {
    const seat = await boughtSeat(3);
    const app = ok(await t.call(routes.seatCancelOrder, { seatId: seat.id, reason: '不用了' }, admin));
    await expire(seat.id);
    const refused = await remove(seat.id);
    expect(refused.body).toMatchObject({ code: 10056, msg: '该坐席有退订申请在审核中，审核完成前不能删除' });
    const [row] = await t.database.db.select().from(refundApplications).where(eq(refundApplications.id, app.id));
    expect(row!.seatId).toBe(seat.id);
    // Reviewed (rejected here), the expired seat may go.
    ok(await t.call(routes.examine, { id: app.id, isApproved: false, rejectReason: '请到期后删除' }, platform));
    expect(ok(await remove(seat.id))).toEqual({ deleted: 1 });
  });

  it('refuses an expired seat with an unpaid renewal order, which would take money for nothing', async () => {
    const seat = await freeSeat(-5, other.tenantId);
    const renewal = ok(
      await t.call(routes.seatRenewal, { ids: [seat.id], months: 12, requestId: requestId() }, other.token),
    );
    expect(renewal.isPaid).toBe(false);
    const refused = await remove(seat.id, other.token);
    expect(refused.body).toMatchObject({
      code: 10056,
      msg: '该坐席有待支付的续费订单，请完成支付或等订单关闭后再删除',
    });
    expect(await seatRow(seat.id)).not.toBeNull();
  });

  it('deletes an expired free seat once', async () => {
    const seat = await freeSeat(-1);
    const answers = await Promise.all(Array.from({ length: 4 }, () => remove(seat.id)));
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(1);
    expect(
      answers.filter((a) => a.body.code !== 0).every((a) => a.body.msg === '坐席不存在或已删除，请刷新后重试'),
    ).toBe(true);
    expect(await seatRow(seat.id)).toBeNull();
  });

  it('leaves one consistent outcome of 4 balance renewals racing 4 deletes of an expired seat', async () => {
    ok(
      await t.call(
        routes.platformAdjust,
        { tenantId: kit.demoTenantId, amount: 500_000, reason: '测试充值', requestId: requestId() },
        platform,
      ),
    );
    for (let round = 0; round < 3; round++) {
      const seat = await freeSeat(-2);
      const before = await balance();
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          i % 2 === 0
            ? t.call(routes.seatRenewal, { ids: [seat.id], months: 1, requestId: requestId() }, admin)
            : remove(seat.id),
        ),
      );
      for (const a of answers) expect(a.status).toBe(200);
      expect(answers.every((a) => a.body.code !== 500)).toBe(true);
      const paid = await t.database.db
        .select({ amount: orders.amount })
        .from(orders)
        .where(
          and(
            eq(orders.kind, 'seatRenewal'),
            eq(orders.state, 'paid'),
            sql`${orders.items} @> ${JSON.stringify([{ seatId: seat.id }])}::jsonb`,
          ),
        );
      const charged = paid.reduce((s, o) => s + Number(o.amount), 0);
      const row = await seatRow(seat.id);
      if (row) {
        // Renewed first: every delete refused, every paid renewal a term of the seat.
        expect(answers.filter((_, i) => i % 2 === 1).every((a) => a.body.code !== 0)).toBe(true);
        expect(paid.length).toBeGreaterThan(0);
        expect(await t.database.db.select().from(seatTerms).where(eq(seatTerms.seatId, seat.id))).toHaveLength(
          paid.length,
        );
      } else {
        // Deleted first: no renewal charged for it.
        expect(paid).toHaveLength(0);
      }
      expect(await balance()).toBe(before - charged);
    }
  });
});
