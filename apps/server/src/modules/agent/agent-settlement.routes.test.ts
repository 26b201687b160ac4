import { routeTables } from '@yunhu/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExcelJS } from '../../http/exceljs.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { tenants } from '../org/org.schema.js';
import { packetProducts } from '../packet/packet.schema.js';
import { operationLogs } from '../system/system.schema.js';
import { ledgerEntries, ledgerRepository, orders, sandboxSign, sandboxSignatureHeader } from '../trade/index.js';
import { createTestAgent } from './agent.test-kit.js';
import { agentSettlements } from './agent-settlement.schema.js';

const { agent: r, auth, platform: platformRoutes, trade } = routeTables;
const secret = 'yunhu-dev-pay-sandbox-secret';
const markup = 1000;

/**
 * 代理商结算 and 停用/启用代理商 (decision 0020 "Settlement and closing"): the platform settles
 * an agent's margin once per drawer key and never beyond its balance under parallel requests; the
 * agent's statement sums to its balance; closing an agent signs it out and keeps it out, refuses
 * its code, and its enterprises buy at the base price with no margin; reopening restores all.
 * PGlite and PostgreSQL.
 */
describe('agent settlement and closing', () => {
  let t: TTestApp;
  let platform: string;
  let admin: string;
  let agentA: { id: number; inviteCode: string; token: string };
  let agentB: { id: number; inviteCode: string; token: string };
  let boss: string;
  let product: typeof packetProducts.$inferSelect;
  let keySeq = 0;
  const key = () => `settle-key-${++keySeq}-${Date.now()}`;

  const ok = <T>(res: { body: { code: number; msg: string; data: T } }) => {
    expect(res.body.code, res.body.msg).toBe(0);
    return res.body.data;
  };
  const createAgent = (name: string, username: string, mobile: string) =>
    createTestAgent(t, platform, { name, username, mobile });
  const register = async (enterpriseName: string, username: string, mobile: string, inviteCode: string) => {
    await t.call(auth.sendCode, { mobile, type: 'signup' }, null, t.freshIp());
    return t.call(auth.signup, {
      enterpriseName,
      realName: '注册人',
      username,
      mobile,
      code: await t.smsCode(mobile),
      password: 'Reg@2026x',
      inviteCode,
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
  /** Places an order of `quantity` packages as the agent's enterprise; answers it and its payment. */
  const order = async (quantity: number) => {
    const o = ok(await t.call(trade.buy, { items: [{ productId: product.id, quantity }] }, boss));
    const pay = async () => {
      const code = ok(await t.call(trade.generateQrCode, { orderNo: o.orderNo }, boss));
      const res = await notify({
        outTradeNo: code.outTradeNo,
        channelTradeNo: `SB${code.outTradeNo}`,
        amount: code.amount,
        status: 'SUCCESS',
        paidAt: Date.now(),
      });
      expect(res.statusCode).toBe(200);
    };
    return { order: o, pay };
  };
  const balanceOf = async (agentId: number) => (await ledgerRepository.account(t.database.db, agentId))?.balance ?? 0;
  const settle = (amount: number, requestKey = key(), agentId = agentA.id) =>
    t.call(
      r.platformSettle,
      { agentId, amount, paymentRef: 'ZH20261125001', remark: '十一月结算', requestKey },
      platform,
    );

  beforeAll(async () => {
    t = await startTestApp();
    [platform, admin] = await Promise.all([t.loginAs.platform(), t.loginAs.admin()]);
    product = (await t.database.db.select().from(packetProducts).orderBy(packetProducts.id)).find((p) => p.isEnabled)!;
    agentA = await createAgent('结算甲代理有限公司', 'settlea', '13822220001');
    agentB = await createAgent('结算乙代理有限公司', 'settleb', '13822220002');
    // An enterprise of an agent buys on the lines opened for its agent (line stock, built beside
    // this slice): opened by its path, so this test stands whether that route is there yet or not.
    const opened = await t.app.inject({
      method: 'POST',
      url: '/base/product/openLine',
      headers: { 'cloud-token': platform },
      payload: { agentId: agentA.id, lineIds: [product.lineId] },
    });
    expect([200, 404]).toContain(opened.statusCode);
    ok(
      await t.call(
        r.setMyPrice,
        { itemKind: 'packet', itemId: product.id, price: product.price + markup },
        agentA.token,
      ),
    );
    expect((await register('结算甲客户公司', 'settleboss', '13822220011', agentA.inviteCode)).body.code).toBe(0);
    const [ent] = await t.database.db.select().from(tenants).where(eq(tenants.name, '结算甲客户公司'));
    ok(await t.call(platformRoutes.examine, { id: ent!.id, pass: true, reason: '' }, platform));
    boss = await t.login('settleboss', 'Reg@2026x');
    // Two paid orders: 3 + 2 packages, margin 5 × markup.
    for (const quantity of [3, 2]) await (await order(quantity)).pay();
  });
  afterAll(() => t.close());

  it('shows the platform the margin earned, settled and settleable per month', async () => {
    const s = ok(await t.call(r.platformSettlementSummary, { agentId: agentA.id }, platform));
    expect(s).toMatchObject({
      earned: 5 * markup,
      reversed: 0,
      settled: 0,
      balance: 5 * markup,
      settleable: 5 * markup,
    });
    expect(s.months).toHaveLength(1);
    expect(s.months[0]).toMatchObject({ earned: 5 * markup, reversed: 0, settled: 0 });
    expect(s.months[0]!.month).toMatch(/^\d{4}-\d{2}$/);
    const missing = await t.call(r.platformSettlementSummary, { agentId: 999999 }, platform);
    expect(missing.body.msg).toBe('代理商不存在，请刷新后重新选择');
  });

  it('settles once per request key, even sent three times at once', async () => {
    const requestKey = key();
    const results = await Promise.all([1, 2, 3].map(() => settle(1000, requestKey)));
    const settled = results.map((x) => ok(x));
    expect(new Set(settled.map((x) => x.settlementNo)).size).toBe(1);
    expect(settled[0]).toMatchObject({ amount: 1000, paymentRef: 'ZH20261125001', remark: '十一月结算' });
    expect(settled[0]!.settlementNo).toMatch(/^JS\d{20}$/);
    const rows = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.tenantId, agentA.id), eq(ledgerEntries.kind, 'settlement')));
    expect(rows.map((e) => [e.amount, e.bizKey])).toEqual([[-1000, settled[0]!.settlementNo]]);
    expect(await balanceOf(agentA.id)).toBe(5 * markup - 1000);
    // The same key later (a retry after a lost answer): the first settlement, nothing booked.
    expect(ok(await settle(1000, requestKey)).settlementNo).toBe(settled[0]!.settlementNo);
    expect(await balanceOf(agentA.id)).toBe(5 * markup - 1000);
  });

  it('refuses more than settleable, and never pays more than the balance under parallel settlements', async () => {
    const before = await balanceOf(agentA.id);
    const over = await settle(before + 1);
    expect(over.body.msg).toBe(
      `结算金额 ${((before + 1) / 100).toFixed(2)} 元超过可结算金额 ${(before / 100).toFixed(2)} 元，请刷新后重新填写`,
    );
    expect(await balanceOf(agentA.id)).toBe(before);
    // Six settlements of 30% of the balance at once: three fit, three are refused, nothing below 0.
    const part = Math.floor(before * 0.3);
    const results = await Promise.all([1, 2, 3, 4, 5, 6].map(() => settle(part)));
    expect(results.filter((x) => x.body.code === 0)).toHaveLength(3);
    for (const refused of results.filter((x) => x.body.code !== 0)) {
      expect(refused.body.msg).toMatch(/^结算金额 .* 元超过可结算金额 .* 元，请刷新后重新填写$/);
    }
    expect(await balanceOf(agentA.id)).toBe(before - 3 * part);
    // A refused settlement leaves no record behind (its claim rolled back with it).
    const records = await t.database.db.select().from(agentSettlements).where(eq(agentSettlements.agentId, agentA.id));
    expect(records).toHaveLength(4);
    expect(await ledgerRepository.reconcile(t.database.db)).toEqual([]);
    // Bad input changes nothing.
    const bad = await t.call(
      r.platformSettle,
      { agentId: agentA.id, amount: 0, paymentRef: 'x', requestKey: key() },
      platform,
    );
    expect(bad.body.code).not.toBe(0);
    expect(await balanceOf(agentA.id)).toBe(before - 3 * part);
  });

  it('gives the agent its settlements and a statement that sums to its balance, exported', async () => {
    const mine = ok(await t.call(r.settlementPage, { page: 1, limit: 50 }, agentA.token));
    expect(mine.total).toBe(4);
    expect(mine.records.every((s) => s.agentName === '结算甲代理有限公司')).toBe(true);
    const statement = ok(await t.call(r.statementPage, { page: 1, limit: 100 }, agentA.token));
    const info = ok(await t.call(r.info, {}, agentA.token));
    expect(statement.total).toBe(2 + 4);
    expect(statement.records.reduce((n, e) => n + e.amount, 0)).toBe(info.balance);
    expect(statement.records[0]!.balanceAfter).toBe(info.balance);
    // Newest booking first: each row's balance is the one below it plus its amount (also after parallel settlements).
    statement.records.forEach((e, i) => {
      expect(e.balanceAfter - e.amount).toBe(statement.records[i + 1]?.balanceAfter ?? 0);
    });
    // Paged on the server, filtered by kind.
    const page2 = ok(await t.call(r.statementPage, { page: 2, limit: 4 }, agentA.token));
    expect(page2.records).toHaveLength(2);
    const margins = ok(await t.call(r.statementPage, { page: 1, limit: 10, kind: 'margin' }, agentA.token));
    expect(margins.records.map((e) => e.amount)).toEqual([2 * markup, 3 * markup]);
    const summary = ok(await t.call(r.settlementSummary, {}, agentA.token));
    expect(summary.earned - summary.reversed - summary.settled).toBe(info.balance);
    expect(summary.balance).toBe(info.balance);

    const res = await t.app.inject({
      method: 'POST',
      url: r.statementExport.path,
      headers: { 'cloud-token': agentA.token },
      payload: {},
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('利润明细'));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(2).value).toBe('类型');
    expect(sheet.rowCount - 1).toBe(6);
    const kinds = new Set<string>();
    for (let i = 2; i <= sheet.rowCount; i++) kinds.add(String(sheet.getRow(i).getCell(2).value));
    expect([...kinds].sort()).toEqual(['代理利润', '结算'].sort());

    // Another agent sees nothing of it; an enterprise user and an agent on the platform's routes: 403.
    expect(ok(await t.call(r.settlementPage, { page: 1, limit: 10 }, agentB.token)).total).toBe(0);
    expect(ok(await t.call(r.statementPage, { page: 1, limit: 10 }, agentB.token)).total).toBe(0);
    for (const token of [admin, boss]) {
      expect((await t.call(r.settlementPage, { page: 1, limit: 10 }, token)).body.code).toBe(403);
      expect((await t.call(r.statementPage, { page: 1, limit: 10 }, token)).body.code).toBe(403);
    }
    expect((await settle(1, key(), agentB.id)).body.msg).toBe(
      '结算金额 0.01 元超过可结算金额 0.00 元，请刷新后重新填写',
    );
    expect(
      (
        await t.call(
          r.platformSettle,
          { agentId: agentA.id, amount: 1, paymentRef: 'ab', requestKey: key() },
          agentA.token,
        )
      ).body.code,
    ).toBe(403);
    expect(
      (await t.call(r.platformAgentStatus, { agentId: agentB.id, status: 'closed' }, agentA.token)).body.code,
    ).toBe(403);
  });

  it('closes an agent: signed out, kept out, its code refused, its enterprises at base price with no margin; reopens', async () => {
    // An order placed at the agent's price before the closing and paid after it.
    const pending = await order(1);
    expect(pending.order.amount).toBe(product.price + markup);
    const balance = await balanceOf(agentA.id);

    ok(await t.call(r.platformAgentStatus, { agentId: agentA.id, status: 'closed' }, platform));
    const logged = await t.database.db.select().from(operationLogs).orderBy(desc(operationLogs.id)).limit(1);
    expect(JSON.stringify(logged[0])).toContain('/base/platform/agent/status');
    const twice = await t.call(r.platformAgentStatus, { agentId: agentA.id, status: 'closed' }, platform);
    expect(twice.body.msg).toBe('该代理商已停用，请刷新列表');

    // Its session ended and its sign-in refused.
    expect((await t.call(r.info, {}, agentA.token)).body.code).toBe(401);
    const login = await t.call(auth.login, { username: 'settlea', password: 'Agent@2026x' }, null, t.freshIp());
    expect(login.body.code).not.toBe(0);
    // Its code refused with the spec's message.
    const reg = await register('停用后注册公司', 'afterclose', '13822220021', agentA.inviteCode);
    expect(reg.body).toMatchObject({ code: 500, msg: '邀请码对应的代理商不存在', reason: 'org.agentNotFound' });

    // The pending order is paid: delivered, the agent gets no margin, the order keeps none.
    await pending.pay();
    const [paid] = await t.database.db.select().from(orders).where(eq(orders.orderNo, pending.order.orderNo));
    expect(paid).toMatchObject({ state: 'paid', agentMargin: 0 });
    // A new order: the enterprise keeps buying, at the platform's base price, through no agent.
    const fresh = await order(2);
    expect(fresh.order.amount).toBe(product.price * 2);
    await fresh.pay();
    const [freshRow] = await t.database.db.select().from(orders).where(eq(orders.orderNo, fresh.order.orderNo));
    expect(freshRow).toMatchObject({ state: 'paid', agentId: null, agentMargin: 0 });
    expect(await balanceOf(agentA.id)).toBe(balance);
    // The catalogue shows the enterprise the base price.
    const catalogue = ok(await t.call(routeTables.packet.list, {}, boss));
    expect(catalogue.find((p) => p.id === product.id)?.price).toBe(product.price);
    // A closed agent is still paid what it earned.
    const left = Math.max(balance, 0);
    if (left > 0) ok(await settle(left));

    ok(await t.call(r.platformAgentStatus, { agentId: agentA.id, status: 'active' }, platform));
    const again = await t.call(r.platformAgentStatus, { agentId: agentA.id, status: 'active' }, platform);
    expect(again.body.msg).toBe('该代理商已是启用状态，请刷新列表');
    const token = await t.login('settlea', 'Agent@2026x');
    expect(ok(await t.call(r.info, {}, token)).balance).toBe(0);
    expect((await register('启用后注册公司', 'afteropen', '13822220022', agentA.inviteCode)).body.code).toBe(0);
    const back = await order(1);
    expect(back.order.amount).toBe(product.price + markup);
    await back.pay();
    expect(await balanceOf(agentA.id)).toBe(markup);
    expect(await ledgerRepository.reconcile(t.database.db)).toEqual([]);
  });
  it('a closing racing payments: each order booked its margin or keeps none, and nothing deadlocks', async () => {
    const placed = await Promise.all([1, 2, 3, 4].map(() => order(1)));
    const results = await Promise.all([
      ...placed.map((p) => p.pay()),
      t.call(r.platformAgentStatus, { agentId: agentA.id, status: 'closed' }, platform),
    ]);
    expect((results.at(-1) as { body: { code: number } }).body.code).toBe(0);
    const booked = new Set(
      (
        await t.database.db
          .select()
          .from(ledgerEntries)
          .where(and(eq(ledgerEntries.tenantId, agentA.id), eq(ledgerEntries.kind, 'margin')))
      ).map((e) => e.bizKey),
    );
    for (const p of placed) {
      const [row] = await t.database.db.select().from(orders).where(eq(orders.orderNo, p.order.orderNo));
      expect(row?.state).toBe('paid');
      // Booked while the agent was open (its margin kept), or paid after the closing (none kept, none booked).
      expect(booked.has(p.order.orderNo)).toBe(row!.agentMargin > 0);
    }
    expect(await ledgerRepository.reconcile(t.database.db)).toEqual([]);
    ok(await t.call(r.platformAgentStatus, { agentId: agentA.id, status: 'active' }, platform));
  });
});
