import { routeTables } from '@yunhu/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { otherEnterprise } from '../../test/other-enterprise.js';
import { notifySandbox } from '../../test/sandbox-notify.js';
import { tenants } from '../org/org.schema.js';
import { ledgerEntries, orders, payNotifications } from '../trade/trade.schema.js';
import { clueQuotaLedger } from './clue.schema.js';

const { cluePackage: r, clueOrder, clue, trade } = routeTables;

/**
 * 线索包: the platform's catalogue, an enterprise's order paid by the sandbox QR code, the quota
 * granted once whatever the channel re-sends, the quota's trial / bought / used, and the walls.
 */
describe('线索包', () => {
  let t: TTestApp;
  let admin: string;
  let agent: string;
  let platform: string;
  let demoId: number;
  let other: Awaited<ReturnType<typeof otherEnterprise>>;

  const ok = <T>(res: { body: { code: number; msg: string; data: T } }) => {
    expect(res.body.code, res.body.msg).toBe(0);
    return res.body.data;
  };
  const grantsOf = (tenantId: number, orderNo: string) =>
    t.database.db
      .select()
      .from(clueQuotaLedger)
      .where(and(eq(clueQuotaLedger.tenantId, tenantId), eq(clueQuotaLedger.businessKey, `grant:${orderNo}`)));

  beforeAll(async () => {
    t = await startTestApp();
    [admin, agent, platform] = await Promise.all([t.loginAs.admin(), t.loginAs.agent(), t.loginAs.platform()]);
    other = await otherEnterprise(t, { code: 'E400092', username: 'clueboss', mobile: '13700009201' });
    const [demo] = await t.database.db.select().from(tenants).where(eq(tenants.code, 'E100001'));
    demoId = demo!.id;
  });
  afterAll(() => t.close());

  it('lets the platform define packages; an enterprise sees only those on sale', async () => {
    const made = ok(await t.call(r.packageSave, { name: '测试线索包', units: 30, price: 6000 }, platform));
    expect(made).toMatchObject({ name: '测试线索包', units: 30, price: 6000, isEnabled: true });
    ok(await t.call(r.packageSetEnabled, { id: made.id, isEnabled: false }, platform));
    const all = ok(await t.call(r.packageList, { withDisabled: true }, platform));
    expect(all.find((p) => p.id === made.id)?.isEnabled).toBe(false);
    const onSale = ok(await t.call(r.packageList, { withDisabled: true }, admin));
    expect(onSale.length).toBeGreaterThan(0);
    expect(onSale.some((p) => p.id === made.id)).toBe(false);
    const refused = await t.call(clueOrder.packageBuy, { packageId: made.id, quantity: 1 }, admin);
    expect(refused.body.msg).toBe('线索包不存在或已下架，请刷新后重试');
    expect((await t.call(r.packageSave, { name: '自定', units: 1, price: 1 }, admin)).body.code).toBe(403);
    expect((await t.call(r.packageSave, { name: '坏价', units: 0, price: -1 }, platform)).body.msg).toMatch(
      /解锁条数至少为1|价格至少为0.01元/,
    );
  });

  it('grants the units once under 20 parallel notifications of the paid order', async () => {
    const [pack] = ok(await t.call(r.packageList, {}, admin));
    const before = ok(await t.call(clue.quota, {}, admin));
    const order = ok(await t.call(clueOrder.packageBuy, { packageId: pack!.id, quantity: 2 }, admin));
    expect(order).toMatchObject({ kind: 'cluePackage', state: 'unpaid', amount: pack!.price * 2 });
    expect(order.items[0]).toMatchObject({ units: pack!.units, quantity: 2 });
    const code = ok(await t.call(trade.generateQrCode, { orderNo: order.orderNo }, admin));
    const body = {
      outTradeNo: code.outTradeNo,
      channelTradeNo: `SBXCLUE${Date.now()}`,
      amount: order.amount,
      status: 'SUCCESS',
      paidAt: Date.now(),
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => notifySandbox(t, body)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const [paid] = await t.database.db.select().from(orders).where(eq(orders.orderNo, order.orderNo));
    expect(paid!.state).toBe('paid');
    const grants = await grantsOf(demoId, order.orderNo);
    expect(grants).toHaveLength(1);
    expect(grants[0]!.units).toBe(pack!.units * 2);
    const kept = await t.database.db
      .select()
      .from(payNotifications)
      .where(eq(payNotifications.outTradeNo, code.outTradeNo));
    expect(kept.filter((k) => k.outcome === 'paid')).toHaveLength(1);
    // The money in and the purchase out, once each.
    const money = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.bizKey, order.orderNo));
    expect(money.map((m) => [m.kind, Number(m.amount)])).toEqual([['purchase', -order.amount]]);
    const after = ok(await t.call(clue.quota, {}, admin));
    expect(after.balance - before.balance).toBe(pack!.units * 2);
    expect(after.boughtUnits - before.boughtUnits).toBe(pack!.units * 2);
    expect(after.usedUnits).toBe(before.usedUnits);
    // The quota's page names the grant.
    const page = ok(await t.call(clue.quotaLedger, { page: 1, limit: 5 }, admin));
    expect(page.records[0]).toMatchObject({ kind: 'grant', units: pack!.units * 2 });
  });

  it('counts trial, bought and used units apart', async () => {
    ok(await t.call(clue.trialTake, {}, other.token));
    const q = ok(await t.call(clue.quota, {}, other.token));
    expect(q).toMatchObject({ trialGranted: q.trialUnits, boughtUnits: 0, usedUnits: 0, balance: q.trialUnits });
  });

  it('keeps one enterprise’s order and quota from another, and refuses a buyer without the permission', async () => {
    const [pack] = ok(await t.call(r.packageList, {}, admin));
    const order = ok(await t.call(clueOrder.packageBuy, { packageId: pack!.id, quantity: 1 }, admin));
    const stranger = await t.call(trade.generateQrCode, { orderNo: order.orderNo }, other.token);
    expect(stranger.body.code).not.toBe(0);
    const details = await t.call(trade.orderDetails, { orderNo: order.orderNo }, other.token);
    expect(details.body.code).not.toBe(0);
    expect((await t.call(clueOrder.packageBuy, { packageId: pack!.id, quantity: 1 }, agent)).body.code).toBe(403);
    expect((await t.call(clueOrder.packageBuy, { packageId: pack!.id, quantity: 0 }, admin)).body.msg).toBe(
      '数量至少为1（字段：quantity）',
    );
    expect(await grantsOf(other.tenantId, order.orderNo)).toHaveLength(0);
  });
});
