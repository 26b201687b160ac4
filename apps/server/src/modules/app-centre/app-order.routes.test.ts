import { routeTables } from '@yunhu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { otherEnterprise } from '../../test/other-enterprise.js';
import { notifySandbox } from '../../test/sandbox-notify.js';

const r = routeTables.appCentre;
const dayMs = 86_400_000;

describe('应用中心 › 购买应用 through an order', () => {
  let t: TTestApp;
  let platform: string;
  let buyer: Awaited<ReturnType<typeof otherEnterprise>>;

  beforeAll(async () => {
    t = await startTestApp();
    platform = await t.loginAs.platform();
    buyer = await otherEnterprise(t, { code: 'AO0001', username: 'aoother', mobile: '13622260001' });
    const clue = (await t.call(r.appCatalogue, {}, platform)).body.data.find((a) => a.code === 'clue')!;
    await t.call(r.appCatalogueSave, { ...clue, priceFen: 19_900, trialDays: 0, periodDays: 30 }, platform);
  });
  afterAll(() => t.close());

  const ok = <T>(res: { body: { code: number; msg: string; data: T } }) => {
    expect(res.body, res.body.msg).toMatchObject({ code: 0 });
    return res.body.data;
  };
  const pay = async (orderNo: string, amount: number, times = 1) => {
    const code = ok(await t.call(routeTables.trade.generateQrCode, { orderNo }, buyer.token));
    const body = {
      outTradeNo: code.outTradeNo,
      channelTradeNo: `SBXAPP${Date.now()}`,
      amount,
      status: 'SUCCESS',
      paidAt: Date.now(),
    };
    await Promise.all(Array.from({ length: times }, () => notifySandbox(t, body)));
  };
  const info = async () => ok(await t.call(r.appInfo, { code: 'clue' }, buyer.token));

  it('switches a priced add-on on for its period once its order is paid, once under parallel notifications', async () => {
    expect(await info()).toMatchObject({ state: 'off', canTrial: false });
    const order = ok(await t.call(routeTables.appOrder.appBuy, { code: 'clue' }, buyer.token));
    expect(order).toMatchObject({ kind: 'appSubscription', state: 'unpaid', amount: 19_900 });
    expect(order.subject).toContain('企业线索');
    // Unpaid: still off.
    expect((await t.call(routeTables.clue.quota, {}, buyer.token)).body.msg).toBe('该应用未开通，请在应用中心开通');
    await pay(order.orderNo, order.amount, 10);
    const on = await info();
    expect(on.state).toBe('on');
    expect(Math.abs(on.endsAt! - (Date.now() + 30 * dayMs))).toBeLessThan(60_000);
    expect((await t.call(routeTables.clue.quota, {}, buyer.token)).body.code).toBe(0);

    // 停用 keeps the period, 开通 resumes it; a second order adds its days to the period's end.
    ok(await t.call(r.appSwitch, { code: 'clue', isOn: false }, buyer.token));
    expect((await info()).state).toBe('disabled');
    ok(await t.call(r.appSwitch, { code: 'clue', isOn: true }, buyer.token));
    const again = ok(await t.call(routeTables.appOrder.appBuy, { code: 'clue' }, buyer.token));
    await pay(again.orderNo, again.amount);
    expect(Math.abs((await info()).endsAt! - (Date.now() + 60 * dayMs))).toBeLessThan(60_000);
  });

  it('refuses buying a free add-on, the platform, and someone without the right', async () => {
    expect((await t.call(routeTables.appOrder.appBuy, { code: 'open_platform' }, buyer.token)).body.msg).toBe(
      '该应用免费，直接开通即可',
    );
    expect((await t.call(routeTables.appOrder.appBuy, { code: 'clue' }, platform)).body.msg).toBe(
      '平台运营方无需开通应用',
    );
    const agent = await t.loginAs.agent();
    expect((await t.call(routeTables.appOrder.appBuy, { code: 'clue' }, agent)).body.code).toBe(403);
  });
});
