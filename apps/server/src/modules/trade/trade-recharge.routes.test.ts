import { routeTables } from '@yunhu/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/tenant.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { otherEnterprise } from '../../test/other-enterprise.js';
import { book } from './ledger.repository.js';
import { sandboxSign, sandboxSignatureHeader } from './pay-sandbox.js';
import { accounts, ledgerEntries, orders } from './trade.schema.js';

const { trade: routes } = routeTables;
const secret = 'yunhu-dev-pay-sandbox-secret';

/**
 * 余额充值 by QR and 充值退款: bounds, one booking for a notification replayed in parallel, no
 * purchase or delivery, one application of parallel ones, and a refund only of what is unused.
 */
describe('recharge', () => {
  let t: TTestApp;
  let platform: string;
  let boss: Awaited<ReturnType<typeof otherEnterprise>>;

  beforeAll(async () => {
    t = await startTestApp();
    platform = await t.loginAs.platform();
    boss = await otherEnterprise(t, { code: 'E400031', username: 'rechargeboss', mobile: '13700000431' });
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
  /** Calls charged from the balance meanwhile. */
  const spent = (amount: number, key: string) =>
    withTenant(t.database, boss.tenantId, (tx) =>
      book(tx, {
        tenantId: boss.tenantId,
        kind: 'consumption',
        amount: -amount,
        bizType: 'call',
        bizKey: `spend-${key}`,
      }),
    );
  /** A top-up of `amount` fen paid by QR in the sandbox, its notification delivered `times` at once. */
  const topUp = async (amount: number, times = 1) => {
    const order = ok(await t.call(routes.recharge, { amount }, boss.token));
    const code = ok(await t.call(routes.generateQrCode, { orderNo: order.orderNo }, boss.token));
    const paid = { outTradeNo: code.outTradeNo, channelTradeNo: `SBX${code.outTradeNo}`, amount, status: 'SUCCESS' };
    const answers = await Promise.all(Array.from({ length: times }, () => notify({ ...paid, paidAt: Date.now() })));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    return { order, code };
  };

  it('refuses an amount outside ¥10–¥50,000 or not in whole fen, and writes nothing', async () => {
    const low = await t.call(routes.recharge, { amount: 999 }, boss.token);
    expect(low.body).toMatchObject({ code: 10002, msg: expect.stringContaining('充值金额至少为10元') });
    const high = await t.call(routes.recharge, { amount: 5_000_001 }, boss.token);
    expect(high.body).toMatchObject({ code: 10002, msg: expect.stringContaining('单笔充值最多50000元') });
    const part = await t.call(routes.recharge, { amount: 1000.5 }, boss.token);
    expect(part.body.code).toBe(10002);
    expect(await t.database.db.select().from(orders).where(eq(orders.tenantId, boss.tenantId))).toHaveLength(0);
  });

  it('books a paid top-up into the balance once, its notification replayed 10 times in parallel', async () => {
    const before = await balance();
    const { order, code } = await topUp(20_000, 10);
    expect(ok(await t.call(routes.findPayResult, { orderNo: order.orderNo }, boss.token)).state).toBe('paid');
    expect(order).toMatchObject({ kind: 'recharge', amount: 20_000, subject: '余额充值 200.00 元', items: [] });
    expect(await balance()).toBe(before + 20_000);
    const rows = (await ledger()).filter((r) => r.bizKey === code.outTradeNo || r.bizKey === order.orderNo);
    // The payment's recharge row only: a top-up buys nothing, so no purchase row takes it out again.
    expect(rows.map((r) => [r.kind, Number(r.amount), Number(r.balanceAfter)])).toEqual([
      ['recharge', 20_000, before + 20_000],
    ]);
    const account = ok(await t.call(routes.account, {}, boss.token));
    expect(account.balance).toBe(before + 20_000);
  });

  it('refunds through the platform only what is unused: one application of parallel ones, then back the way it was paid', async () => {
    const { order } = await topUp(30_000);
    const start = await balance();
    // The enterprise spent all but ¥120 of its balance.
    const spend = start - 12_000;
    await spent(spend, order.orderNo);
    const input = { orderNo: order.orderNo, reason: '多充了，退回未用部分' };
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => t.call(routes.rechargeRefundApply, input, boss.token)),
    );
    const won = answers.filter((a) => a.body.code === 0);
    expect(won).toHaveLength(1);
    expect(answers.filter((a) => a.body.code !== 0).map((a) => a.body.msg)).toEqual(
      Array(3).fill('该充值订单已有退款申请在审核中，请等待平台审核'),
    );
    const app = won[0]!.body.data!;
    expect(app).toMatchObject({ kind: 'recharge', amount: 12_000, state: 'pending', originalChannel: 'sandbox' });

    // Its money is in the balance already: back to the balance is no refund at all.
    const toBalance = await t.call(routes.examine, { id: app.id, isApproved: true, refundTo: 'balance' }, platform);
    expect(toBalance.body.msg).toBe('充值退款只能原路退回，请选择原路退回');
    const approvals = await Promise.all(
      Array.from({ length: 3 }, () =>
        t.call(routes.examine, { id: app.id, isApproved: true, refundTo: 'original' }, platform),
      ),
    );
    expect(approvals.filter((a) => a.body.code === 0)).toHaveLength(1);
    expect(await balance()).toBe(0);
    const out = (await ledger()).filter((r) => r.kind === 'refund');
    expect(out.map((r) => [r.bizType, r.bizKey, Number(r.amount)])).toEqual([['refundChannel', app.applyNo, -12_000]]);
    const [row] = await t.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.tenantId, boss.tenantId), eq(orders.orderNo, order.orderNo)));
    expect(row).toMatchObject({ state: 'partRefunded', refundedAmount: 12_000 });
    // Nothing left in the balance: nothing more to apply for.
    const again = await t.call(routes.rechargeRefundApply, input, boss.token);
    expect(again.body.msg).toBe('充值金额已用完（账户余额为0），无可退金额');
  });

  it('refuses at approval a refund the balance no longer holds, and applies to top-ups only', async () => {
    const { order } = await topUp(5_000);
    const app = ok(await t.call(routes.rechargeRefundApply, { orderNo: order.orderNo, reason: '不用了' }, boss.token));
    expect(app.amount).toBe(5_000);
    await spent(1_000, order.orderNo);
    const short = await t.call(routes.examine, { id: app.id, isApproved: true, refundTo: 'original' }, platform);
    expect(short.body.msg).toBe('账户余额 40.00 元已不足该充值退款，未使用的部分才能退回，请驳回后让企业重新申请');
    expect(await balance()).toBe(4_000);
    const other = await t.call(routes.rechargeRefundApply, { orderNo: 'YH0000', reason: '不用了' }, boss.token);
    expect(other.body.msg).toBe('充值订单不存在，请刷新后重试');
  });
});
