import { routeTables } from '@yunhu/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/tenant.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { otherEnterprise } from '../../test/other-enterprise.js';
import { lines } from '../line/line.schema.js';
import { tenants } from '../org/org.schema.js';
import { packets, takePacketSeconds } from '../packet/index.js';
import { ledgerEntries } from '../trade/index.js';
import { createTestAgent } from './agent.test-kit.js';
import { packetTransfers } from './agent-transfer.schema.js';

const { agent: r, packet: packetRoutes } = routeTables;
const day = 86_400_000;

/**
 * 套餐转移 (decision 0020 "Package transfers"): an agent moves what is left of a package
 * of one of its enterprises to another; the walls; N transfers of one package at once move it once;
 * a transfer racing the source's call charging never makes seconds appear or vanish. PGlite and
 * PostgreSQL (TEST_DATABASE_URL).
 */
describe('agent package transfers', () => {
  let t: TTestApp;
  let platform: string;
  let admin: string;
  let lineId: number;
  let agentA: { id: number; token: string };
  let agentB: { id: number; token: string };
  // Enterprises of agent A (one, two, a pending one), of agent B, and the demo's (direct).
  let one: { tenantId: number; token: string };
  let two: { tenantId: number; token: string };
  let pending: { tenantId: number };
  let ofB: { tenantId: number };
  let demoTenantId: number;
  let tag = 0;

  const ok = <T>(res: { body: { code: number; msg: string; data: T } }) => {
    expect(res.body.code, res.body.msg).toBe(0);
    return res.body.data;
  };
  const createAgent = (name: string, username: string, mobile: string) =>
    createTestAgent(t, platform, { name, username, mobile });
  const enterpriseOf = async (agentId: number, status = 'active') => {
    tag += 1;
    const e = await otherEnterprise(t, {
      code: `T${900 + tag}`,
      username: `transfer${tag}`,
      mobile: `1370000${String(tag).padStart(4, '0')}`,
    });
    await t.database.db.update(tenants).set({ agentId, status }).where(eq(tenants.id, e.tenantId));
    return e;
  };
  /** A package as the settling transaction grants it (an order's), `used` seconds already used. */
  const packet = async (
    tenantId: number,
    o: { minutes?: number; used?: number; expireInDays?: number; status?: string } = {},
  ) =>
    (
      await t.database.db
        .insert(packets)
        .values({
          tenantId,
          lineId,
          name: '转移测试包',
          totalMinutes: o.minutes ?? 10,
          usedSeconds: o.used ?? 0,
          price: 1000,
          boughtAt: new Date(Date.now() - day),
          expireAt: new Date(Date.now() + (o.expireInDays ?? 30) * day),
          status: o.status ?? 'active',
        })
        .returning()
    )[0]!;
  const packetRow = async (id: number) => (await t.database.db.select().from(packets).where(eq(packets.id, id)))[0]!;
  const transfer = (packetId: number, from = one.tenantId, to = two.tenantId, token = agentA.token) =>
    t.call(r.packetTransfer, { fromEnterpriseId: from, packetId, toEnterpriseId: to }, token);

  beforeAll(async () => {
    t = await startTestApp();
    [platform, admin] = await Promise.all([t.loginAs.platform(), t.loginAs.admin()]);
    const [line] = await t.database.db
      .insert(lines)
      .values({ name: '转移测试线路', mode: 0, pricePerMinute: 10 })
      .returning();
    lineId = line!.id;
    agentA = await createAgent('杭州转移甲代理', 'transfera', '13822220001');
    agentB = await createAgent('苏州转移乙代理', 'transferb', '13822220002');
    one = await enterpriseOf(agentA.id);
    two = await enterpriseOf(agentA.id);
    pending = await enterpriseOf(agentA.id, 'pending');
    ofB = await enterpriseOf(agentB.id);
    demoTenantId = (await t.database.db.select().from(tenants).where(eq(tenants.code, 'E100001')))[0]!.id;
  });
  afterAll(() => t.close());

  it('moves what is left to the other enterprise: same line and expiry; the usage stays with the first owner', async () => {
    const source = await packet(one.tenantId, { minutes: 10, used: 90 });
    const live = ok(await t.call(r.transferPackets, { enterpriseId: one.tenantId }, agentA.token));
    expect(live.find((p) => p.id === source.id)).toMatchObject({ remainingSeconds: 510, lineId });

    const moved = ok(await transfer(source.id));
    expect(moved).toMatchObject({
      fromEnterpriseId: one.tenantId,
      toEnterpriseId: two.tenantId,
      fromPacketId: source.id,
      lineId,
      seconds: 510,
      sourceTotalSeconds: 600,
      sourceUsedSeconds: 90,
      expireAt: source.expireAt.getTime(),
      createdByName: '代理人',
    });
    expect(moved.transferNo).toMatch(/^ZY\d{20}$/);

    // The source: closed, its 90 s of use kept; no call can take from it any more.
    const closed = await packetRow(source.id);
    expect(closed).toMatchObject({ status: 'transferred', usedSeconds: 90, totalMinutes: 10 });
    // The target: a package of exactly 510 s left, on the same line, with the same expiry, price 0.
    const target = await packetRow(moved.toPacketId);
    expect(target).toMatchObject({ tenantId: two.tenantId, lineId, status: 'active', price: 0, orderId: null });
    expect(target.totalMinutes * 60 - target.usedSeconds).toBe(510);
    expect(target.expireAt.getTime()).toBe(source.expireAt.getTime());

    // What each enterprise sees in 账户明细 › 已购套餐.
    const mineOne = ok(await t.call(packetRoutes.mine, { page: 1, limit: 50 }, one.token)).records;
    expect(mineOne.find((p) => p.id === source.id)).toMatchObject({ state: 'transferred', remainingSeconds: 0 });
    const mineTwo = ok(await t.call(packetRoutes.mine, { page: 1, limit: 50 }, two.token)).records;
    expect(mineTwo.find((p) => p.id === moved.toPacketId)).toMatchObject({ state: 'active', remainingSeconds: 510 });

    // Calls: the first enterprise takes nothing from it, the second all of its 510 s and no more.
    const takeFrom = (tenantId: number, seconds: number) =>
      withTenant(t.database, tenantId, (tx) => takePacketSeconds(tx, { tenantId, lineId, at: new Date(), seconds }));
    expect(await takeFrom(one.tenantId, 60)).toEqual([]);
    expect(await takeFrom(two.tenantId, 600)).toEqual([
      { packetId: moved.toPacketId, name: '转移测试包', seconds: 510 },
    ]);

    // No money moved.
    const booked = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(inArray(ledgerEntries.tenantId, [one.tenantId, two.tenantId]));
    expect(booked).toEqual([]);

    // The record: the detail (findPacketTransfer) and the list, filtered by either enterprise.
    expect(ok(await t.call(r.findPacketTransfer, { id: moved.id }, agentA.token))).toEqual(moved);
    const two$ = await t.database.db.select().from(tenants).where(eq(tenants.id, two.tenantId));
    const page = ok(await t.call(r.transferPage, { page: 1, limit: 10, enterpriseName: two$[0]!.name }, agentA.token));
    expect(page.records.map((x) => x.id)).toContain(moved.id);
    expect(
      ok(await t.call(r.transferPage, { page: 1, limit: 10, enterpriseName: '没有这家' }, agentA.token)).total,
    ).toBe(0);
  });

  it('refuses each wall with its own message and changes nothing', async () => {
    const p = await packet(one.tenantId);
    const refused = async (res: Promise<{ body: { code: number; msg: string } }>, msg: string) => {
      const { body } = await res;
      expect(body.code).not.toBe(0);
      expect(body.msg).toBe(msg);
    };
    await refused(transfer(p.id, one.tenantId, one.tenantId), '转出企业和转入企业不能是同一家，请重新选择转入企业');
    await refused(transfer(p.id, one.tenantId, ofB.tenantId), '转入企业不存在或不是您名下的企业，请刷新后重新选择');
    await refused(transfer(p.id, one.tenantId, demoTenantId), '转入企业不存在或不是您名下的企业，请刷新后重新选择');
    await refused(transfer(p.id, ofB.tenantId, two.tenantId), '转出企业不存在或不是您名下的企业，请刷新后重新选择');
    await refused(transfer(p.id, one.tenantId, pending.tenantId), '转入企业尚未通过审核或已停用，不能转入套餐');
    // The package must be the source's.
    const ofTwo = await packet(two.tenantId);
    await refused(transfer(ofTwo.id, one.tenantId, two.tenantId), '该套餐不存在或不属于转出企业，请刷新后重新选择');
    // Only a live package moves.
    const notLive = '该套餐%s，不能转移，请刷新后重新选择';
    const expired = await packet(one.tenantId, { expireInDays: -1 });
    await refused(transfer(expired.id), notLive.replace('%s', '已过期'));
    const usedUp = await packet(one.tenantId, { minutes: 2, used: 120 });
    await refused(transfer(usedUp.id), notLive.replace('%s', '已用完'));
    const frozen = await packet(one.tenantId, { status: 'frozen' });
    await refused(transfer(frozen.id), notLive.replace('%s', '正在退订审核中'));
    const refunded = await packet(one.tenantId, { status: 'refunded' });
    await refused(transfer(refunded.id), notLive.replace('%s', '已退订'));
    // Another agent, with its own enterprise as target, reaches neither the enterprises nor the package.
    await refused(
      transfer(p.id, one.tenantId, ofB.tenantId, agentB.token),
      '转出企业不存在或不是您名下的企业，请刷新后重新选择',
    );
    await refused(
      t.call(r.transferPackets, { enterpriseId: one.tenantId }, agentB.token),
      '转出企业不存在或不是您名下的企业，请刷新后重新选择',
    );
    expect(await packetRow(p.id)).toMatchObject({ status: 'active', usedSeconds: 0 });
    expect(await t.database.db.select().from(packetTransfers).where(eq(packetTransfers.fromPacketId, p.id))).toEqual(
      [],
    );

    // Another agent's transfer is not found; agent B lists nothing of agent A's.
    const moved = ok(await transfer(p.id));
    await refused(t.call(r.findPacketTransfer, { id: moved.id }, agentB.token), '转移记录不存在');
    expect(ok(await t.call(r.transferPage, { page: 1, limit: 10 }, agentB.token)).total).toBe(0);
    expect(ok(await t.call(r.transferEnterprises, {}, agentB.token)).map((e) => e.id)).toEqual([ofB.tenantId]);
    // The moved package cannot be moved again; its new holding can (by the agent, onwards).
    await refused(transfer(p.id), notLive.replace('%s', '已转出'));
    expect(ok(await transfer(moved.toPacketId, two.tenantId, one.tenantId)).seconds).toBe(600);
  });

  it('refuses enterprises and the platform (403): only an agent transfers', async () => {
    const p = await packet(one.tenantId);
    for (const token of [admin, platform, one.token]) {
      expect((await transfer(p.id, one.tenantId, two.tenantId, token)).body.code).toBe(403);
      expect((await t.call(r.transferPage, { page: 1, limit: 10 }, token)).body.code).toBe(403);
      expect((await t.call(r.findPacketTransfer, { id: 1 }, token)).body.code).toBe(403);
    }
    expect(await packetRow(p.id)).toMatchObject({ status: 'active' });
  });

  it('moves a package once when N transfers of it are sent at once, to one target or to several', async () => {
    const third = await enterpriseOf(agentA.id);
    for (const targets of [[two.tenantId], [two.tenantId, third.tenantId]]) {
      const p = await packet(one.tenantId, { minutes: 5, used: 7 });
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => transfer(p.id, one.tenantId, targets[i % targets.length])),
      );
      const moved = answers.filter((a) => a.body.code === 0);
      expect(moved).toHaveLength(1);
      expect(answers.filter((a) => a.body.code !== 0).map((a) => a.body.msg)).toEqual(
        Array(5).fill('该套餐已转出，不能转移，请刷新后重新选择'),
      );
      const records = await t.database.db.select().from(packetTransfers).where(eq(packetTransfers.fromPacketId, p.id));
      expect(records).toHaveLength(1);
      const granted = await t.database.db
        .select()
        .from(packets)
        .where(inArray(packets.tenantId, [two.tenantId, third.tenantId]));
      const fromThis = granted.filter((g) => g.id === records[0]!.toPacketId);
      expect(fromThis.map((g) => g.totalMinutes * 60 - g.usedSeconds)).toEqual([293]);
    }
  });

  it('never makes seconds appear or vanish when a transfer races the source’s call charging', async () => {
    // A source of its own: its only live package on the line is the one raced for.
    const source$ = await enterpriseOf(agentA.id);
    // The charge starts a little later each round, so the two meet at different points of the request.
    const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    for (let round = 0; round < 8; round++) {
      const p = await packet(source$.tenantId, { minutes: 3, used: 10 * round });
      const [answer, took] = await Promise.all([
        transfer(p.id, source$.tenantId),
        later(round * 3).then(() =>
          withTenant(t.database, source$.tenantId, (tx) =>
            takePacketSeconds(tx, { tenantId: source$.tenantId, lineId, at: new Date(), seconds: 45 }),
          ),
        ),
      ]);
      const moved = ok(answer);
      const source = await packetRow(p.id);
      const target = await packetRow(moved.toPacketId);
      const takenHere = took.filter((x) => x.packetId === p.id).reduce((n, x) => n + x.seconds, 0);
      // Either the call came first (its seconds used, the rest moved) or it found the package closed.
      expect([0, 45]).toContain(takenHere);
      expect(source.usedSeconds).toBe(10 * round + takenHere);
      expect(moved.seconds).toBe(180 - source.usedSeconds);
      expect(target.totalMinutes * 60 - target.usedSeconds).toBe(moved.seconds);
      expect(source.usedSeconds + moved.seconds).toBe(180);
    }
  });
});
