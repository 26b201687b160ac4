import crypto from 'node:crypto';
import { routeTables } from '@yunhu/contract';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { otherEnterprise } from '../../test/other-enterprise.js';
import { agentPrices } from '../agent/agent.schema.js';
import { agentLines } from '../agent/agent-stock.schema.js';
import { tenants } from '../org/org.schema.js';
import { seats, seatTerms } from '../seat/seat.schema.js';
import { seatKit } from '../seat/seat.test-kit.js';
import { ledgerRepository } from '../trade/ledger.repository.js';
import { accounts, ledgerEntries, orders } from '../trade/trade.schema.js';

const { trade: routes } = routeTables;

/**
 * 原路退回 of a 坐席退订 whose months three orders paid: bought by QR, renewed from the
 * balance, renewed by QR. The approval sends each order's share back the way it was paid (latest
 * months first: the parts' order), one refund per order under its own number, each booked once
 * under N parallel approvals; a channel refusing one share brings it back to the balance (退款失败
 * with the reason); a channel not answering leaves it pending for the job, which sends the same
 * number again. The enterprise is an agent's: each order's margin share is taken back.
 */
describe('refund split over several orders', () => {
  let t: TTestApp;
  let kit: Awaited<ReturnType<typeof seatKit>>;
  let platform: string;
  let boss: Awaited<ReturnType<typeof otherEnterprise>>;
  let agentId: number;
  const markup = 1000;

  beforeAll(async () => {
    t = await startTestApp();
    kit = await seatKit(t);
    platform = await t.loginAs.platform();
    boss = await otherEnterprise(t, { code: 'E400049', username: 'splitboss', mobile: '13700000449' });
    const [agent] = await t.database.db
      .insert(tenants)
      .values({ code: 'A400049', name: '拆分代理', kind: 'agent', inviteCode: 'SPLIT49' })
      .returning({ id: tenants.id });
    agentId = agent!.id;
    // Made here, not through 代理商: its enterprises may buy only on the lines opened for it.
    await t.database.db.insert(agentLines).values({ agentId, lineId: kit.sipLine.id });
    await t.database.db.update(tenants).set({ agentId }).where(eq(tenants.id, boss.tenantId));
    const base = ok(await t.call(routes.buySeat, { lineId: kit.sipLine.id, count: 1, months: 1 }, boss.token)).amount;
    await t.database.db
      .insert(agentPrices)
      .values({ agentId, itemKind: 'seat', itemId: kit.sipLine.id, price: base + markup });
  });
  afterAll(() => t.close());

  const ok = <T>(res: { body: { code: number; msg: string; data: T } }) => {
    expect(res.body.code, res.body.msg).toBe(0);
    return res.body.data;
  };
  const balance = async (tenantId: number) =>
    Number((await t.database.db.select().from(accounts).where(eq(accounts.tenantId, tenantId)))[0]?.balance ?? 0);
  const orderRow = async (orderNo: string) =>
    (await t.database.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!;
  const pay = async (orderNo: string) => {
    const qr = ok(await t.call(routes.generateQrCode, { orderNo }, boss.token));
    await t.app.inject({ method: 'POST', url: '/dev/pay/act', payload: { t: qr.outTradeNo, action: 'pay' } });
    expect((await orderRow(orderNo)).state).toBe('paid');
    return qr.outTradeNo;
  };
  const renew = (seatId: number, months: number) =>
    t.call(routes.seatRenewal, { ids: [seatId], months, requestId: crypto.randomUUID() }, boss.token);

  /** A seat bought by QR (3 months), renewed from the balance (1), renewed by QR (3): three orders. */
  const seatOfThreeOrders = async () => {
    const a = ok(await t.call(routes.buySeat, { lineId: kit.sipLine.id, count: 1, months: 3 }, boss.token));
    const aTrade = await pay(a.orderNo);
    const [seat] = await t.database.db.select().from(seats).where(eq(seats.orderId, a.id));
    // Exactly enough for one month's renewal: the next one finds the balance short and asks for a QR.
    const oneMonth = a.amount / 3;
    const have = await balance(boss.tenantId);
    if (have !== oneMonth) {
      const adjust = {
        tenantId: boss.tenantId,
        amount: oneMonth - have,
        reason: '测试充值',
        requestId: crypto.randomUUID(),
      };
      ok(await t.call(routes.platformAdjust, adjust, platform));
    }
    const b = ok(await renew(seat!.id, 1));
    expect(b).toMatchObject({ isPaid: true, order: { channel: 'balance', amount: oneMonth } });
    const c = ok(await renew(seat!.id, 3));
    expect(c.isPaid).toBe(false);
    const cTrade = await pay(c.order.orderNo);
    // Bought two days ago: past the hours in which an unused seat refunds in full.
    await t.database.db
      .update(seatTerms)
      .set({ createdAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(seatTerms.seatId, seat!.id));
    return { seat: seat!, a: { ...a, trade: aTrade }, b: b.order, c: { ...c.order, trade: cTrade } };
  };
  const apply = async (seatId: number) =>
    ok(await t.call(routes.seatCancelOrder, { seatId, reason: '业务收缩' }, boss.token));
  const approve = (id: number) => t.call(routes.examine, { id, isApproved: true, refundTo: 'original' }, platform);
  const booked = async (applyNo: string) =>
    (
      await t.database.db
        .select()
        .from(ledgerEntries)
        .where(like(ledgerEntries.bizKey, `${applyNo}%`))
    )
      .map((r) => `${r.tenantId === agentId ? 'agent' : 'boss'}:${r.bizType}:${r.bizKey}:${r.amount}`)
      .sort();
  /** The agent's share of the margin an order gives back when `amount` of it is refunded after `before`. */
  const marginBack = (o: { amount: number; agentMargin: number }, before: number, amount: number) =>
    Math.floor((o.agentMargin * (before + amount)) / o.amount) - Math.floor((o.agentMargin * before) / o.amount);

  it('sends each order’s share back the way it was paid, once under parallel approvals; the agent gives back each order’s margin share', async () => {
    const { seat, a, b, c } = await seatOfThreeOrders();
    const app = await apply(seat.id);
    // Six whole months left: the latest paid first — C's three, B's one, two of A's three.
    expect(app.parts.map((p) => [p.orderNo, p.months])).toEqual([
      [c.orderNo, 3],
      [b.orderNo, 1],
      [a.orderNo, 2],
    ]);
    expect(app.originalChannel).toBe('sandbox');
    const [amountC, amountB, amountA] = app.parts.map((p) => p.amount) as [number, number, number];
    const before = await balance(boss.tenantId);
    const agentBefore = await balance(agentId);

    const answers = await Promise.all(Array.from({ length: 4 }, () => approve(app.id)));
    expect(answers.filter((x) => x.body.code === 0)).toHaveLength(1);
    expect(answers.filter((x) => x.body.code !== 0).every((x) => x.body.msg.includes('不能重复审核'))).toBe(true);
    const approved = answers.find((x) => x.body.code === 0)!.body.data!;
    expect(approved.channelRefunds).toMatchObject([
      { refundNo: `${app.applyNo}-1`, orderNo: c.orderNo, channel: 'sandbox', amount: amountC, state: 'success' },
      { refundNo: `${app.applyNo}-2`, orderNo: b.orderNo, channel: 'balance', amount: amountB, state: 'success' },
      { refundNo: `${app.applyNo}-3`, orderNo: a.orderNo, channel: 'sandbox', amount: amountA, state: 'success' },
    ]);
    expect(await t.app.trade.sandbox.refundsOf(c.trade)).toEqual({ [`${app.applyNo}-1`]: amountC });
    expect(await t.app.trade.sandbox.refundsOf(a.trade)).toEqual({ [`${app.applyNo}-3`]: amountA });
    // Only the share paid from the balance stays there.
    expect(await balance(boss.tenantId)).toBe(before + amountB);
    const margins = [c, b, a].map((o, i) => ({ order: o, amount: [amountC, amountB, amountA][i]! }));
    const rows = await Promise.all(margins.map(({ order }) => orderRow(order.orderNo)));
    const backs = margins.map(({ amount }, i) => marginBack(rows[i]!, rows[i]!.refundedAmount - amount, amount));
    expect(backs.every((x) => x > 0)).toBe(true);
    expect(await booked(app.applyNo)).toEqual(
      [
        `boss:refundApply:${app.applyNo}:${app.amount}`,
        `boss:refundChannel:${app.applyNo}-1:${-amountC}`,
        `boss:refundChannel:${app.applyNo}-3:${-amountA}`,
        ...backs.map((x, i) => `agent:refundApply:${app.applyNo}:${i}:${-x}`),
      ].sort(),
    );
    expect(await balance(agentId)).toBe(agentBefore - backs.reduce((n, x) => n + x, 0));
    // The orders show what came back; C and B wholly, A in part.
    expect(rows.map((o) => o.state)).toEqual(['refunded', 'refunded', 'partRefunded']);
    const details = ok(await t.call(routes.orderDetails, { orderNo: a.orderNo }, boss.token));
    expect(details.refunds).toMatchObject([{ refundNo: `${app.applyNo}-3`, state: 'success', amount: amountA }]);
    expect(await ledgerRepository.reconcile(t.database.db)).toEqual([]);
  });

  it('a channel refusing one share: that share comes back to the balance and shows 退款失败; the others are refunded', async () => {
    const { seat, a, c } = await seatOfThreeOrders();
    const app = await apply(seat.id);
    const [amountC, amountB, amountA] = app.parts.map((p) => p.amount) as [number, number, number];
    // A's trade was refunded in full elsewhere: the sandbox refuses A's share.
    await t.app.trade.sandbox.adapter.refund({
      outTradeNo: a.trade,
      amount: a.amount,
      refundNo: 'ELSEWHERE',
      reason: 'x',
    });
    const before = await balance(boss.tenantId);
    const approved = ok(await approve(app.id));
    expect(approved.channelRefunds.map((r) => [r.refundNo, r.state, r.reason])).toEqual([
      [`${app.applyNo}-1`, 'success', ''],
      [`${app.applyNo}-2`, 'success', ''],
      [`${app.applyNo}-3`, 'failed', '退款金额超过可退金额'],
    ]);
    expect(await t.app.trade.sandbox.refundsOf(c.trade)).toEqual({ [`${app.applyNo}-1`]: amountC });
    expect(await balance(boss.tenantId)).toBe(before + amountB + amountA);
    const mine = (await booked(app.applyNo)).filter((r) => r.startsWith('boss:'));
    expect(mine).toEqual(
      [
        `boss:refundApply:${app.applyNo}:${app.amount}`,
        `boss:refundChannel:${app.applyNo}-1:${-amountC}`,
        `boss:refundChannel:${app.applyNo}-3:${-amountA}`,
        `boss:refundChannelBack:${app.applyNo}-3:${amountA}`,
      ].sort(),
    );
    // The enterprise's own list shows the same.
    const [listed] = ok(await t.call(routes.refundPage, { applyNo: app.applyNo }, boss.token)).records;
    expect(listed!.channelRefunds[2]).toMatchObject({ state: 'failed', reason: '退款金额超过可退金额' });
    expect(await ledgerRepository.reconcile(t.database.db)).toEqual([]);
  });

  it('a channel not answering one share: pending, sent again by the job under the same number, booked once', async () => {
    const { seat, a } = await seatOfThreeOrders();
    const app = await apply(seat.id);
    const amountA = app.parts[2]!.amount;
    const sandbox = t.app.trade.sandbox.adapter;
    const real = sandbox.refund.bind(sandbox);
    // The network fails on A's share only (the channel never got it).
    const spy = vi.spyOn(sandbox, 'refund').mockImplementation(async (r, tx) => {
      if (r.refundNo === `${app.applyNo}-3`) throw new Error('连接超时');
      return real(r, tx);
    });
    const approved = ok(await approve(app.id));
    spy.mockRestore();
    expect(approved.channelRefunds[2]).toMatchObject({
      state: 'pending',
      attempts: 1,
      reason: expect.stringContaining('连接超时'),
    });
    expect(await t.app.trade.sandbox.refundsOf(a.trade)).toEqual({});
    const before = await balance(boss.tenantId);
    // Not due yet (a minute per attempt); then two job passes at once (two processes) send it once.
    expect((await t.app.trade.refunds.channelRefunds.run()).done).toBe(0);
    const later = new Date(Date.now() + 2 * 60_000);
    const runs = await Promise.all([
      t.app.trade.refunds.channelRefunds.run(later),
      t.app.trade.refunds.channelRefunds.run(later),
    ]);
    expect(runs.reduce((n, r) => n + r.done, 0)).toBe(1);
    expect(await t.app.trade.sandbox.refundsOf(a.trade)).toEqual({ [`${app.applyNo}-3`]: amountA });
    const [listed] = ok(await t.call(routes.platformRefundPage, { applyNo: app.applyNo }, platform)).records;
    expect(listed!.channelRefunds[2]).toMatchObject({ state: 'success', attempts: 2 });
    expect(await balance(boss.tenantId)).toBe(before);
    const out = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.bizType, 'refundChannel'), eq(ledgerEntries.bizKey, `${app.applyNo}-3`)));
    expect(out).toHaveLength(1);
    expect(await ledgerRepository.reconcile(t.database.db)).toEqual([]);
  });

  it('refuses 原路退回 when one of the orders was paid through another channel', async () => {
    const { seat, a } = await seatOfThreeOrders();
    const app = await apply(seat.id);
    await t.database.db.update(orders).set({ channel: 'alipay' }).where(eq(orders.orderNo, a.orderNo));
    const { payments } = await import('../trade/trade.schema.js');
    await t.database.db.update(payments).set({ channel: 'alipay' }).where(eq(payments.outTradeNo, a.trade));
    const [row] = ok(await t.call(routes.platformRefundPage, { applyNo: app.applyNo }, platform)).records;
    expect(row!.originalChannel).toBeNull();
    const refused = await approve(app.id);
    expect(refused.body.msg).toBe(
      `不能原路退回：订单 ${a.orderNo} 是通过支付宝支付的，不是当前的支付渠道，请选择退回余额`,
    );
    expect(await booked(app.applyNo)).toEqual([]);
  });
});
