import { routeTables } from '@yunhu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { otherEnterprise } from '../../test/other-enterprise.js';
import { callRecords } from '../call/call.schema.js';
import { seats, seatTerms } from '../seat/seat.schema.js';
import { seatKit } from '../seat/seat.test-kit.js';
import { operationLogs } from '../system/system.schema.js';
import { ledgerRepository } from '../trade/ledger.repository.js';
import { accounts, ledgerEntries, orders } from '../trade/trade.schema.js';

const { trade: routes } = routeTables;
const day = 86_400_000;

/**
 * 坐席退订: the unused whole paid months of a seat, applied for by the enterprise and
 * examined by the platform once (two approvals at once refund once), back to the balance; the order
 * becomes 部分退款 / 已退款; the lists, the export, permissions and tenant isolation.
 */
describe('refund routes', () => {
  let t: TTestApp;
  let kit: Awaited<ReturnType<typeof seatKit>>;
  let admin: string;
  let agent: string;
  let platform: string;
  let other: Awaited<ReturnType<typeof otherEnterprise>>;

  beforeAll(async () => {
    t = await startTestApp();
    kit = await seatKit(t);
    [admin, agent, platform] = await Promise.all([t.loginAs.admin(), t.loginAs.agent(), t.loginAs.platform()]);
    other = await otherEnterprise(t, { code: 'E400016', username: 'refundboss', mobile: '13700000416' });
  });
  afterAll(() => t.close());

  const ok = <T>(res: { body: { code: number; msg: string; data: T } }) => {
    expect(res.body.code, res.body.msg).toBe(0);
    return res.body.data;
  };
  const balance = async (tenantId = kit.demoTenantId) =>
    Number((await t.database.db.select().from(accounts).where(eq(accounts.tenantId, tenantId)))[0]?.balance ?? 0);
  /**
   * Seats bought and paid by QR; answers the order and its seats. Bought two days ago unless
   * `isFresh`: past the hours in which an unused seat refunds in full, so the whole months count.
   */
  const boughtSeats = async (count: number, months: number, token = admin, isFresh = false) => {
    const order = ok(await t.call(routes.buySeat, { lineId: kit.sipLine.id, count, months }, token));
    const qr = ok(await t.call(routes.generateQrCode, { orderNo: order.orderNo }, token));
    await t.app.inject({ method: 'POST', url: '/dev/pay/act', payload: { t: qr.outTradeNo, action: 'pay' } });
    const created = await t.database.db.select().from(seats).where(eq(seats.orderId, order.id));
    expect(created).toHaveLength(count);
    if (!isFresh) {
      await t.database.db
        .update(seatTerms)
        .set({ createdAt: new Date(Date.now() - 2 * day) })
        .where(eq(seatTerms.orderId, order.id));
    }
    return { order, seats: created };
  };
  const orderRow = async (id: number) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;

  it('refunds in full a seat bought minutes ago with no call on it (可退 all its months); parallel applications make one', async () => {
    const {
      order,
      seats: [seat],
    } = await boughtSeats(1, 1, admin, true);
    // One month bought a moment ago: no whole month is left, yet nothing of it was used.
    const quote = ok(await t.call(routes.seatCancelQuote, { seatId: seat!.id }, admin));
    expect(quote).toMatchObject({ seatId: seat!.id, months: 1, amount: order.amount });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.call(routes.seatCancelOrder, { seatId: seat!.id, reason: '买错了线路' }, admin),
      ),
    );
    const won = answers.filter((a) => a.body.code === 0);
    expect(won).toHaveLength(1);
    expect(answers.filter((a) => a.body.code !== 0).map((a) => a.body.msg)).toEqual(
      Array(4).fill('该坐席已有退订申请在审核中，请等待平台审核'),
    );
    expect(won[0]!.body.data).toMatchObject({ kind: 'seat', months: 1, amount: order.amount });
    const before = await balance();
    ok(await t.call(routes.examine, { id: won[0]!.body.data!.id, isApproved: true }, platform));
    expect(await balance()).toBe(before + order.amount);
    expect(await orderRow(order.id)).toMatchObject({ state: 'refunded', refundedAmount: order.amount });
  });

  it('gives only the whole months left once the seat was called on, or after the grace hours', async () => {
    const {
      seats: [called],
    } = await boughtSeats(1, 1, admin, true);
    const staff = await kit.userId('admin');
    await t.database.db.update(seats).set({ userId: staff }).where(eq(seats.id, called!.id));
    await t.database.db.insert(callRecords).values({
      tenantId: kit.demoTenantId,
      userId: staff,
      lineId: kit.sipLine.id,
      bindId: `grace-${called!.id}`,
      telA: '13800000000',
      telB: '13912345678',
      callStatus: 1,
      finishStatus: 1,
      startTime: new Date(),
      endTime: new Date(),
    });
    expect(ok(await t.call(routes.seatCancelQuote, { seatId: called!.id }, admin))).toMatchObject({
      months: 0,
      amount: 0,
    });
    const used = await t.call(routes.seatCancelOrder, { seatId: called!.id, reason: '买错了' }, admin);
    expect(used.body.msg).toBe('该坐席没有未使用的已付费整月，无可退金额');
    const {
      seats: [old],
    } = await boughtSeats(1, 1);
    expect(ok(await t.call(routes.seatCancelQuote, { seatId: old!.id }, admin))).toMatchObject({
      months: 0,
      amount: 0,
    });
  });

  it('quotes and applies for the unused whole months; approved once under parallel approvals', async () => {
    const {
      order,
      seats: [seat],
    } = await boughtSeats(2, 3);
    const quote = ok(await t.call(routes.seatCancelQuote, { seatId: seat!.id }, admin));
    // Paid a moment ago: the first month is under way, two whole months are left.
    expect(quote).toMatchObject({ seatId: seat!.id, months: 2, amount: 2 * 5000 });
    const app = ok(await t.call(routes.seatCancelOrder, { seatId: seat!.id, reason: '人员减少' }, admin));
    expect(app).toMatchObject({ kind: 'seat', state: 'pending', months: 2, amount: 10000, reason: '人员减少' });
    expect(app.parts).toEqual([
      { orderId: order.id, orderNo: order.orderNo, termId: expect.any(Number), months: 2, amount: 10000 },
    ]);
    // Under review: no second application, and no automatic renewal meanwhile.
    const twice = await t.call(routes.seatCancelOrder, { seatId: seat!.id, reason: '再次申请' }, admin);
    expect(twice.body).toMatchObject({ code: 10056, msg: '该坐席已有退订申请在审核中，请等待平台审核' });
    expect((await t.database.db.select().from(seats).where(eq(seats.id, seat!.id)))[0]!.autoRenewal).toBe(false);

    const before = await balance();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => t.call(routes.examine, { id: app.id, isApproved: true }, platform)),
    );
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.body.code !== 0).every((a) => a.body.msg.includes('不能重复审核'))).toBe(true);
    expect(await balance()).toBe(before + 10000);
    const refunds = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.bizKey, app.applyNo));
    expect(refunds).toMatchObject([{ kind: 'refund', amount: 10000 }]);
    const ended = (await t.database.db.select().from(seats).where(eq(seats.id, seat!.id)))[0]!;
    expect(ended).toMatchObject({ status: 'cancelled', userId: null });
    expect(await orderRow(order.id)).toMatchObject({ state: 'partRefunded', refundedAmount: 10000 });
    const [term] = await t.database.db.select().from(seatTerms).where(eq(seatTerms.seatId, seat!.id));
    expect(term!.refundedMonths).toBe(2);
    // A cancelled seat cannot be cancelled again.
    const again = await t.call(routes.seatCancelOrder, { seatId: seat!.id, reason: '再来一次' }, admin);
    expect(again.body.msg).toBe('该坐席已停用或已退订，不能再申请退订');
    const logged = await t.database.db.select().from(operationLogs).where(eq(operationLogs.summary, '审核退款'));
    expect(logged.length).toBeGreaterThanOrEqual(4);
  });

  it('makes the order 已退款 once every paid month came back', async () => {
    const {
      order,
      seats: [seat],
    } = await boughtSeats(1, 1);
    // The month under way is not refunded…
    const none = await t.call(routes.seatCancelOrder, { seatId: seat!.id, reason: '不再需要' }, admin);
    expect(none.body.msg).toBe('该坐席没有未使用的已付费整月，无可退金额');
    // …but a whole month still ahead is (here the seat reaches a day past its paid month).
    await t.database.db
      .update(seats)
      .set({ expireAt: new Date(seat!.expireAt.getTime() + day) })
      .where(eq(seats.id, seat!.id));
    const app = ok(await t.call(routes.seatCancelOrder, { seatId: seat!.id, reason: '不再需要' }, admin));
    expect(app.months).toBe(1);
    ok(await t.call(routes.examine, { id: app.id, isApproved: true }, platform));
    expect(await orderRow(order.id)).toMatchObject({ state: 'refunded', refundedAmount: order.amount });
  });

  it('applies once when two applications of one seat are sent at once', async () => {
    const {
      seats: [seat],
    } = await boughtSeats(1, 6);
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => t.call(routes.seatCancelOrder, { seatId: seat!.id, reason: '并发申请' }, admin)),
    );
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(1);
  });

  it('rejects with a reason and changes nothing else', async () => {
    const {
      seats: [seat],
    } = await boughtSeats(1, 3);
    const app = ok(await t.call(routes.seatCancelOrder, { seatId: seat!.id, reason: '试试看' }, admin));
    const noReason = await t.call(routes.examine, { id: app.id, isApproved: false }, platform);
    expect(noReason.body).toMatchObject({ code: 10002, msg: expect.stringContaining('驳回时请填写驳回原因') });
    const before = await balance();
    const rejected = ok(
      await t.call(routes.examine, { id: app.id, isApproved: false, rejectReason: '坐席仍在使用' }, platform),
    );
    expect(rejected).toMatchObject({ state: 'rejected', rejectReason: '坐席仍在使用' });
    expect(await balance()).toBe(before);
    expect((await t.database.db.select().from(seats).where(eq(seats.id, seat!.id)))[0]!.status).toBe('active');
    // Rejected: he may apply again.
    ok(await t.call(routes.seatCancelOrder, { seatId: seat!.id, reason: '再申请一次' }, admin));
  });

  it('refuses a seat never paid for, another enterprise’s seat, and anyone without the permission', async () => {
    const [free] = await t.database.db
      .insert(seats)
      .values({
        tenantId: kit.demoTenantId,
        lineId: kit.sipLine.id,
        startAt: new Date(),
        expireAt: new Date(Date.now() + 200 * day),
      })
      .returning();
    const nothing = await t.call(routes.seatCancelOrder, { seatId: free!.id, reason: '白送的' }, admin);
    expect(nothing.body).toMatchObject({ code: 10056, msg: '该坐席没有未使用的已付费整月，无可退金额' });
    const foreign = await t.call(routes.seatCancelOrder, { seatId: free!.id, reason: '别人的' }, other.token);
    expect(foreign.body.msg).toContain('所选坐席不存在');
    expect((await t.call(routes.seatCancelOrder, { seatId: free!.id, reason: '没权限' }, agent)).body.code).toBe(403);
    expect((await t.call(routes.examine, { id: 1, isApproved: true }, admin)).body.code).toBe(403);
    expect((await t.call(routes.platformRefundPage, {}, admin)).body.code).toBe(403);
    const missing = await t.call(routes.examine, { id: 999999, isApproved: true }, platform);
    expect(missing.body.msg).toBe('退订申请不存在，请刷新后重试');
  });

  it('lists the enterprise’s own applications with filters, exports them; the platform sees all', async () => {
    const mine = ok(await t.call(routes.refundPage, { kind: 'seat' }, admin));
    expect(mine.total).toBeGreaterThanOrEqual(4);
    expect(
      ok(await t.call(routes.refundPage, { state: 'rejected' }, admin)).records.every((r) => r.state === 'rejected'),
    ).toBe(true);
    expect(ok(await t.call(routes.refundPage, {}, other.token)).total).toBe(0);
    const all = ok(await t.call(routes.platformRefundPage, { state: 'pending' }, platform));
    expect(all.records.every((r) => r.state === 'pending' && r.enterpriseName !== '')).toBe(true);
    const file = await t.app.inject({
      method: 'POST',
      url: routes.refundExport.path,
      headers: { 'CLOUD-TOKEN': admin },
      payload: { kind: 'seat' },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
  });

  it('shows 坐席退订 only to an enterprise that paid for a seat', async () => {
    const fresh = await otherEnterprise(t, { code: 'E400017', username: 'noseatboss', mobile: '13700000417' });
    expect(ok(await t.call(routes.showSeatCancelTab, {}, fresh.token))).toEqual({ isShown: false });
    await boughtSeats(1, 1);
    expect(ok(await t.call(routes.showSeatCancelTab, {}, admin))).toEqual({ isShown: true });
    // Another enterprise's seats do not show it to this one.
    expect(ok(await t.call(routes.showSeatCancelTab, {}, fresh.token))).toEqual({ isShown: false });
  });

  it('finds the books balanced: sum(ledger) = balance for every account', async () => {
    expect(await ledgerRepository.reconcile(t.database.db)).toEqual([]);
  });
});
