import { routeTables } from '@yunhu/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { ExcelJS } from '../../http/exceljs.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { otherEnterprise } from '../../test/other-enterprise.js';
import { tenants, users } from '../org/org.schema.js';
import { packetProducts, packets } from '../packet/packet.schema.js';
import { operationLogs } from '../system/system.schema.js';
import { ledgerRepository } from './ledger.repository.js';
import { sandboxSign, sandboxSignatureHeader } from './pay-sandbox.js';
import { accounts, ledgerEntries, orders, payments, payNotifications } from './trade.schema.js';

const { trade: routes, packet: packetRoutes } = routeTables;
const secret = 'yunhu-dev-pay-sandbox-secret';

/**
 * Orders and payment: amounts from the catalogue, the sandbox channel end to end,
 * idempotent and forged notifications, a differing amount, a double payment, expiry, the job,
 * the platform's adjustment, tenant isolation, on PGlite and PostgreSQL.
 */
describe('trade routes', () => {
  let t: TTestApp;
  let admin: string;
  let agent: string;
  let platform: string;
  let other: Awaited<ReturnType<typeof otherEnterprise>>;
  let demoTenantId: number;
  let product: typeof packetProducts.$inferSelect;
  let product2: typeof packetProducts.$inferSelect;

  beforeAll(async () => {
    t = await startTestApp();
    [admin, agent, platform] = await Promise.all([t.loginAs.admin(), t.loginAs.agent(), t.loginAs.platform()]);
    other = await otherEnterprise(t, { code: 'E400004', username: 'tradeboss', mobile: '13700000401' });
    const all = await t.database.db.select().from(packetProducts).orderBy(packetProducts.id);
    product = all.find((p) => p.isEnabled)!;
    product2 = all.filter((p) => p.isEnabled)[1]!;
    demoTenantId = (await t.database.db.select().from(tenants).where(eq(tenants.code, 'E100001')))[0]!.id;
  });
  afterAll(() => t.close());

  const ok = <T>(res: { body: { code: number; msg: string; data: T } }) => {
    expect(res.body.code, res.body.msg).toBe(0);
    return res.body.data;
  };
  const buy = async (items = [{ productId: product.id, quantity: 2 }], token = admin) =>
    ok(await t.call(routes.buy, { items }, token));
  const qr = async (orderNo: string, token = admin) => ok(await t.call(routes.generateQrCode, { orderNo }, token));
  const orderOf = async (orderNo: string) =>
    (await t.database.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!;
  const balance = async (tenantId = demoTenantId) =>
    Number((await t.database.db.select().from(accounts).where(eq(accounts.tenantId, tenantId)))[0]?.balance ?? 0);
  const ledgerOf = (key: string) =>
    t.database.db
      .select()
      .from(ledgerEntries)
      .where(sql`${ledgerEntries.bizKey} like ${`${key}%`}`);
  const packetsOf = async (orderId: number) => t.database.db.select().from(packets).where(eq(packets.orderId, orderId));
  const notify = (body: object, signature?: string) => {
    const raw = JSON.stringify(body);
    return t.app.inject({
      method: 'POST',
      url: '/pay/notify/sandbox',
      headers: { 'content-type': 'application/json', [sandboxSignatureHeader]: signature ?? sandboxSign(secret, raw) },
      payload: raw,
    });
  };
  const payOnPage = async (outTradeNo: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/dev/pay/act', payload: { t: outTradeNo, action: 'pay' } });
    return (res.json() as { msg: string }).msg;
  };

  describe('catalogue', () => {
    it('shows an enterprise the enabled packages by line, and the platform every one', async () => {
      const mine = ok(await t.call(packetRoutes.list, { withDisabled: true }, admin));
      expect(mine.length).toBeGreaterThan(0);
      expect(mine.every((p) => p.isEnabled)).toBe(true);
      const all = ok(await t.call(packetRoutes.list, { withDisabled: true }, platform));
      expect(all.some((p) => !p.isEnabled)).toBe(true);
      const byLine = ok(await t.call(packetRoutes.list, { lineId: product.lineId }, admin));
      expect(byLine.every((p) => p.lineId === product.lineId)).toBe(true);
      expect(ok(await t.call(packetRoutes.typeList, {}, admin))).toEqual([{ type: 'minutes', name: '通话分钟包' }]);
    });

    it('lets the platform create, price and disable a package; nobody else', async () => {
      const created = ok(
        await t.call(
          packetRoutes.save,
          { lineId: product.lineId, name: '测试包', minutes: 100, price: 990, validityDays: 10 },
          platform,
        ),
      );
      expect(created).toMatchObject({ name: '测试包', price: 990, isEnabled: true });
      const priced = ok(await t.call(packetRoutes.save, { ...created, id: created.id, price: 1290 }, platform));
      expect(priced.price).toBe(1290);
      ok(await t.call(packetRoutes.setEnabled, { id: created.id, isEnabled: false }, platform));
      expect(ok(await t.call(packetRoutes.list, {}, admin)).some((p) => p.id === created.id)).toBe(false);
      const refused = await t.call(
        packetRoutes.save,
        { lineId: product.lineId, name: 'x', minutes: 1, price: 1, validityDays: 1 },
        admin,
      );
      expect(refused.body.code).toBe(403);
      const bad = await t.call(
        packetRoutes.save,
        { lineId: product.lineId, name: '', minutes: 0, price: -1, validityDays: 1 },
        platform,
      );
      expect(bad.body.code).toBe(10002);
      expect(bad.body.msg).toMatch(/套餐名称|分钟数|价格/);
      // The catalogue's line picker: every active line, for the platform alone.
      const lineOptions = ok(await t.call(packetRoutes.lineOptions, {}, platform));
      expect(lineOptions.map((l) => l.id)).toContain(product.lineId);
      expect((await t.call(packetRoutes.lineOptions, {}, admin)).body.code).toBe(403);
      // Buying the disabled one is refused.
      const disabled = await t.call(routes.buy, { items: [{ productId: created.id, quantity: 1 }] }, admin);
      expect(disabled.body).toMatchObject({ code: 10056, msg: expect.stringContaining('已下架') });
    });
  });

  describe('orders and the sandbox channel', () => {
    it('prices an order from the catalogue, whatever amount the client sends', async () => {
      const res = await t.call(
        routes.buy,
        // biome-ignore lint/suspicious/noExplicitAny: a forged field the contract strips
        { items: [{ productId: product.id, quantity: 3 }], amount: 1 } as any,
        admin,
      );
      const order = ok(res);
      expect(order).toMatchObject({ state: 'unpaid', kind: 'package', amount: product.price * 3 });
      expect(order.items[0]).toMatchObject({ productId: product.id, unitPrice: product.price, quantity: 3 });
      expect(order.expireAt - Date.now()).toBeGreaterThan(14 * 60_000);
    });

    it('pays by QR through the sandbox: the order is paid, the packages granted, the ledger balanced', async () => {
      const before = await balance();
      const order = await buy();
      const code = await qr(order.orderNo);
      expect(code.codeUrl).toMatch(/\/dev\/pay\/page\?t=/);
      expect(code.qrDataUrl).toMatch(/^data:image\/png;base64,/);
      const page = await t.app.inject({
        method: 'GET',
        url: new URL(code.codeUrl).pathname + new URL(code.codeUrl).search,
      });
      expect(page.body).toContain('模拟支付');
      expect(page.body).toContain((order.amount / 100).toFixed(2));
      expect(ok(await t.call(routes.findPayResult, { orderNo: order.orderNo }, admin)).state).toBe('unpaid');
      expect(await payOnPage(code.outTradeNo)).toBe('支付成功，请回到电脑端查看');
      const result = ok(await t.call(routes.findPayResult, { orderNo: order.orderNo }, admin));
      expect(result.state).toBe('paid');
      const row = await orderOf(order.orderNo);
      expect(row).toMatchObject({ state: 'paid', channel: 'sandbox' });
      expect(row.channelTradeNo).toMatch(/^SBX/);
      const granted = await packetsOf(row.id);
      expect(granted).toHaveLength(2);
      expect(granted[0]).toMatchObject({
        totalMinutes: product.minutes,
        productId: product.id,
        tenantId: demoTenantId,
      });
      const ledger = [...(await ledgerOf(order.orderNo))].sort((a, b) => a.id - b.id);
      expect(ledger.map((l) => [l.kind, l.amount])).toEqual([
        ['recharge', order.amount],
        ['purchase', -order.amount],
      ]);
      expect(await balance()).toBe(before);
      const payment = (await t.database.db.select().from(payments).where(eq(payments.outTradeNo, code.outTradeNo)))[0]!;
      expect(payment.state).toBe('paid');
      expect(JSON.parse(payment.rawNotification!)).toMatchObject({ outTradeNo: code.outTradeNo, status: 'SUCCESS' });
      const mine = ok(await t.call(packetRoutes.mine, { state: 'active' }, admin));
      expect(mine.records.filter((p) => p.name.includes(product.name))).not.toHaveLength(0);
      // Paid: no new QR code, no close.
      expect((await t.call(routes.generateQrCode, { orderNo: order.orderNo }, admin)).body.msg).toBe(
        '订单已支付，不能再支付',
      );
      expect((await t.call(routes.payTradeClose, { orderNo: order.orderNo }, admin)).body.code).toBe(10056);
      const details = ok(await t.call(routes.orderDetails, { orderNo: order.orderNo }, admin));
      expect(details.payments).toHaveLength(1);
      expect(ok(await t.call(routes.payFind, { orderNo: order.orderNo }, admin))[0]).toMatchObject({ state: 'paid' });
    });

    it('buys packages for chosen staff: paid, they alone draw on them', async () => {
      const idOf = async (username: string) =>
        (await t.database.db.select().from(users).where(eq(users.username, username)))[0]!.id;
      const [agentId, managerId] = [await idOf('agent01'), await idOf('manager')];
      const refused = await t.call(
        routes.buyForUsers,
        { items: [{ productId: product.id, quantity: 1 }], userIds: [agentId, other.userId] },
        admin,
      );
      expect(refused.body.msg).toBe('所选员工不存在或已停用，请刷新后重新选择');
      const none = await t.call(
        routes.buyForUsers,
        { items: [{ productId: product.id, quantity: 1 }], userIds: [] },
        admin,
      );
      expect(none.body.msg).toContain('请选择使用套餐的员工');
      const order = ok(
        await t.call(
          routes.buyForUsers,
          { items: [{ productId: product.id, quantity: 2 }], userIds: [agentId, agentId, managerId] },
          admin,
        ),
      );
      expect(order.items[0]).toMatchObject({ quantity: 2, userIds: [agentId, managerId] });
      await payOnPage((await qr(order.orderNo)).outTradeNo);
      const granted = await packetsOf((await orderOf(order.orderNo)).id);
      expect(granted).toHaveLength(2);
      const shared = await t.database.db.execute(
        sql`select packet_id, user_id from packet_users where packet_id in (${sql.join(
          granted.map((g) => sql`${g.id}`),
          sql`, `,
        )}) order by packet_id, user_id`,
      );
      expect(rowsOf(shared)).toHaveLength(4);
      const ofAgent = ok(await t.call(packetRoutes.packetsOfUser, { userId: agentId }, admin));
      const bought = ofAgent.filter((p) => granted.some((g) => g.id === p.id));
      expect(bought.map((p) => p.restricted)).toEqual([true, true]);
      const ofOther = ok(await t.call(packetRoutes.packetsOfUser, { userId: await idOf('agent02') }, admin));
      expect(ofOther.filter((p) => granted.some((g) => g.id === p.id))).toHaveLength(0);
    });

    it('grants once under N parallel copies of the same notification', async () => {
      const order = await buy([{ productId: product2.id, quantity: 1 }]);
      const code = await qr(order.orderNo);
      const body = {
        outTradeNo: code.outTradeNo,
        channelTradeNo: 'SBXPAR1',
        amount: order.amount,
        status: 'SUCCESS',
        paidAt: Date.now(),
      };
      const answers = await Promise.all(Array.from({ length: 10 }, () => notify(body)));
      expect(answers.every((a) => a.statusCode === 200)).toBe(true);
      const row = await orderOf(order.orderNo);
      expect(row.state).toBe('paid');
      expect(await packetsOf(row.id)).toHaveLength(1);
      expect(await ledgerOf(order.orderNo)).toHaveLength(2);
      const kept = await t.database.db
        .select()
        .from(payNotifications)
        .where(eq(payNotifications.outTradeNo, code.outTradeNo));
      expect(kept.map((k) => k.outcome).sort()).toEqual(['duplicate', ...Array(8).fill('duplicate'), 'paid'].sort());
    });

    it('changes nothing on a forged or malformed notification, and keeps it', async () => {
      const order = await buy();
      const code = await qr(order.orderNo);
      const body = {
        outTradeNo: code.outTradeNo,
        channelTradeNo: 'FORGED',
        amount: order.amount,
        status: 'SUCCESS',
        paidAt: Date.now(),
      };
      const forged = await notify(body, sandboxSign('not-the-key', JSON.stringify(body)));
      expect(forged.statusCode).toBe(400);
      const unsigned = await t.app.inject({ method: 'POST', url: '/pay/notify/sandbox', payload: body });
      expect(unsigned.statusCode).toBe(400);
      const otherChannel = await t.app.inject({ method: 'POST', url: '/pay/notify/alipay', payload: 'a=b' });
      // Not the configured channel: refused in Alipay's words, the body `failure`.
      expect({ status: otherChannel.statusCode, body: otherChannel.body }).toEqual({ status: 200, body: 'failure' });
      expect((await orderOf(order.orderNo)).state).toBe('unpaid');
      expect(await ledgerOf(code.outTradeNo)).toHaveLength(0);
      const kept = await t.database.db
        .select()
        .from(payNotifications)
        .where(and(eq(payNotifications.outTradeNo, code.outTradeNo), eq(payNotifications.isVerified, false)));
      expect(kept.map((k) => k.outcome)).toEqual(['bad signature', 'bad signature']);
    });

    it('refuses a notification whose amount differs from the order', async () => {
      const order = await buy();
      const code = await qr(order.orderNo);
      const res = await notify({
        outTradeNo: code.outTradeNo,
        channelTradeNo: 'SBXLOW',
        amount: 1,
        status: 'SUCCESS',
        paidAt: Date.now(),
      });
      expect(res.statusCode).toBe(400);
      expect((await orderOf(order.orderNo)).state).toBe('unpaid');
      const payment = ok(await t.call(routes.payFind, { orderNo: order.orderNo }, admin))[0]!;
      expect(payment).toMatchObject({ state: 'waiting', note: expect.stringContaining('不符') });
      expect(await ledgerOf(code.outTradeNo)).toHaveLength(0);
    });

    it('refunds a second payment of one order automatically and books it', async () => {
      const before = await balance();
      const order = await buy();
      const [first, second] = [await qr(order.orderNo), await qr(order.orderNo)];
      // Both codes paid at once, as two phones would.
      await Promise.all([
        notify({
          outTradeNo: first.outTradeNo,
          channelTradeNo: 'SBXD1',
          amount: order.amount,
          status: 'SUCCESS',
          paidAt: Date.now(),
        }),
        notify({
          outTradeNo: second.outTradeNo,
          channelTradeNo: 'SBXD2',
          amount: order.amount,
          status: 'SUCCESS',
          paidAt: Date.now(),
        }),
      ]);
      const row = await orderOf(order.orderNo);
      expect(row.state).toBe('paid');
      expect(await packetsOf(row.id)).toHaveLength(2);
      const states = ok(await t.call(routes.payFind, { orderNo: order.orderNo }, admin))
        .map((p) => p.state)
        .sort();
      expect(states).toEqual(['paid', 'refunded']);
      const kinds = (await ledgerOf(order.orderNo)).map((l) => `${l.kind}:${l.amount}`).sort();
      expect(kinds).toEqual(
        [
          `purchase:${-order.amount}`,
          `recharge:${order.amount}`,
          `recharge:${order.amount}`,
          `refund:${-order.amount}`,
        ].sort(),
      );
      expect(await balance()).toBe(before);
    });

    it('a refusal on the pay page, or the order’s expiry, is what the next result query answers: closed', async () => {
      const declined = await buy();
      const code = await qr(declined.orderNo);
      const res = await t.app.inject({
        method: 'POST',
        url: '/dev/pay/act',
        payload: { t: code.outTradeNo, action: 'decline' },
      });
      expect((res.json() as { msg: string }).msg).toBe('已拒绝支付');
      // Polled by several tabs at once: one close, every answer closed.
      const answers = await Promise.all(
        Array.from({ length: 3 }, () => t.call(routes.findPayResult, { orderNo: declined.orderNo }, admin)),
      );
      expect(answers.map((a) => ok(a).state)).toEqual(['closed', 'closed', 'closed']);
      expect(await orderOf(declined.orderNo)).toMatchObject({ state: 'closed' });
      const [payment] = await t.database.db.select().from(payments).where(eq(payments.outTradeNo, code.outTradeNo));
      expect(payment).toMatchObject({ state: 'closed', note: '付款方已拒绝或渠道已关闭本次支付' });
      expect(await payOnPage(code.outTradeNo)).toBe('交易已关闭，请回到电脑端重新下单');

      const expired = await buy();
      await qr(expired.orderNo);
      await t.database.db
        .update(orders)
        .set({ expireAt: new Date(Date.now() - 1000) })
        .where(eq(orders.orderNo, expired.orderNo));
      expect(ok(await t.call(routes.findPayResult, { orderNo: expired.orderNo }, admin)).state).toBe('closed');
    });

    it('closes an unpaid order at expiry (its QR dies), refunds a late payment, and closes on request', async () => {
      const order = await buy();
      const code = await qr(order.orderNo);
      await t.database.db
        .update(orders)
        .set({ expireAt: new Date(Date.now() - 1000) })
        .where(eq(orders.orderNo, order.orderNo));
      expect((await t.call(routes.generateQrCode, { orderNo: order.orderNo }, admin)).body.msg).toBe(
        '订单已超时关闭，请重新下单',
      );
      // Two servers' jobs at once: the order closes once.
      const [a, b] = await Promise.all([t.app.trade.service.runJob(), t.app.trade.service.runJob()]);
      expect(a.closed + b.closed).toBe(1);
      expect((await orderOf(order.orderNo)).state).toBe('closed');
      expect(await payOnPage(code.outTradeNo)).toBe('交易已关闭，请回到电脑端重新下单');
      // A payment the channel still reports after the close is sent back.
      await notify({
        outTradeNo: code.outTradeNo,
        channelTradeNo: 'SBXLATE',
        amount: order.amount,
        status: 'SUCCESS',
        paidAt: Date.now(),
      });
      expect((await orderOf(order.orderNo)).state).toBe('closed');
      expect((await ledgerOf(code.outTradeNo)).map((l) => l.kind).sort()).toEqual(['recharge', 'refund']);
      expect(await packetsOf((await orderOf(order.orderNo)).id)).toHaveLength(0);

      const open = await buy();
      await qr(open.orderNo);
      expect(ok(await t.call(routes.payTradeClose, { orderNo: open.orderNo }, admin)).state).toBe('closed');
      expect(ok(await t.call(routes.payTradeClose, { orderNo: open.orderNo }, admin)).state).toBe('closed');
      expect(ok(await t.call(routes.payFind, { orderNo: open.orderNo }, admin))[0]!.state).toBe('closed');
    });

    it('finds a payment whose notification never came by asking the channel', async () => {
      const order = await buy();
      const code = await qr(order.orderNo);
      await t.app.trade.sandbox.act(code.outTradeNo, 'pay', { notify: false });
      expect((await orderOf(order.orderNo)).state).toBe('unpaid');
      expect(ok(await t.call(routes.findPayResult, { orderNo: order.orderNo }, admin)).state).toBe('paid');
      expect(await packetsOf((await orderOf(order.orderNo)).id)).toHaveLength(2);
      // And through the job, for an order nobody polls.
      const quiet = await buy();
      const quietCode = await qr(quiet.orderNo);
      await t.app.trade.sandbox.act(quietCode.outTradeNo, 'pay', { notify: false });
      await t.app.trade.service.runJob();
      expect((await orderOf(quiet.orderNo)).state).toBe('paid');
    });

    it('places N orders in parallel, each its own number and amount', async () => {
      const placed = await Promise.all(
        Array.from({ length: 8 }, (_, i) => buy([{ productId: product.id, quantity: i + 1 }])),
      );
      expect(new Set(placed.map((o) => o.orderNo)).size).toBe(8);
      expect(placed.map((o) => o.amount)).toEqual(placed.map((_, i) => product.price * (i + 1)));
    });
  });

  describe('lists, export, isolation and permissions', () => {
    it('lists and filters the enterprise’s orders; another enterprise sees none of them', async () => {
      const all = ok(await t.call(routes.orderPage, { limit: 100 }, admin));
      expect(all.total).toBeGreaterThan(5);
      const paid = ok(await t.call(routes.orderPage, { state: 'paid', limit: 100 }, admin));
      expect(paid.records.every((o) => o.state === 'paid')).toBe(true);
      const one = all.records[0]!;
      expect(ok(await t.call(routes.orderPage, { orderNo: one.orderNo.slice(-8) }, admin)).records[0]!.orderNo).toBe(
        one.orderNo,
      );
      expect(ok(await t.call(routes.orderPage, {}, other.token)).total).toBe(0);
      const foreign = await t.call(routes.orderDetails, { orderNo: one.orderNo }, other.token);
      expect(foreign.body).toMatchObject({ code: 10056, msg: '订单不存在或已删除，请刷新后重试' });
      expect((await t.call(routes.generateQrCode, { orderNo: one.orderNo }, other.token)).body.code).toBe(10056);
      expect(ok(await t.call(routes.account, {}, other.token)).balance).toBe(0);
      expect(ok(await t.call(packetRoutes.mine, {}, other.token)).total).toBe(0);
      expect(ok(await t.call(packetRoutes.mine, {}, admin)).total).toBeGreaterThan(0);
    });

    it('exports the orders as a streamed xlsx with a Chinese file name', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: routes.orderExport.path,
        headers: { 'cloud-token': admin },
        payload: { state: 'paid' },
      });
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('订单列表'));
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      expect(sheet.getRow(1).getCell(1).value).toBe('订单号');
      expect(sheet.rowCount - 1).toBe(ok(await t.call(routes.orderPage, { state: 'paid' }, admin)).total);
    });

    it('keeps every commerce route to its permission', async () => {
      // agent01 holds no commerce permission.
      for (const r of [routes.buy, routes.orderPage, routes.account, routes.ledger, routes.platformOrderPage]) {
        const res = await t.call(r, { items: [{ productId: product.id, quantity: 1 }] } as never, agent);
        expect(res.body.code, r.path).toBe(403);
      }
      expect(
        (
          await t.call(
            routes.platformAdjust,
            { tenantId: demoTenantId, amount: 1, reason: '自己加钱', requestId: 'selfself1' },
            admin,
          )
        ).body.code,
      ).toBe(403);
      expect((await t.call(routes.platformOrderPage, {}, admin)).body.code).toBe(403);
    });
  });

  describe('the platform', () => {
    it('sees every enterprise’s orders and accounts', async () => {
      const all = ok(await t.call(routes.platformOrderPage, { limit: 5 }, platform));
      expect(all.total).toBeGreaterThan(5);
      expect(all.records[0]!.enterpriseName).not.toBe('');
      const accountsPage = ok(await t.call(routes.platformAccountPage, { limit: 100 }, platform));
      expect(accountsPage.records.find((a) => a.tenantId === demoTenantId)!.balance).toBe(await balance());
    });

    it('adjusts a balance with a reason, once per request id even when sent in parallel, never below zero', async () => {
      const before = await balance(other.tenantId);
      const input = { tenantId: other.tenantId, amount: 12345, reason: '线下转账充值', requestId: 'adjust-0001' };
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => t.call(routes.platformAdjust, input, platform)),
      );
      expect(answers.every((a) => a.body.code === 0)).toBe(true);
      expect(await balance(other.tenantId)).toBe(before + 12345);
      expect(ok(await t.call(routes.account, {}, other.token)).balance).toBe(before + 12345);
      const ledger = ok(await t.call(routes.ledger, {}, other.token));
      expect(ledger.records[0]).toMatchObject({ kind: 'adjustment', amount: 12345, remark: '线下转账充值' });
      const negative = await t.call(
        routes.platformAdjust,
        { ...input, amount: -999_999, requestId: 'adjust-0002' },
        platform,
      );
      expect(negative.body).toMatchObject({ code: 10056, msg: expect.stringContaining('调整后余额将小于 0') });
      const bad = await t.call(routes.platformAdjust, { ...input, amount: 0, requestId: 'adjust-0003' }, platform);
      expect(bad.body).toMatchObject({ code: 10002, msg: expect.stringContaining('调整金额不能为0') });
      const logged = await t.database.db.select().from(operationLogs).where(eq(operationLogs.summary, '调整企业余额'));
      expect(logged.length).toBeGreaterThanOrEqual(6);
    });

    it('finds the books balanced: sum(ledger) = balance for every account', async () => {
      expect(await ledgerRepository.reconcile(t.database.db)).toEqual([]);
      expect(await t.app.trade.service.reconcile()).toMatchObject({ differences: [] });
    });
  });
});
