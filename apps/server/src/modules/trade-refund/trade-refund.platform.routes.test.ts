import crypto from 'node:crypto';
import { routeTables } from '@yunhu/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/tenant.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { otherEnterprise } from '../../test/other-enterprise.js';
import { operationLogs } from '../system/system.schema.js';
import { book } from '../trade/ledger.repository.js';
import { sandboxSign, sandboxSignatureHeader } from '../trade/pay-sandbox.js';
import { accounts, ledgerEntries, orders, refundApplications } from '../trade/trade.schema.js';

const { trade: routes } = routeTables;
const secret = 'yunhu-dev-pay-sandbox-secret';

/**
 * 充值退款 started by the platform: up to what of a top-up is unused, back the way it was paid at
 * once, booked once per request however many copies arrive together, the balance and the ledger
 * agreeing, the operation logged; the enterprise cannot call it.
 */
describe('platform-initiated top-up refund', () => {
  let t: TTestApp;
  let platform: string;
  let boss: Awaited<ReturnType<typeof otherEnterprise>>;

  beforeAll(async () => {
    t = await startTestApp();
    platform = await t.loginAs.platform();
    boss = await otherEnterprise(t, { code: 'E400068', username: 'ptrefundboss', mobile: '13700000468' });
  });
  afterAll(() => t.close());

  const ok = <T>(res: { body: { code: number; msg: string; data: T } }) => {
    expect(res.body.code, res.body.msg).toBe(0);
    return res.body.data;
  };
  const balance = async () =>
    Number((await t.database.db.select().from(accounts).where(eq(accounts.tenantId, boss.tenantId)))[0]?.balance ?? 0);
  const ledger = () =>
    t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.tenantId, boss.tenantId))
      .orderBy(ledgerEntries.id);
  const notify = (body: object) => {
    const raw = JSON.stringify(body);
    return t.app.inject({
      method: 'POST',
      url: '/pay/notify/sandbox',
      headers: { 'content-type': 'application/json', [sandboxSignatureHeader]: sandboxSign(secret, raw) },
      payload: raw,
    });
  };
  const topUp = async (amount: number) => {
    const order = ok(await t.call(routes.recharge, { amount }, boss.token));
    const code = ok(await t.call(routes.generateQrCode, { orderNo: order.orderNo }, boss.token));
    const paid = { outTradeNo: code.outTradeNo, channelTradeNo: `SBX${code.outTradeNo}`, amount, status: 'SUCCESS' };
    expect((await notify({ ...paid, paidAt: Date.now() })).statusCode).toBe(200);
    return order;
  };
  const spent = (amount: number, key: string) =>
    withTenant(t.database, boss.tenantId, (tx) =>
      book(tx, { tenantId: boss.tenantId, kind: 'consumption', amount: -amount, bizType: 'call', bizKey: key }),
    );
  const request = (orderNo: string, amount: number, requestNo: string = crypto.randomUUID()) => ({
    tenantId: boss.tenantId,
    orderNo,
    amount,
    reason: '企业来电要求退回未用余额',
    requestNo,
  });
  const orderRow = async (orderNo: string) =>
    (
      await t.database.db
        .select()
        .from(orders)
        .where(and(eq(orders.tenantId, boss.tenantId), eq(orders.orderNo, orderNo)))
    )[0]!;

  it('quotes what of a top-up is unused: never more than the balance holds', async () => {
    const order = await topUp(8_000);
    const start = await balance();
    await spent(start - 3_000, `quote-${order.orderNo}`);
    const quote = ok(
      await t.call(routes.platformRechargeRefundQuote, { tenantId: boss.tenantId, orderNo: order.orderNo }, platform),
    );
    expect(quote).toMatchObject({ orderNo: order.orderNo, amount: 8_000, refundedAmount: 0, balance: 3_000 });
    expect(quote.refundable).toBe(3_000);
    // Over it: refused, nothing written.
    const over = await t.call(routes.platformRechargeRefund, request(order.orderNo, 3_001), platform);
    expect(over.body.msg).toBe('退款金额超过该充值未使用的 30.00 元，请重新填写');
    expect(await balance()).toBe(3_000);
  });

  it('books one refund of 8 identical requests sent at once, with its ledger row and its log', async () => {
    const order = await topUp(20_000);
    const before = await balance();
    const input = request(order.orderNo, 12_345);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => t.call(routes.platformRechargeRefund, input, platform)),
    );
    // Every copy answers the one refund made.
    for (const a of answers) expect(a.body.code, a.body.msg).toBe(0);
    expect(new Set(answers.map((a) => a.body.data!.id)).size).toBe(1);
    const app = answers[0]!.body.data!;
    expect(app).toMatchObject({
      kind: 'recharge',
      amount: 12_345,
      state: 'approved',
      channel: 'sandbox',
      applyNo: `TP${input.requestNo}`,
    });
    expect(app.channelRefunds).toEqual([expect.objectContaining({ orderNo: order.orderNo, amount: 12_345 })]);

    expect(await balance()).toBe(before - 12_345);
    const out = (await ledger()).filter((r) => r.kind === 'refund' && r.bizKey === app.applyNo);
    expect(out.map((r) => [r.bizType, Number(r.amount), Number(r.balanceAfter)])).toEqual([
      ['refundChannel', -12_345, before - 12_345],
    ]);
    // The ledger reconciles: the last row's balance is the account's.
    const rows = await ledger();
    expect(Number(rows.at(-1)!.balanceAfter)).toBe(await balance());
    expect(rows.reduce((n, r) => n + Number(r.amount), 0)).toBe(await balance());
    expect(await orderRow(order.orderNo)).toMatchObject({ state: 'partRefunded', refundedAmount: 12_345 });
    const apps = await t.database.db
      .select()
      .from(refundApplications)
      .where(eq(refundApplications.applyNo, app.applyNo));
    expect(apps).toHaveLength(1);
    const logged = await t.database.db
      .select()
      .from(operationLogs)
      .where(eq(operationLogs.route, 'POST /base/platform/trade/refund/recharge'));
    expect(logged.filter((l) => JSON.stringify(l.detail).includes(input.requestNo)).length).toBeGreaterThan(0);

    // The same number for another amount is not the same request.
    const reused = await t.call(routes.platformRechargeRefund, { ...input, amount: 100 }, platform);
    expect(reused.body.msg).toBe('该请求编号已用于另一笔退款，请关闭对话框后重新发起');
  });

  it('of distinct requests sent at once for more than is unused, books only what the top-up and balance hold', async () => {
    const order = await topUp(10_000);
    await spent((await balance()) - 10_000, `race-${order.orderNo}`);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => t.call(routes.platformRechargeRefund, request(order.orderNo, 4_000), platform)),
    );
    // 10,000 unused: two of 4,000 fit, the third finds 2,000 left.
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(2);
    expect(answers.filter((a) => a.body.code !== 0).map((a) => a.body.msg)).toEqual(
      Array(3).fill('退款金额超过该充值未使用的 20.00 元，请重新填写'),
    );
    expect(await balance()).toBe(2_000);
    expect(await orderRow(order.orderNo)).toMatchObject({ state: 'partRefunded', refundedAmount: 8_000 });
    const rows = await ledger();
    expect(Number(rows.at(-1)!.balanceAfter)).toBe(2_000);
  });

  it("waits for the enterprise's own application under review, and is the platform's alone", async () => {
    const order = await topUp(5_000);
    ok(await t.call(routes.rechargeRefundApply, { orderNo: order.orderNo, reason: '不用了' }, boss.token));
    const blocked = await t.call(routes.platformRechargeRefund, request(order.orderNo, 1_000), platform);
    expect(blocked.body.msg).toBe('该充值订单有企业的退款申请在审核中，请先在退款审核中处理');
    const byEnterprise = await t.call(routes.platformRechargeRefund, request(order.orderNo, 1_000), boss.token);
    expect(byEnterprise.body.code).toBe(403);
    const missing = await t.call(routes.platformRechargeRefund, request('YH0000', 1_000), platform);
    expect(missing.body.msg).toBe('充值订单不存在，请刷新后重试');
    const badKey = await t.call(routes.platformRechargeRefund, request(order.orderNo, 1_000, 'x'), platform);
    expect(badKey.body).toMatchObject({ code: 10002, msg: expect.stringContaining('请求编号不正确') });
  });
});
