import { routeTables } from '@yunhu/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { tenants } from '../org/org.schema.js';
import { packetProducts } from '../packet/index.js';
import { ledgerRepository } from '../trade/ledger.repository.js';
import { startWechatApi } from '../trade/pay-wechat.test-kit.js';
import { accounts, ledgerEntries, orders, payNotifications } from '../trade/trade.schema.js';

const { trade: routes } = routeTables;

/**
 * 原路退回 through WeChat Pay v3, a server started with PAY_CHANNEL=wechat against a
 * WeChat API that checks signatures and answers as documented: the refund is accepted as
 * PROCESSING, then ends from the REFUND.SUCCESS / REFUND.ABNORMAL notice (signed, the resource
 * encrypted with the APIv3 key, sent several times at once: applied once), or from the job's query
 * when no notice comes. A failed refund comes back to the balance once; forged, foreign and
 * mismatched notices change nothing.
 */
describe('wechat refund results', () => {
  let api: Awaited<ReturnType<typeof startWechatApi>>;
  let t: TTestApp;
  let admin: string;
  let platform: string;
  let demoTenantId: number;
  let product: typeof packetProducts.$inferSelect;

  beforeAll(async () => {
    api = await startWechatApi();
    t = await startTestApp({ env: api.env });
    [admin, platform] = await Promise.all([t.loginAs.admin(), t.loginAs.platform()]);
    demoTenantId = (await t.database.db.select().from(tenants).where(eq(tenants.code, 'E100001')))[0]!.id;
    const all = await t.database.db.select().from(packetProducts).orderBy(packetProducts.id);
    product = all.find((p) => p.isEnabled && p.price > 0)!;
  });
  afterAll(async () => {
    await t.close();
    await api.close();
  });

  const ok = <T>(res: { body: { code: number; msg: string; data: T } }) => {
    expect(res.body.code, res.body.msg).toBe(0);
    return res.body.data;
  };
  const balance = async () =>
    Number((await t.database.db.select().from(accounts).where(eq(accounts.tenantId, demoTenantId)))[0]?.balance ?? 0);
  const post = (n: { headers: Record<string, string>; body: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/pay/notify/wechat',
      headers: { ...n.headers, 'content-type': 'application/json' },
      payload: n.body,
    });
  /** A package bought and paid through WeChat (its TRANSACTION.SUCCESS notice); answers its refund application. */
  const appliedRefund = async () => {
    const order = ok(await t.call(routes.buy, { items: [{ productId: product.id, quantity: 1 }] }, admin));
    const qr = ok(await t.call(routes.generateQrCode, { orderNo: order.orderNo }, admin));
    expect(qr.codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl/);
    const paid = await post(
      api.signedNotification(
        {
          mchid: api.config.mchId,
          appid: api.config.appId,
          out_trade_no: qr.outTradeNo,
          transaction_id: `42000000012026${qr.outTradeNo}`,
          trade_type: 'NATIVE',
          trade_state: 'SUCCESS',
          success_time: new Date().toISOString(),
          amount: { total: order.amount, payer_total: order.amount, currency: 'CNY', payer_currency: 'CNY' },
        },
        'TRANSACTION.SUCCESS',
      ),
    );
    expect(paid.statusCode).toBe(200);
    const [packet] = ok(await t.call(routeTables.packet.mine, { state: 'active', limit: 100 }, admin)).records.filter(
      (p) => p.orderNo === order.orderNo,
    );
    const app = ok(await t.call(routes.packetUnsubscribe, { packetId: packet!.id, reason: '不再使用' }, admin));
    expect(app.originalChannel).toBe('wechat');
    return { app, order, outTradeNo: qr.outTradeNo };
  };
  const approve = async (id: number) =>
    ok(await t.call(routes.examine, { id, isApproved: true, refundTo: 'original' }, platform));
  const shareOf = async (applyNo: string) =>
    ok(await t.call(routes.platformRefundPage, { applyNo }, platform)).records[0]!.channelRefunds[0]!;
  const booked = async (applyNo: string) =>
    (await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.bizKey, applyNo)))
      .map((r) => `${r.bizType}:${r.amount}`)
      .sort();

  it('accepts a refund as PROCESSING and ends it from REFUND.SUCCESS, once however often the notice comes', async () => {
    const { app, outTradeNo } = await appliedRefund();
    const before = await balance();
    const approved = await approve(app.id);
    expect(approved.channelRefunds).toMatchObject([{ refundNo: app.applyNo, channel: 'wechat', state: 'processing' }]);
    expect(api.seen.at(-1)).toMatchObject({
      path: '/v3/refund/domestic/refunds',
      signed: true,
      body: { out_trade_no: outTradeNo, out_refund_no: app.applyNo, amount: { refund: app.amount } },
    });
    expect(await balance()).toBe(before);
    api.refunds.get(app.applyNo)!.status = 'SUCCESS';
    const notice = api.signedNotification(api.refundResource(app.applyNo), 'REFUND.SUCCESS');
    const answers = await Promise.all(Array.from({ length: 3 }, () => post(notice)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(await shareOf(app.applyNo)).toMatchObject({ state: 'success', reason: '' });
    expect(await balance()).toBe(before);
    expect(await booked(app.applyNo)).toEqual([`refundApply:${app.amount}`, `refundChannel:${-app.amount}`].sort());
    const kept = await t.database.db
      .select()
      .from(payNotifications)
      .where(and(eq(payNotifications.channel, 'wechat'), eq(payNotifications.outTradeNo, outTradeNo)));
    expect(kept.filter((n) => n.outcome.startsWith(`refund ${app.applyNo}`)).map((n) => n.outcome)).toEqual(
      expect.arrayContaining([`refund ${app.applyNo}: success`, `refund ${app.applyNo}: duplicate`]),
    );
  });

  it('REFUND.ABNORMAL: 退款失败 with the reason, the money back to the balance once', async () => {
    const { app } = await appliedRefund();
    const before = await balance();
    await approve(app.id);
    api.refunds.get(app.applyNo)!.status = 'ABNORMAL';
    const notice = api.signedNotification(api.refundResource(app.applyNo), 'REFUND.ABNORMAL');
    const answers = await Promise.all(Array.from({ length: 3 }, () => post(notice)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(await shareOf(app.applyNo)).toMatchObject({ state: 'failed', reason: expect.stringContaining('退款异常') });
    expect(await balance()).toBe(before + app.amount);
    expect(await booked(app.applyNo)).toEqual(
      [`refundApply:${app.amount}`, `refundChannel:${-app.amount}`, `refundChannelBack:${app.amount}`].sort(),
    );
    // A SUCCESS arriving after the end changes nothing.
    const late = await post(api.signedNotification(api.refundResource(app.applyNo, 'SUCCESS'), 'REFUND.SUCCESS'));
    expect(late.statusCode).toBe(200);
    expect(await shareOf(app.applyNo)).toMatchObject({ state: 'failed' });
    expect(await balance()).toBe(before + app.amount);
  });

  it('no notice: the job asks the channel (GET by refund number) and ends it', async () => {
    const { app } = await appliedRefund();
    await approve(app.id);
    const later = new Date(Date.now() + 2 * 60_000);
    // Still processing at the channel: stays processing.
    expect((await t.app.trade.refunds.channelRefunds.run(later)).done).toBe(0);
    expect(await shareOf(app.applyNo)).toMatchObject({ state: 'processing' });
    expect(api.seen.at(-1)).toMatchObject({ method: 'GET', path: `/v3/refund/domestic/refunds/${app.applyNo}` });
    api.refunds.get(app.applyNo)!.status = 'SUCCESS';
    expect((await t.app.trade.refunds.channelRefunds.run(new Date(Date.now() + 5 * 60_000))).done).toBe(1);
    expect(await shareOf(app.applyNo)).toMatchObject({ state: 'success' });
  });

  it('changes nothing on a forged, foreign, mismatched or unknown refund notice', async () => {
    const { app } = await appliedRefund();
    await approve(app.id);
    const before = await balance();
    const resource = api.refundResource(app.applyNo, 'ABNORMAL');
    const forged = await post(api.signedNotification(resource, 'REFUND.ABNORMAL', api.keys.forger.privateKey));
    expect(forged.statusCode).toBe(400);
    const foreign = await post(api.signedNotification({ ...resource, mchid: '999' }, 'REFUND.ABNORMAL'));
    expect(foreign.statusCode).toBe(400);
    const mismatched = await post(
      api.signedNotification({ ...resource, amount: { ...resource.amount, refund: 1 } }, 'REFUND.ABNORMAL'),
    );
    expect(mismatched.statusCode).toBe(400);
    const unknown = await post(api.signedNotification({ ...resource, out_refund_no: 'TDNOBODY' }, 'REFUND.ABNORMAL'));
    expect(unknown.statusCode).toBe(400);
    expect(await shareOf(app.applyNo)).toMatchObject({ state: 'processing' });
    expect(await balance()).toBe(before);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, app.parts[0]!.orderId));
    expect(order!.refundedAmount).toBe(app.amount);
  });

  it('finds the books balanced', async () => {
    expect(await ledgerRepository.reconcile(t.database.db)).toEqual([]);
  });
});
