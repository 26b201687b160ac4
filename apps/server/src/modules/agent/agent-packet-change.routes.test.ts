import { routeTables } from '@yunhu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/tenant.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { otherEnterprise } from '../../test/other-enterprise.js';
import { lines } from '../line/line.schema.js';
import { tenants } from '../org/org.schema.js';
import { packets, takePacketSeconds } from '../packet/index.js';
import { createTestAgent } from './agent.test-kit.js';
import { packetChanges } from './agent-stock.schema.js';

const { agent: r, packet: packetRoutes } = routeTables;
const day = 86_400_000;

/**
 * 套餐变更 (decision 0020 "Line stock and the agent's packages"): the agent moves what is
 * left of an enterprise's package to another of its opened lines; the walls; N changes of one
 * package at once move it once; a change racing the package's call charging never makes seconds
 * appear or vanish. PGlite and PostgreSQL (TEST_DATABASE_URL).
 */
describe('agent package line change', () => {
  let t: TTestApp;
  let platform: string;
  let agentA: { id: number; token: string };
  let agentB: { id: number; token: string };
  let one: { tenantId: number; token: string };
  let ofB: { tenantId: number; token: string };
  // From (10 fen a minute), a cheaper opened line, a dearer opened one, a cheap one not opened.
  let from: number;
  let cheaper: number;
  let dearer: number;
  let notOpened: number;
  let tag = 0;

  const ok = <T>(res: { body: { code: number; msg: string; data: T } }) => {
    expect(res.body.code, res.body.msg).toBe(0);
    return res.body.data;
  };
  const createAgent = (name: string, username: string, mobile: string) =>
    createTestAgent(t, platform, { name, username, mobile });
  const enterpriseOf = async (agentId: number) => {
    tag += 1;
    const e = await otherEnterprise(t, {
      code: `C${700 + tag}`,
      username: `change${tag}`,
      mobile: `1350000${String(tag).padStart(4, '0')}`,
    });
    await t.database.db.update(tenants).set({ agentId, status: 'active' }).where(eq(tenants.id, e.tenantId));
    return e;
  };
  const packet = async (
    tenantId: number,
    o: { minutes?: number; used?: number; expireInDays?: number; status?: string } = {},
  ) =>
    (
      await t.database.db
        .insert(packets)
        .values({
          tenantId,
          lineId: from,
          name: '换线测试包',
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
  const change = (packetId: number, lineId = cheaper, enterpriseId = one.tenantId, token = agentA.token) =>
    t.call(r.changePacket, { enterpriseId, packetId, lineId }, token);

  beforeAll(async () => {
    t = await startTestApp();
    platform = await t.loginAs.platform();
    const made = await t.database.db
      .insert(lines)
      .values([
        { name: '换线原线路', mode: 2, pricePerMinute: 10 },
        { name: '换线便宜线路', mode: 2, pricePerMinute: 8 },
        { name: '换线高价线路', mode: 2, pricePerMinute: 20 },
        { name: '换线未开线路', mode: 2, pricePerMinute: 5 },
      ])
      .returning();
    [from, cheaper, dearer, notOpened] = made.map((l) => l.id) as [number, number, number, number];
    agentA = await createAgent('杭州换线甲代理', 'changea', '13844440001');
    agentB = await createAgent('苏州换线乙代理', 'changeb', '13844440002');
    ok(await t.call(r.platformOpenLines, { agentId: agentA.id, lineIds: [from, cheaper, dearer] }, platform));
    one = await enterpriseOf(agentA.id);
    ofB = await enterpriseOf(agentB.id);
  });
  afterAll(() => t.close());

  it('moves the remainder to a cheaper opened line; the usage stays with the old line', async () => {
    const source = await packet(one.tenantId, { minutes: 10, used: 90 });
    // The agent's own enterprises only (B's is not offered).
    const mineOnly = ok(await t.call(r.changeEnterprises, {}, agentA.token)).map((e) => e.id);
    expect(mineOnly).toContain(one.tenantId);
    expect(mineOnly).not.toContain(ofB.tenantId);
    const live = ok(await t.call(r.queryPacketForChange, { enterpriseId: one.tenantId }, agentA.token));
    expect(live.find((p) => p.id === source.id)).toMatchObject({ remainingSeconds: 510, lineId: from });
    const targets = ok(
      await t.call(r.queryLineForChangePacket, { enterpriseId: one.tenantId, packetId: source.id }, agentA.token),
    );
    expect(targets.map((l) => l.id)).toEqual([cheaper]);

    const moved = ok(await change(source.id));
    expect(moved).toMatchObject({
      enterpriseId: one.tenantId,
      fromPacketId: source.id,
      fromLineName: '换线原线路',
      toLineName: '换线便宜线路',
      seconds: 510,
      sourceTotalSeconds: 600,
      sourceUsedSeconds: 90,
      expireAt: source.expireAt.getTime(),
    });
    expect(await packetRow(source.id)).toMatchObject({ status: 'changed', usedSeconds: 90, lineId: from });
    const next = await packetRow(moved.toPacketId);
    expect(next).toMatchObject({ tenantId: one.tenantId, lineId: cheaper, status: 'active', price: 0 });
    expect(next.totalMinutes * 60 - next.usedSeconds).toBe(510);
    expect(next.expireAt.getTime()).toBe(source.expireAt.getTime());
    // The enterprise's 账户明细: the old one 已换线 with nothing left, the new one on the new line.
    const mine = ok(await t.call(packetRoutes.mine, { page: 1, limit: 50 }, one.token)).records;
    expect(mine.find((p) => p.id === source.id)).toMatchObject({ state: 'changed', remainingSeconds: 0 });
    expect(mine.find((p) => p.id === moved.toPacketId)).toMatchObject({ state: 'active', remainingSeconds: 510 });
    // A call on the old line takes nothing now; one on the new line takes from the moved seconds.
    const oldLine = await withTenant(t.database, one.tenantId, (tx) =>
      takePacketSeconds(tx, { tenantId: one.tenantId, lineId: from, at: new Date(), seconds: 30 }),
    );
    expect(oldLine.filter((x) => x.packetId === source.id)).toEqual([]);
    const page = ok(await t.call(r.changePage, { page: 1, limit: 10 }, agentA.token));
    expect(page.records.map((c) => c.id)).toContain(moved.id);
  });

  it('refuses a dearer or unopened line, a package under 退订 review, expired, or not its enterprise’s', async () => {
    const p = await packet(one.tenantId);
    const lineMsg = /资费高于原线路/;
    expect((await change(p.id, dearer)).body.msg).toMatch(lineMsg);
    expect((await change(p.id, notOpened)).body.msg).toMatch(lineMsg);
    expect((await change(p.id, from)).body.msg).toMatch(lineMsg);
    const frozen = await packet(one.tenantId, { status: 'frozen' });
    expect((await change(frozen.id)).body.msg).toBe('该套餐正在退订审核中，不能变更线路，请刷新后重新选择');
    const expired = await packet(one.tenantId, { expireInDays: -1 });
    expect((await change(expired.id)).body.msg).toBe('该套餐已过期，不能变更线路，请刷新后重新选择');
    // Another agent's enterprise's package, named with this agent's enterprise or its own.
    const theirs = await packet(ofB.tenantId);
    expect((await change(theirs.id)).body.msg).toMatch(/不属于所选企业/);
    expect((await change(theirs.id, cheaper, ofB.tenantId)).body.msg).toMatch(/不是您名下的企业/);
    // Agent B cannot touch agent A's enterprise; an enterprise and the platform get 403.
    expect((await change(p.id, cheaper, one.tenantId, agentB.token)).body.msg).toMatch(/不是您名下的企业/);
    expect((await change(p.id, cheaper, one.tenantId, one.token)).body.code).toBe(403);
    expect((await change(p.id, cheaper, one.tenantId, platform)).body.code).toBe(403);
    expect(await packetRow(p.id)).toMatchObject({ status: 'active', lineId: from });
    expect(await packetRow(theirs.id)).toMatchObject({ status: 'active' });
  });

  it('moves a package once when N changes of it are sent at once', async () => {
    const p = await packet(one.tenantId, { minutes: 5, used: 7 });
    const answers = await Promise.all(Array.from({ length: 6 }, () => change(p.id)));
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.body.code !== 0).map((a) => a.body.msg)).toEqual(
      Array(5).fill('该套餐已变更过线路，不能变更线路，请刷新后重新选择'),
    );
    const records = await t.database.db.select().from(packetChanges).where(eq(packetChanges.fromPacketId, p.id));
    expect(records).toHaveLength(1);
    const next = await packetRow(records[0]!.toPacketId);
    expect(next.totalMinutes * 60 - next.usedSeconds).toBe(293);
  });

  it('never makes seconds appear or vanish when a change races the package’s call charging', async () => {
    const own = await enterpriseOf(agentA.id);
    const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    for (let round = 0; round < 8; round++) {
      const p = await packet(own.tenantId, { minutes: 3, used: 10 * round });
      const [answer, took] = await Promise.all([
        change(p.id, cheaper, own.tenantId),
        later(round * 3).then(() =>
          withTenant(t.database, own.tenantId, (tx) =>
            takePacketSeconds(tx, { tenantId: own.tenantId, lineId: from, at: new Date(), seconds: 45 }),
          ),
        ),
      ]);
      const moved = ok(answer);
      const source = await packetRow(p.id);
      const next = await packetRow(moved.toPacketId);
      const takenHere = took.filter((x) => x.packetId === p.id).reduce((n, x) => n + x.seconds, 0);
      expect([0, 45]).toContain(takenHere);
      expect(source.usedSeconds).toBe(10 * round + takenHere);
      expect(moved.seconds).toBe(180 - source.usedSeconds);
      expect(next.totalMinutes * 60 - next.usedSeconds).toBe(moved.seconds);
      expect(source.usedSeconds + moved.seconds).toBe(180);
    }
  });
});
