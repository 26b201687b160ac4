import { routeTables } from '@yunhu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { otherEnterprise } from '../../test/other-enterprise.js';
import { lines } from '../line/line.schema.js';
import { tenants } from '../org/org.schema.js';
import { packetProducts, packets } from '../packet/index.js';
import { ledgerEntries, orders, sandboxSign, sandboxSignatureHeader } from '../trade/index.js';
import { createTestAgent } from './agent.test-kit.js';

const { agent: r, packet: packetRoutes, trade } = routeTables;
const secret = 'yunhu-dev-pay-sandbox-secret';

/**
 * Line stock and the agent's own packages (decision 0020 "Line stock and the agent's
 * packages"): the platform opens lines for an agent; its enterprises buy only on them; the agent
 * creates packages over the base rule, its enterprise buys one and the margin is booked; the stock
 * counts it; the walls between agents and against enterprises. PGlite and PostgreSQL.
 */
describe('agent line stock and packages', () => {
  let t: TTestApp;
  let platform: string;
  let admin: string;
  let lineOpen: number;
  let lineClosed: number;
  let agentA: { id: number; token: string };
  let agentB: { id: number; token: string };
  let entA: { tenantId: number; token: string };
  let entB: { tenantId: number; token: string };
  let platformOnClosed: number;
  let tag = 0;

  const ok = <T>(res: { body: { code: number; msg: string; data: T } }) => {
    expect(res.body.code, res.body.msg).toBe(0);
    return res.body.data;
  };
  const refused = (res: { body: { code: number; msg: string } }, msg: RegExp | string) => {
    expect(res.body.code).not.toBe(0);
    expect(res.body.msg).toMatch(msg);
  };
  const createAgent = (name: string, username: string, mobile: string) =>
    createTestAgent(t, platform, { name, username, mobile });
  const enterpriseOf = async (agentId: number) => {
    tag += 1;
    const e = await otherEnterprise(t, {
      code: `S${800 + tag}`,
      username: `stock${tag}`,
      mobile: `1360000${String(tag).padStart(4, '0')}`,
    });
    await t.database.db.update(tenants).set({ agentId, status: 'active' }).where(eq(tenants.id, e.tenantId));
    return e;
  };
  const product = async (lineId: number, minutes: number, price: number, validityDays: number) =>
    (
      await t.database.db
        .insert(packetProducts)
        .values({ type: 'minutes', lineId, name: `平台${minutes}分钟`, minutes, price, validityDays })
        .returning()
    )[0]!.id;
  const qrCodeOf = async (orderNo: string, token: string) => ok(await t.call(trade.generateQrCode, { orderNo }, token));
  /** The payment channel's notification that the code was paid. */
  const notifyPaid = async (code: { outTradeNo: string; amount: number }) => {
    const raw = JSON.stringify({
      outTradeNo: code.outTradeNo,
      channelTradeNo: `SB${code.outTradeNo}`,
      amount: code.amount,
      status: 'SUCCESS',
      paidAt: Date.now(),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/pay/notify/sandbox',
      headers: { 'content-type': 'application/json', [sandboxSignatureHeader]: sandboxSign(secret, raw) },
      payload: raw,
    });
    expect(res.statusCode).toBe(200);
  };
  const pay = async (orderNo: string, token: string) => notifyPaid(await qrCodeOf(orderNo, token));

  beforeAll(async () => {
    t = await startTestApp();
    [platform, admin] = await Promise.all([t.loginAs.platform(), t.loginAs.admin()]);
    const made = await t.database.db
      .insert(lines)
      .values([
        { name: '库存开通线路', mode: 2, pricePerMinute: 12, seatPricePerMonth: 6000 },
        { name: '库存未开线路', mode: 2, pricePerMinute: 12, seatPricePerMonth: 6000 },
      ])
      .returning();
    [lineOpen, lineClosed] = [made[0]!.id, made[1]!.id];
    // The platform's catalogue on the opened line: 10 fen a minute for 30 days, 8 fen for a year.
    await product(lineOpen, 100, 1000, 30);
    await product(lineOpen, 1000, 8000, 365);
    platformOnClosed = await product(lineClosed, 100, 1000, 30);
    agentA = await createAgent('杭州库存甲代理', 'stocka', '13833330001');
    agentB = await createAgent('苏州库存乙代理', 'stockb', '13833330002');
    entA = await enterpriseOf(agentA.id);
    entB = await enterpriseOf(agentB.id);
  });
  afterAll(() => t.close());

  it('a new agent starts with every active line opened; 开通线路 sets the opened set exactly', async () => {
    const initial = ok(await t.call(r.platformOpenedLines, { agentId: agentA.id }, platform));
    expect(initial.find((l) => l.lineId === lineClosed)?.opened).toBe(true);
    expect(initial.every((l) => l.opened)).toBe(true);

    const after = ok(await t.call(r.platformOpenLines, { agentId: agentA.id, lineIds: [lineOpen] }, platform));
    expect(after.filter((l) => l.opened).map((l) => l.lineId)).toEqual([lineOpen]);
    // Opening it again keeps its first time.
    const again = ok(await t.call(r.platformOpenLines, { agentId: agentA.id, lineIds: [lineOpen] }, platform));
    expect(again.find((l) => l.lineId === lineOpen)?.openedAt).toBe(after.find((l) => l.lineId === lineOpen)?.openedAt);
    // Parallel settings of one agent: the result is one of the sets asked, never a mix.
    await Promise.all(
      [[lineClosed], [lineOpen], [lineClosed], [lineOpen]].map((lineIds) =>
        t.call(r.platformOpenLines, { agentId: agentA.id, lineIds }, platform),
      ),
    );
    const mixed = ok(await t.call(r.platformOpenedLines, { agentId: agentA.id }, platform)).filter((l) => l.opened);
    expect(mixed).toHaveLength(1);
    ok(await t.call(r.platformOpenLines, { agentId: agentA.id, lineIds: [lineOpen] }, platform));
    expect(ok(await t.call(r.lineList, {}, agentA.token)).map((l) => l.lineId)).toEqual([lineOpen]);
    expect(ok(await t.call(r.callLineList, {}, agentA.token))).toEqual([{ id: lineOpen, name: '库存开通线路' }]);
    // Agent B still has every line.
    expect(ok(await t.call(r.lineList, {}, agentB.token)).map((l) => l.lineId)).toContain(lineClosed);

    refused(
      await t.call(r.platformOpenLines, { agentId: agentA.id, lineIds: [lineOpen, 99_999_999] }, platform),
      /不存在或已停用/,
    );
    refused(
      await t.call(r.platformOpenLines, { agentId: entA.tenantId, lineIds: [lineOpen] }, platform),
      /代理商不存在/,
    );
    // The agent cannot open lines for itself; an enterprise cannot read them.
    expect(
      (await t.call(r.platformOpenLines, { agentId: agentA.id, lineIds: [lineClosed] }, agentA.token)).body.code,
    ).toBe(403);
    expect((await t.call(r.lineList, {}, entA.token)).body.code).toBe(403);
  });

  it('the base rule: the cheapest per-minute the platform sells on the line for as long, else the line rate', async () => {
    const base = async (minutes: number, validityDays: number) =>
      ok(await t.call(r.queryLineOfCreatePacket, { lineId: lineOpen, minutes, validityDays }, agentA.token)).basePrice;
    // 300 minutes for 30 days: min(300 × 1000/100, 300 × 8000/1000) = 2400.
    expect(await base(300, 30)).toBe(2400);
    // 333 minutes for 100 days: only the year's package lasts as long: ceil(333 × 8) = 2664.
    expect(await base(333, 100)).toBe(2664);
    // 7 minutes at 1000/100 and 8000/1000: ceil(7 × 8) = 56; longer than anything sold: the line's 12 a minute.
    expect(await base(7, 30)).toBe(56);
    expect(await base(300, 400)).toBe(3600);
    refused(
      await t.call(r.queryLineOfCreatePacket, { lineId: lineClosed, minutes: 10, validityDays: 30 }, agentA.token),
      /未向您开通/,
    );
  });

  it('creates, edits and shelves its packages on opened lines only, never below the base', async () => {
    const input = { lineId: lineOpen, name: '甲代理300分钟', minutes: 300, validityDays: 30, price: 3000 };
    refused(
      await t.call(r.packetSave, { ...input, price: 2399 }, agentA.token),
      '套餐价格 23.99 元不能低于平台同等分钟数的底价 24.00 元',
    );
    refused(await t.call(r.packetSave, { ...input, lineId: lineClosed }, agentA.token), /未向您开通/);
    const made = ok(await t.call(r.packetSave, input, agentA.token));
    expect(made).toMatchObject({ ...input, basePrice: 2400, isEnabled: true, soldCount: 0 });
    const edited = ok(await t.call(r.packetSave, { ...input, id: made.id, name: '甲代理三百分钟' }, agentA.token));
    expect(edited.name).toBe('甲代理三百分钟');
    expect(ok(await t.call(r.packetPage, { page: 1, limit: 10 }, agentA.token)).records.map((p) => p.id)).toEqual([
      made.id,
    ]);

    // Another agent neither sees, edits nor shelves it; the platform's catalogue editor does not reach it.
    expect(ok(await t.call(r.packetPage, { page: 1, limit: 10 }, agentB.token)).total).toBe(0);
    refused(await t.call(r.packetSave, { ...input, id: made.id, lineId: lineOpen }, agentB.token), /不是您创建的/);
    refused(await t.call(r.packetShelf, { id: made.id, isEnabled: false }, agentB.token), /不是您创建的/);
    const platformEdit = await t.call(
      packetRoutes.save,
      {
        id: made.id,
        type: 'minutes',
        lineId: lineOpen,
        name: '改',
        minutes: 1,
        price: 1,
        validityDays: 1,
        isEnabled: true,
      },
      platform,
    );
    expect(platformEdit.body.code).not.toBe(0);
    const platformList = ok(await t.call(packetRoutes.list, { withDisabled: true }, platform));
    expect(platformList.some((p) => p.id === made.id)).toBe(false);

    ok(await t.call(r.packetShelf, { id: made.id, isEnabled: false }, agentA.token));
    expect(ok(await t.call(r.getMultiplePacket, {}, agentA.token))).toEqual([]);
    expect(ok(await t.call(packetRoutes.list, {}, entA.token)).some((p) => p.id === made.id)).toBe(false);
    refused(await t.call(trade.buy, { items: [{ productId: made.id, quantity: 1 }] }, entA.token), /不存在或已下架/);
    ok(await t.call(r.packetShelf, { id: made.id, isEnabled: true }, agentA.token));
    expect(ok(await t.call(r.getMultiplePacket, { lineId: lineOpen }, agentA.token)).map((p) => p.id)).toEqual([
      made.id,
    ]);
  });

  it('its enterprise buys its package (margin = price − base, booked once) and only on opened lines; others cannot', async () => {
    const mine = ok(await t.call(r.getMultiplePacket, {}, agentA.token))[0]!;
    const catalogueA = ok(await t.call(packetRoutes.list, {}, entA.token));
    expect(catalogueA.find((p) => p.id === mine.id)?.price).toBe(3000);
    // The platform's package on a line not opened for the agent is not offered, nor sold.
    expect(catalogueA.some((p) => p.id === platformOnClosed)).toBe(false);
    expect(catalogueA.every((p) => p.lineId === lineOpen)).toBe(true);
    refused(
      await t.call(trade.buy, { items: [{ productId: platformOnClosed, quantity: 1 }] }, entA.token),
      /不存在或已下架/,
    );
    refused(
      await t.call(trade.buySeat, { lineId: lineClosed, count: 1, months: 1 }, entA.token),
      /暂未向您的代理商开通/,
    );
    // Another agent's enterprise and a direct enterprise neither see nor buy it.
    expect(ok(await t.call(packetRoutes.list, {}, entB.token)).some((p) => p.id === mine.id)).toBe(false);
    expect(ok(await t.call(packetRoutes.list, {}, admin)).some((p) => p.id === mine.id)).toBe(false);
    refused(await t.call(trade.buy, { items: [{ productId: mine.id, quantity: 1 }] }, entB.token), /不存在或已下架/);
    refused(await t.call(trade.buy, { items: [{ productId: mine.id, quantity: 1 }] }, admin), /不存在或已下架/);
    // B's enterprise still buys on that line: it is opened for B.
    ok(await t.call(trade.buySeat, { lineId: lineClosed, count: 1, months: 1 }, entB.token));

    const order = ok(await t.call(trade.buy, { items: [{ productId: mine.id, quantity: 2 }] }, entA.token));
    expect(order.amount).toBe(6000);
    // The channel says it was paid twice at once: the order is paid, the margin booked, once.
    const code = await qrCodeOf(order.orderNo, entA.token);
    await Promise.all([notifyPaid(code), notifyPaid(code)]);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.orderNo, order.orderNo));
    expect(row).toMatchObject({ state: 'paid', agentId: agentA.id, agentMargin: 1200 });
    const margins = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.tenantId, agentA.id));
    expect(margins.map((m) => [m.kind, m.amount, m.bizKey])).toEqual([['margin', 1200, order.orderNo]]);
    const granted = await t.database.db.select().from(packets).where(eq(packets.orderId, row!.id));
    expect(granted.map((p) => [p.tenantId, p.lineId, p.totalMinutes, p.productId])).toEqual([
      [entA.tenantId, lineOpen, 300, mine.id],
      [entA.tenantId, lineOpen, 300, mine.id],
    ]);
    expect(ok(await t.call(r.packetPage, { page: 1, limit: 10 }, agentA.token)).records[0]?.soldCount).toBe(2);

    const seat = ok(await t.call(trade.buySeat, { lineId: lineOpen, count: 1, months: 1 }, entA.token));
    await pay(seat.orderNo, entA.token);
  });

  it('线路库存 counts its enterprises only; a closed line keeps what was bought on it', async () => {
    const stock = ok(await t.call(r.lineStock, {}, agentA.token));
    expect(stock).toEqual([
      {
        lineId: lineOpen,
        lineName: '库存开通线路',
        opened: true,
        enterpriseCount: 1,
        liveSeats: 1,
        packetCount: 2,
        soldMinutes: 600,
        remainingSeconds: 36_000,
      },
    ]);
    // Agent B's stock holds none of A's.
    expect(ok(await t.call(r.lineStock, {}, agentB.token)).find((l) => l.lineId === lineOpen)).toMatchObject({
      packetCount: 0,
      liveSeats: 0,
    });

    // The platform closes the line for A: nothing new is sold on it, what was bought keeps working.
    ok(await t.call(r.platformOpenLines, { agentId: agentA.id, lineIds: [] }, platform));
    const closed = ok(await t.call(r.lineStock, {}, agentA.token));
    expect(closed).toMatchObject([{ lineId: lineOpen, opened: false, packetCount: 2, remainingSeconds: 36_000 }]);
    const mine = ok(await t.call(r.packetPage, { page: 1, limit: 10 }, agentA.token)).records[0]!;
    refused(await t.call(trade.buy, { items: [{ productId: mine.id, quantity: 1 }] }, entA.token), /不存在或已下架/);
    refused(await t.call(trade.buySeat, { lineId: lineOpen, count: 1, months: 1 }, entA.token), /暂未向您的代理商开通/);
    const held = ok(await t.call(packetRoutes.mine, { page: 1, limit: 10, state: 'active' }, entA.token));
    expect(held.records.map((p) => p.remainingSeconds)).toEqual([18_000, 18_000]);
  });
});
