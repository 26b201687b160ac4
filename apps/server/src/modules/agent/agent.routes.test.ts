import { isAgentPerm, routeTables, type TRouteDef } from '@yunhu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { tenants } from '../org/org.schema.js';
import { packetProducts, packets } from '../packet/packet.schema.js';
import { seats } from '../seat/seat.schema.js';
import { ledgerEntries, ledgerRepository, orders, sandboxSign, sandboxSignatureHeader } from '../trade/index.js';
import { createTestAgent } from './agent.test-kit.js';

const { agent: r, auth, platform: platformRoutes, trade } = routeTables;
const secret = 'yunhu-dev-pay-sandbox-secret';

/**
 * Resellers: the platform creates agents; an enterprise registers with an agent's
 * invitation code, buys at the agent's price, and the margin is booked in the agent's ledger and
 * taken back by a refund; the agent's data wall both ways. PGlite and PostgreSQL.
 */
describe('agent routes', () => {
  let t: TTestApp;
  let platform: string;
  let admin: string;
  let agentA: { id: number; inviteCode: string; token: string };
  let agentB: { id: number; inviteCode: string; token: string };
  let product: typeof packetProducts.$inferSelect;

  const ok = <T>(res: { body: { code: number; msg: string; data: T } }) => {
    expect(res.body.code, res.body.msg).toBe(0);
    return res.body.data;
  };
  const createAgent = (name: string, username: string, mobile: string) =>
    createTestAgent(t, platform, { name, username, mobile });
  const register = async (enterpriseName: string, username: string, mobile: string, inviteCode?: string) => {
    await t.call(auth.sendCode, { mobile, type: 'signup' }, null, t.freshIp());
    return t.call(auth.signup, {
      enterpriseName,
      realName: '注册人',
      username,
      mobile,
      code: await t.smsCode(mobile),
      password: 'Reg@2026x',
      ...(inviteCode === undefined ? {} : { inviteCode }),
    });
  };
  const notify = (body: object) => {
    const raw = JSON.stringify(body);
    return t.app.inject({
      method: 'POST',
      url: '/pay/notify/sandbox',
      headers: { 'content-type': 'application/json', [sandboxSignatureHeader]: sandboxSign(secret, raw) },
      payload: raw,
    });
  };

  beforeAll(async () => {
    t = await startTestApp();
    [platform, admin] = await Promise.all([t.loginAs.platform(), t.loginAs.admin()]);
    product = (await t.database.db.select().from(packetProducts).orderBy(packetProducts.id)).find((p) => p.isEnabled)!;
    agentA = await createAgent('杭州甲代理有限公司', 'agenta', '13811110001');
    agentB = await createAgent('苏州乙代理有限公司', 'agentb', '13811110002');
  });
  afterAll(() => t.close());

  it('makes the administrator the platform created change the password it set at his first sign-in', async () => {
    ok(
      await t.call(
        r.platformAgentCreate,
        {
          name: '初始密码代理',
          contactName: '某',
          mobile: '13811110007',
          username: 'agentfirst',
          password: 'Given@2026x',
        },
        platform,
      ),
    );
    const first = await t.call(auth.login, { username: 'agentfirst', password: 'Given@2026x' }, null, t.freshIp());
    expect(first.body.data).toMatchObject({ mustChangePassword: true });
    const refused = await t.call(r.info, {}, first.body.data.token);
    expect(refused.body.msg).toBe('您的密码由管理员设置，请先修改密码后再使用');
    ok(
      await t.call(
        auth.updatePassword,
        { oldPassword: 'Given@2026x', newPassword: 'Mine@2026x' },
        first.body.data.token,
      ),
    );
    const token = await t.login('agentfirst', 'Mine@2026x');
    expect(ok(await t.call(r.info, {}, token)).name).toBe('初始密码代理');
  });

  it('creates an agent with an 8-character invitation code, listed apart from the enterprises', async () => {
    expect(agentA.inviteCode).toMatch(/^[A-Z0-9]{8}$/);
    expect(agentA.inviteCode).not.toBe(agentB.inviteCode);
    const page = ok(await t.call(r.platformAgentPage, { page: 1, limit: 10, name: '甲代理' }, platform));
    expect(page.records).toMatchObject([{ name: '杭州甲代理有限公司', adminUsername: 'agenta', enterpriseCount: 0 }]);
    const enterprises = ok(await t.call(platformRoutes.enterprisePage, { page: 1, limit: 50 }, platform));
    expect(enterprises.records.some((e) => e.name.includes('代理'))).toBe(false);
    const taken = await t.call(
      r.platformAgentCreate,
      { name: '重复代理', contactName: '某', mobile: '13811110009', username: 'agenta', password: 'Agent@2026x' },
      platform,
    );
    expect(taken.body.msg).toBe('该账号或手机号已被使用，请换一个');
    // The same new account asked for three times at once: one agent, two clear refusals.
    const same = { contactName: '某', mobile: '13811110008', username: 'agentsame', password: 'Agent@2026x' };
    const results = await Promise.all(
      ['并发代理一', '并发代理二', '并发代理三'].map((name) =>
        t.call(r.platformAgentCreate, { ...same, name }, platform),
      ),
    );
    expect(results.filter((x) => x.body.code === 0)).toHaveLength(1);
    expect(results.filter((x) => x.body.code !== 0).map((x) => x.body.msg)).toEqual([
      '该账号或手机号已被使用，请换一个',
      '该账号或手机号已被使用，请换一个',
    ]);
  });

  it("gives the agent's administrator the agent console's menu and nothing of an enterprise's", async () => {
    const nav = ok(await t.call(routeTables.org.menuNav, {}, agentA.token));
    const names = JSON.stringify(nav.menuList);
    expect(names).toContain('代理商后台');
    expect(names).toContain('价格设置');
    expect(names).not.toContain('客户管理');
    expect(names).not.toContain('平台管理');
    const platformNav = JSON.stringify(ok(await t.call(routeTables.org.menuNav, {}, platform)).menuList);
    expect(platformNav).toContain('"代理商"');
    expect(platformNav).not.toContain('代理商后台');
    const adminNav = JSON.stringify(ok(await t.call(routeTables.org.menuNav, {}, admin)).menuList);
    expect(adminNav).not.toContain('代理商');
  });

  it("offers no agent grant in an enterprise's or the platform's role editor, and refuses one", async () => {
    for (const token of [admin, platform]) {
      const tree = JSON.stringify(ok(await t.call(routeTables.org.selectMenu, {}, token)));
      expect(tree).not.toContain('"agent:');
      expect(tree).not.toContain('代理商后台');
      const role = await t.call(
        routeTables.orgRole.roleSave,
        { name: '偷看代理', permissions: ['agent:order:list'], dataScope: 'self' },
        token,
      );
      expect(role.body.msg).toBe('未知的权限标识：agent:order:list');
    }
  });

  it('refuses a price below the platform base price, keeps one above it', async () => {
    const prices = ok(await t.call(r.myPrice, {}, agentA.token));
    const row = prices.find((p) => p.itemKind === 'packet' && p.itemId === product.id)!;
    expect(row).toMatchObject({ basePrice: product.price, myPrice: null });
    const low = await t.call(
      r.setMyPrice,
      { itemKind: 'packet', itemId: product.id, price: product.price - 1 },
      agentA.token,
    );
    expect(low.body.msg).toMatch(/^代理价 .* 元不能低于平台底价 .* 元$/);
    const set = ok(
      await t.call(r.setMyPrice, { itemKind: 'packet', itemId: product.id, price: product.price + 1234 }, agentA.token),
    );
    expect(set.myPrice).toBe(product.price + 1234);
    const missing = await t.call(r.setMyPrice, { itemKind: 'packet', itemId: 999999, price: 100 }, agentA.token);
    expect(missing.body.msg).toBe('该套餐或线路已下架，请刷新价格列表');
    const theirs = ok(await t.call(r.platformAgentPrices, { agentId: agentA.id }, platform));
    expect(theirs.find((p) => p.itemKind === 'packet' && p.itemId === product.id)?.myPrice).toBe(product.price + 1234);
  });

  it('refuses an unknown invitation code with org.agentNotFound (code 500) before spending the SMS code', async () => {
    const res = await register('无效邀请码公司', 'badcode', '13811110011', 'NOPE1234');
    expect(res.body).toMatchObject({ code: 500, msg: '邀请码对应的代理商不存在', reason: 'org.agentNotFound' });
    const again = await t.call(auth.signup, {
      enterpriseName: '无效邀请码公司',
      realName: '注册人',
      username: 'badcode',
      mobile: '13811110011',
      code: await t.smsCode('13811110011'),
      password: 'Reg@2026x',
    });
    expect(again.body.code, again.body.msg).toBe(0);
    const [row] = await t.database.db.select().from(tenants).where(eq(tenants.name, '无效邀请码公司'));
    expect(row?.agentId).toBeNull();
  });

  it('sells to an enterprise of the agent at its price and books the margin once; a refund takes it back', async () => {
    expect(
      (await register('甲代理客户公司', 'viaagent', '13811110021', agentA.inviteCode.toLowerCase())).body.code,
    ).toBe(0);
    const [ent] = await t.database.db.select().from(tenants).where(eq(tenants.name, '甲代理客户公司'));
    expect(ent?.agentId).toBe(agentA.id);
    ok(await t.call(platformRoutes.examine, { id: ent!.id, pass: true, reason: '' }, platform));
    const boss = await t.login('viaagent', 'Reg@2026x');
    // The catalogue shows the enterprise the price it will pay; a direct enterprise still sees the platform's.
    const catalogue = ok(await t.call(routeTables.packet.list, {}, boss));
    expect(catalogue.find((p) => p.id === product.id)?.price).toBe(product.price + 1234);
    const direct = ok(await t.call(routeTables.packet.list, {}, admin));
    expect(direct.find((p) => p.id === product.id)?.price).toBe(product.price);
    const order = ok(await t.call(trade.buy, { items: [{ productId: product.id, quantity: 2 }] }, boss));
    expect(order.amount).toBe((product.price + 1234) * 2);
    const code = ok(await t.call(trade.generateQrCode, { orderNo: order.orderNo }, boss));
    const event = {
      outTradeNo: code.outTradeNo,
      channelTradeNo: `SB${code.outTradeNo}`,
      amount: code.amount,
      status: 'SUCCESS',
      paidAt: Date.now(),
    };
    // The same notification in parallel: the margin is booked once.
    await Promise.all([notify(event), notify(event), notify(event)]);
    const margins = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.tenantId, agentA.id));
    expect(margins.map((m) => [m.kind, m.amount, m.bizKey])).toEqual([['margin', 1234 * 2, order.orderNo]]);

    const seen = ok(await t.call(r.orderPage, { page: 1, limit: 10 }, agentA.token));
    expect(seen.records).toMatchObject([
      { orderNo: order.orderNo, enterpriseName: '甲代理客户公司', margin: 2468, marginReversed: 0, state: 'paid' },
    ]);
    expect(ok(await t.call(r.info, {}, agentA.token))).toMatchObject({ balance: 2468, enterpriseCount: 1 });
    const mine = ok(await t.call(r.enterprisePage, { page: 1, limit: 10 }, agentA.token));
    expect(mine.records).toMatchObject([{ name: '甲代理客户公司', paidOrderCount: 1, paidAmount: order.amount }]);
    // Another agent sees none of it.
    expect(ok(await t.call(r.orderPage, { page: 1, limit: 10 }, agentB.token)).total).toBe(0);
    expect(ok(await t.call(r.enterprisePage, { page: 1, limit: 10 }, agentB.token)).total).toBe(0);

    // 退订 of one of the two packages (unused): half the order back, half the margin back.
    const [first] = await t.database.db
      .select()
      .from(packets)
      .where(
        eq(
          packets.orderId,
          (await t.database.db.select().from(orders).where(eq(orders.orderNo, order.orderNo)))[0]!.id,
        ),
      );
    const app = ok(await t.call(trade.packetUnsubscribe, { packetId: first!.id, reason: '不用了' }, boss));
    ok(await t.call(trade.examine, { id: app.id, isApproved: true }, platform));
    const after = ok(await t.call(r.orderPage, { page: 1, limit: 10 }, agentA.token)).records[0]!;
    expect(after).toMatchObject({ state: 'partRefunded', refundedAmount: product.price + 1234, marginReversed: 1234 });
    expect(ok(await t.call(r.info, {}, agentA.token)).balance).toBe(1234);
    const ledger = ok(await t.call(r.platformAgentLedger, { agentId: agentA.id, page: 1, limit: 10 }, platform));
    expect(ledger.records.map((e) => e.amount)).toEqual([-1234, 2468]);
    expect(await ledgerRepository.reconcile(t.database.db)).toEqual([]);
  });

  it("sells seats at the agent's month price × months, shown so, with the margin on payment", async () => {
    const prices = ok(await t.call(r.myPrice, {}, agentA.token));
    const line = prices.find((p) => p.itemKind === 'seat')!;
    ok(
      await t.call(r.setMyPrice, { itemKind: 'seat', itemId: line.itemId, price: line.basePrice + 500 }, agentA.token),
    );
    const boss = await t.login('viaagent', 'Reg@2026x');
    const shown = ok(await t.call(routeTables.seat.seatPriceList, {}, boss));
    expect(shown.find((p) => p.lineId === line.lineId)?.seatPricePerMonth).toBe(line.basePrice + 500);
    const direct = ok(await t.call(routeTables.seat.seatPriceList, {}, admin));
    expect(direct.find((p) => p.lineId === line.lineId)?.seatPricePerMonth).toBe(line.basePrice);
    const order = ok(await t.call(trade.buySeat, { lineId: line.lineId, count: 2, months: 3 }, boss));
    expect(order.amount).toBe((line.basePrice + 500) * 3 * 2);
    const code = ok(await t.call(trade.generateQrCode, { orderNo: order.orderNo }, boss));
    await notify({
      outTradeNo: code.outTradeNo,
      channelTradeNo: `SB${code.outTradeNo}`,
      amount: code.amount,
      status: 'SUCCESS',
      paidAt: Date.now(),
    });
    const seen = ok(await t.call(r.orderPage, { page: 1, limit: 10 }, agentA.token));
    expect(seen.records.find((o) => o.orderNo === order.orderNo)).toMatchObject({ margin: 500 * 3 * 2, state: 'paid' });

    // A renewal of one of them is priced through the agent too (from the balance, or by QR when short).
    const orderId = (await t.database.db.select().from(orders).where(eq(orders.orderNo, order.orderNo)))[0]!.id;
    const [seat] = await t.database.db.select().from(seats).where(eq(seats.orderId, orderId));
    const renewal = ok(
      await t.call(trade.seatRenewal, { ids: [seat!.id], months: 1, requestId: `renew-${seat!.id}-agent` }, boss),
    );
    expect(renewal.order.amount).toBe(line.basePrice + 500);
    if (!renewal.isPaid) {
      const qr = ok(await t.call(trade.generateQrCode, { orderNo: renewal.order.orderNo }, boss));
      await notify({
        outTradeNo: qr.outTradeNo,
        channelTradeNo: `SB${qr.outTradeNo}`,
        amount: qr.amount,
        status: 'SUCCESS',
        paidAt: Date.now(),
      });
    }
    const after = ok(await t.call(r.orderPage, { page: 1, limit: 10 }, agentA.token));
    expect(after.records.find((o) => o.orderNo === renewal.order.orderNo)).toMatchObject({
      margin: 500,
      state: 'paid',
    });
    expect(await ledgerRepository.reconcile(t.database.db)).toEqual([]);
  });

  it("refuses an agent's users every enterprise and platform route (the data wall)", async () => {
    const refused: string[] = [];
    const answered: string[] = [];
    for (const [area, table] of Object.entries(routeTables)) {
      if (area === 'agent') continue;
      for (const route of Object.values(table) as TRouteDef[]) {
        // The agent console's own routes of other areas (数据审核) are the agent's.
        if (route.access !== 'user' || route.permission === null || isAgentPerm(route.permission)) continue;
        const res = await t.request(route.method, route.path.replace(/:(\w+)/g, '1'), {
          token: agentA.token,
          ...(route.method === 'POST' ? { body: {} } : {}),
        });
        (res.body.code === 403 ? refused : answered).push(`${route.method} ${route.path} ${res.body.code}`);
      }
    }
    expect(answered).toEqual([]);
    expect(refused.length).toBeGreaterThan(150);
  });

  it("refuses the agent console to enterprises and the platform, and the platform's agent screens to agents", async () => {
    for (const token of [admin, platform]) {
      for (const route of [r.info, r.myPrice, r.enterprisePage, r.orderPage]) {
        const res = await t.call(route as TRouteDef, { page: 1, limit: 10 } as never, token);
        expect(res.body.code, route.path).toBe(403);
      }
    }
    expect((await t.call(r.platformAgentPage, { page: 1, limit: 10 }, agentA.token)).body.code).toBe(403);
    expect(
      (await t.call(r.platformAgentLedger, { agentId: agentB.id, page: 1, limit: 10 }, agentA.token)).body.code,
    ).toBe(403);
  });
});
