import { routeTables } from '@yunhu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/tenant.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { otherEnterprise } from '../../test/other-enterprise.js';
import { tenants } from '../org/org.schema.js';
import { packetProducts, packets, takePacketSeconds } from '../packet/index.js';
import { operationLogs } from '../system/system.schema.js';
import { ledgerRepository } from '../trade/ledger.repository.js';
import { accounts, ledgerEntries, orders, payments } from '../trade/trade.schema.js';

const { trade: routes, packet: packetRoutes } = routeTables;

/**
 * 退订 of a bought package: the unused seconds pro rata at the price paid, the package
 * frozen under review (billing does not take it), approved to the balance or back through the
 * channel (原路退回, the sandbox's partial refund by the application number), rejected with the
 * package released; parallel approvals and applications, a call's consumption racing the
 * application, tenant isolation and permissions; the books balanced at the end.
 */
describe('package refund routes', () => {
  let t: TTestApp;
  let admin: string;
  let agent: string;
  let platform: string;
  let other: Awaited<ReturnType<typeof otherEnterprise>>;
  let demoTenantId: number;
  let product: typeof packetProducts.$inferSelect;

  beforeAll(async () => {
    t = await startTestApp();
    [admin, agent, platform] = await Promise.all([t.loginAs.admin(), t.loginAs.agent(), t.loginAs.platform()]);
    other = await otherEnterprise(t, { code: 'E400044', username: 'packetrefund', mobile: '13700000444' });
    const all = await t.database.db.select().from(packetProducts).orderBy(packetProducts.id);
    product = all.find((p) => p.isEnabled && p.price > 0)!;
    demoTenantId = (await t.database.db.select().from(tenants).where(eq(tenants.code, 'E100001')))[0]!.id;
  });
  afterAll(() => t.close());

  const ok = <T>(res: { body: { code: number; msg: string; data: T } }) => {
    expect(res.body.code, res.body.msg).toBe(0);
    return res.body.data;
  };
  const balance = async (tenantId = demoTenantId) =>
    Number((await t.database.db.select().from(accounts).where(eq(accounts.tenantId, tenantId)))[0]?.balance ?? 0);
  const packetRow = async (id: number) => (await t.database.db.select().from(packets).where(eq(packets.id, id)))[0]!;
  const orderRow = async (id: number) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  /** Packages bought and paid on the sandbox's page; answers the order, its payment and its packages. */
  const bought = async (quantity = 1, token = admin) => {
    const order = ok(await t.call(routes.buy, { items: [{ productId: product.id, quantity }] }, token));
    const qr = ok(await t.call(routes.generateQrCode, { orderNo: order.orderNo }, token));
    await t.app.inject({ method: 'POST', url: '/dev/pay/act', payload: { t: qr.outTradeNo, action: 'pay' } });
    const rows = await t.database.db.select().from(packets).where(eq(packets.orderId, order.id)).orderBy(packets.id);
    expect(rows).toHaveLength(quantity);
    return { order, outTradeNo: qr.outTradeNo, packets: rows };
  };
  const use = (packetId: number, usedSeconds: number) =>
    t.database.db.update(packets).set({ usedSeconds }).where(eq(packets.id, packetId));
  const apply = (packetId: number, token = admin, reason = '业务调整') =>
    t.call(routes.packetUnsubscribe, { packetId, reason }, token);

  it('refunds the unused seconds pro rata; frozen under review; two approvals at once refund once', async () => {
    const {
      order,
      packets: [p],
    } = await bought(2);
    const total = p!.totalMinutes * 60;
    await use(p!.id, 90);
    const app = ok(await apply(p!.id));
    const amount = Math.floor((p!.price * (total - 90)) / total);
    expect(app).toMatchObject({ kind: 'package', state: 'pending', amount, seatId: null, months: 0 });
    expect(app.parts).toEqual([
      {
        orderId: order.id,
        orderNo: order.orderNo,
        termId: null,
        packetId: p!.id,
        seconds: total - 90,
        months: 0,
        amount,
      },
    ]);
    // Paid on the sandbox, which is the configured channel: 原路退回 is offered.
    expect(app.originalChannel).toBe('sandbox');
    expect((await packetRow(p!.id)).status).toBe('frozen');
    const mine = ok(await t.call(packetRoutes.mine, { state: 'frozen' }, admin));
    expect(mine.records.map((r) => [r.id, r.state, r.orderNo])).toEqual([[p!.id, 'frozen', order.orderNo]]);
    // A second application of a package under review is refused.
    expect((await apply(p!.id)).body).toMatchObject({ code: 10056, msg: '该套餐已有退订申请在审核中，不能申请退订' });
    // Billing does not take a frozen package: the call goes to the order's other one.
    const took = await withTenant(t.database, demoTenantId, (tx) =>
      takePacketSeconds(tx, { tenantId: demoTenantId, lineId: p!.lineId, at: new Date(), seconds: 30 }),
    );
    expect(took.some((x) => x.packetId === p!.id)).toBe(false);
    expect((await packetRow(p!.id)).usedSeconds).toBe(90);

    const before = await balance();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => t.call(routes.examine, { id: app.id, isApproved: true }, platform)),
    );
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.body.code !== 0).every((a) => a.body.msg.includes('不能重复审核'))).toBe(true);
    expect(await balance()).toBe(before + amount);
    const booked = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.bizKey, app.applyNo));
    expect(booked).toMatchObject([{ kind: 'refund', amount, bizType: 'refundApply' }]);
    expect(await packetRow(p!.id)).toMatchObject({ status: 'refunded' });
    expect(await orderRow(order.id)).toMatchObject({ state: 'partRefunded', refundedAmount: amount });
    const [approved] = ok(await t.call(routes.refundPage, { applyNo: app.applyNo }, admin)).records;
    expect(approved).toMatchObject({ state: 'approved', channel: 'balance' });
    // Ended: no second application, not in the active list.
    expect((await apply(p!.id)).body.msg).toBe('该套餐已退订或已停用，不能申请退订');
    const active = ok(await t.call(packetRoutes.mine, { state: 'active', limit: 100 }, admin));
    expect(active.records.some((r) => r.id === p!.id)).toBe(false);
    const logged = await t.database.db.select().from(operationLogs).where(eq(operationLogs.summary, '申请套餐退订'));
    expect(logged.length).toBeGreaterThanOrEqual(1);
  });

  it('sends the money back through the channel once per refund number (原路退回), the order 已退款', async () => {
    const {
      order,
      outTradeNo,
      packets: [p],
    } = await bought(1);
    const app = ok(await apply(p!.id));
    expect(app.amount).toBe(p!.price);
    const before = await balance();
    const answers = await Promise.all(
      Array.from({ length: 3 }, () =>
        t.call(routes.examine, { id: app.id, isApproved: true, refundTo: 'original' }, platform),
      ),
    );
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(1);
    const approved = answers.find((a) => a.body.code === 0)!.body.data!;
    expect(approved).toMatchObject({ state: 'approved', channel: 'sandbox' });
    // The balance does not move: in to the balance, out to the payer, both on the application number.
    expect(await balance()).toBe(before);
    const rows = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.bizKey, app.applyNo));
    expect(rows.map((r) => `${r.bizType}:${r.amount}`).sort()).toEqual(
      [`refundApply:${app.amount}`, `refundChannel:${-app.amount}`].sort(),
    );
    expect(await t.app.trade.sandbox.refundsOf(outTradeNo)).toEqual({ [app.applyNo]: app.amount });
    // One order paid it all: one share, under the application number, done at once (the sandbox, like Alipay).
    expect(approved.channelRefunds).toMatchObject([
      { refundNo: app.applyNo, orderNo: order.orderNo, channel: 'sandbox', amount: app.amount, state: 'success' },
    ]);
    const details = ok(await t.call(routes.orderDetails, { orderNo: order.orderNo }, admin));
    expect(details.refunds).toMatchObject([{ refundNo: app.applyNo, state: 'success' }]);
    expect(await orderRow(order.id)).toMatchObject({ state: 'refunded', refundedAmount: order.amount });
  });

  it('a channel refusing the refund brings the money back to the balance, shown 退款失败; another channel is refused', async () => {
    const {
      packets: [p, q],
      outTradeNo,
    } = await bought(2);
    const app = ok(await apply(p!.id));
    // The trade was refunded in full elsewhere: the sandbox refuses this one.
    await t.app.trade.sandbox.adapter.refund({ outTradeNo, amount: 2 * p!.price, refundNo: 'ELSEWHERE', reason: 'x' });
    const before = await balance();
    const approved = ok(await t.call(routes.examine, { id: app.id, isApproved: true, refundTo: 'original' }, platform));
    expect(approved).toMatchObject({ state: 'approved', channel: 'sandbox' });
    expect(approved.channelRefunds).toMatchObject([
      { refundNo: app.applyNo, state: 'failed', reason: '退款金额超过可退金额', attempts: 1 },
    ]);
    // In, out, and back: the enterprise has the money, each movement once.
    expect(await balance()).toBe(before + app.amount);
    const rows = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.bizKey, app.applyNo));
    expect(rows.map((r) => `${r.bizType}:${r.amount}`).sort()).toEqual(
      [`refundApply:${app.amount}`, `refundChannel:${-app.amount}`, `refundChannelBack:${app.amount}`].sort(),
    );
    const [listed] = ok(await t.call(routes.platformRefundPage, { applyNo: app.applyNo }, platform)).records;
    expect(listed!.channelRefunds[0]).toMatchObject({ state: 'failed', reason: '退款金额超过可退金额' });
    expect((await packetRow(p!.id)).status).toBe('refunded');

    // Paid through a channel other than the configured one: only the balance can take it.
    const other = ok(await apply(q!.id));
    await t.database.db.update(payments).set({ channel: 'alipay' }).where(eq(payments.outTradeNo, outTradeNo));
    const [row] = ok(await t.call(routes.platformRefundPage, { applyNo: other.applyNo }, platform)).records;
    expect(row!.originalChannel).toBeNull();
    const refused = await t.call(routes.examine, { id: other.id, isApproved: true, refundTo: 'original' }, platform);
    expect(refused.body.msg).toContain('不能原路退回');
    expect((await packetRow(q!.id)).status).toBe('frozen');
    const afterRefusal = await balance();
    ok(await t.call(routes.examine, { id: other.id, isApproved: true, refundTo: 'balance' }, platform));
    expect(await balance()).toBe(afterRefusal + other.amount);
    await t.database.db.update(payments).set({ channel: 'sandbox' }).where(eq(payments.outTradeNo, outTradeNo));
  });

  it('rejects with a reason and releases the package', async () => {
    const {
      packets: [p],
    } = await bought(1);
    const app = ok(await apply(p!.id));
    const before = await balance();
    const rejected = ok(
      await t.call(routes.examine, { id: app.id, isApproved: false, rejectReason: '套餐已在使用' }, platform),
    );
    expect(rejected).toMatchObject({ state: 'rejected', rejectReason: '套餐已在使用' });
    expect(await balance()).toBe(before);
    expect((await packetRow(p!.id)).status).toBe('active');
    // Released: calls take it again, and he may apply again.
    ok(await apply(p!.id, admin, '再申请一次'));
  });

  it('applies once when applications are sent at once, and stays right against a call consuming it', async () => {
    const {
      packets: [p],
    } = await bought(1);
    const answers = await Promise.all(Array.from({ length: 3 }, () => apply(p!.id)));
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(1);
    const app = answers.find((a) => a.body.code === 0)!.body.data!;
    ok(await t.call(routes.examine, { id: app.id, isApproved: false, rejectReason: '并发测试' }, platform));

    // A call's consumption and an application at the same moment: whichever locks first, the amount
    // is what is left after the call, or the call took nothing from the frozen package.
    const total = p!.totalMinutes * 60;
    const [took, applied] = await Promise.all([
      withTenant(t.database, demoTenantId, (tx) =>
        takePacketSeconds(tx, { tenantId: demoTenantId, lineId: p!.lineId, at: new Date(), seconds: 120 }),
      ),
      apply(p!.id),
    ]);
    const refund = ok(applied);
    const row = await packetRow(p!.id);
    const fromThis = took.filter((x) => x.packetId === p!.id).reduce((n, x) => n + x.seconds, 0);
    expect(row.usedSeconds).toBe(fromThis);
    expect(refund.parts[0]!.seconds).toBe(total - row.usedSeconds);
    expect(refund.amount).toBe(Math.floor((p!.price * (total - row.usedSeconds)) / total));
    expect(row.status).toBe('frozen');
  });

  it('refuses a used-up, expired or demo package, another enterprise’s, and anyone without the permission', async () => {
    const {
      packets: [p, q, r],
    } = await bought(3);
    await use(p!.id, p!.totalMinutes * 60);
    expect((await apply(p!.id)).body.msg).toBe('该套餐没有未使用的时长，无可退金额');
    await t.database.db
      .update(packets)
      .set({ expireAt: new Date(Date.now() - 1000) })
      .where(eq(packets.id, q!.id));
    expect((await apply(q!.id)).body.msg).toBe('该套餐已过期，不能申请退订');
    const [demo] = await t.database.db
      .insert(packets)
      .values({
        tenantId: demoTenantId,
        lineId: r!.lineId,
        name: '赠送套餐',
        totalMinutes: 100,
        price: 0,
        boughtAt: new Date(),
        expireAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    expect((await apply(demo!.id)).body.msg).toBe('该套餐不是通过订单购买的，无可退金额');
    expect((await apply(r!.id, other.token)).body.msg).toBe('所选套餐不存在，请刷新后重试');
    expect((await apply(r!.id, agent)).body.code).toBe(403);
    const bad = await t.call(routes.packetUnsubscribe, { packetId: r!.id, reason: '' }, admin);
    expect(bad.body).toMatchObject({ code: 10002, msg: expect.stringContaining('请填写退订原因') });
    expect((await packetRow(r!.id)).status).toBe('active');
    const wrong = await t.call(
      routes.examine,
      { id: 1, isApproved: true, refundTo: 'elsewhere' as 'balance' },
      platform,
    );
    expect(wrong.body).toMatchObject({ code: 10002, msg: expect.stringContaining('退款方式不正确') });
    // The other enterprise sees none of it.
    expect(ok(await t.call(routes.refundPage, { kind: 'package' }, other.token)).total).toBe(0);
  });

  it('finds the books balanced: sum(ledger) = balance for every account', async () => {
    expect(await ledgerRepository.reconcile(t.database.db)).toEqual([]);
  });
});
