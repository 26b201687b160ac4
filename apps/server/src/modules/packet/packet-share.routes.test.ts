import { routeTables } from '@yunhu/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { ExcelJS } from '../../http/exceljs.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { createTestAgent } from '../agent/agent.test-kit.js';
import { billingKit } from '../billing/billing.test-kit.js';
import { tenants, users } from '../org/org.schema.js';
import { packetUsers } from './packet.schema.js';

const { packet: routes } = routeTables;

/**
 * 套餐共享 (docs/decisions/0020-resellers.md "Package sharing"): an enterprise restricts a
 * package to chosen users; their calls draw on it, other users' do not; packets-userId and
 * user-is-packet answer from the same rule; parallel calls of the shared users never take it below
 * zero nor charge twice. PGlite and PostgreSQL (TEST_DATABASE_URL).
 */
describe('package sharing', () => {
  let t: TTestApp;
  let kit: Awaited<ReturnType<typeof billingKit>>;
  let admin: string;
  let agent01: number;
  let agent02: number;
  let manager: number;

  beforeAll(async () => {
    t = await startTestApp();
    kit = await billingKit(t);
    admin = await t.loginAs.admin();
    agent01 = (await kit.person('agent01')).id;
    agent02 = (await kit.person('agent02')).id;
    manager = (await kit.person('manager')).id;
  });
  afterAll(() => t.close());

  const share = (packetId: number, userIds: number[], token = admin) =>
    t.call(routes.shareAddUser, { packetId, userIds }, token);

  it("draws a restricted package for its users' calls only; the others' calls go to the balance", async () => {
    const line = await kit.newLine({ unitPrice: 10, incrementSeconds: 60 });
    const p = await kit.addPacket(line.id, 5, 10);
    await kit.move(10_000);
    const res = await share(p.id, [agent01, agent01]);
    expect(res.body.code).toBe(0);
    expect(res.body.data).toEqual([{ userId: agent01, realName: expect.any(String) }]);

    // agent02's 60 s call: the package is not his, the balance pays 10 fen.
    const before = await kit.balance();
    await kit.finish(await kit.bind(line.id, 'agent02'), 60);
    let charges = await kit.chargesOfLine(line.id);
    expect(charges[0]).toMatchObject({ packetSeconds: 0, balanceAmount: 10 });
    expect(await kit.balance()).toBe(before - 10);
    // agent01's call draws on it.
    await kit.finish(await kit.bind(line.id, 'agent01'), 60);
    charges = await kit.chargesOfLine(line.id);
    expect(charges.find((c) => c.userId === agent01)).toMatchObject({ packetSeconds: 60, balanceAmount: 0 });
    expect((await kit.packetsOfLine(line.id))[0]!.usedSeconds).toBe(60);

    // The same rule answers packets-userId and user-is-packet.
    const of01 = await t.call(routes.packetsOfUser, { userId: agent01 }, admin);
    expect(of01.body.data.find((x) => x.id === p.id)).toMatchObject({ remainingSeconds: 240, restricted: true });
    const of02 = await t.call(routes.packetsOfUser, { userId: agent02 }, admin);
    expect(of02.body.data.some((x) => x.id === p.id)).toBe(false);
    const t01 = await t.login('agent01', 'Agent@2026');
    const t02 = await t.login('agent02', 'Agent@2026');
    expect((await t.call(routes.userIsPacket, { lineId: line.id }, t01)).body.data).toEqual({
      hasPacket: true,
      remainingSeconds: 240,
    });
    expect((await t.call(routes.userIsPacket, { lineId: line.id }, t02)).body.data).toEqual({
      hasPacket: false,
      remainingSeconds: 0,
    });

    // 账户明细 shows the users; clearing them shares the package with everyone again.
    const mine = await t.call(routes.mine, { page: 1, limit: 500 }, admin);
    expect(mine.body.data.records.find((r) => r.id === p.id)!.sharedWith.map((u) => u.userId)).toEqual([agent01]);
    expect((await share(p.id, [])).body.data).toEqual([]);
    await kit.finish(await kit.bind(line.id, 'agent02'), 60);
    expect((await kit.packetsOfLine(line.id))[0]!.usedSeconds).toBe(120);
    expect((await t.call(routes.userIsPacket, { lineId: line.id }, t02)).body.data.hasPacket).toBe(true);
    expect(await kit.reconcile()).toEqual([]);
  });

  it('many calls of the shared users at once take the package exactly to its end, each charged once', async () => {
    const line = await kit.newLine({ unitPrice: 6, incrementSeconds: 6 });
    // 5 minutes shared by agent01 and agent02; 16 calls of 31 s (36 s billed each, 576 s) at once,
    // plus 4 calls of manager's (not shared: all from the balance).
    const p = await kit.addPacket(line.id, 5, 10);
    await kit.move(5000);
    expect((await share(p.id, [agent01, agent02])).body.code).toBe(0);
    const before = await kit.balance();
    const who = [...Array.from({ length: 16 }, (_, i) => (i % 2 ? 'agent01' : 'agent02')), ...Array(4).fill('manager')];
    const binds = await Promise.all(who.map((u) => kit.bind(line.id, u)));
    const results = await Promise.all(binds.map((b) => kit.finish(b, 31)));
    expect(results.every((r) => r === 'written')).toBe(true);
    // The same callbacks again at once: nothing charged twice.
    const again = await Promise.all(binds.map((b) => kit.finish(b, 31)));
    expect(again.every((r) => r === 'duplicate')).toBe(true);
    const charges = await kit.chargesOfLine(line.id);
    expect(charges).toHaveLength(20);
    expect(charges.reduce((s, c) => s + c.packetSeconds, 0)).toBe(300);
    expect(charges.filter((c) => c.userId === manager).every((c) => c.packetSeconds === 0)).toBe(true);
    expect((await kit.packetsOfLine(line.id))[0]!.usedSeconds).toBe(300);
    // 20 × 36 s billed = 720 s; 300 s from the package, 420 s = 420 fen from the balance.
    expect(before - (await kit.balance())).toBe(420);
    expect(charges.reduce((s, c) => s + c.balanceAmount, 0)).toBe(420);
    expect(await kit.reconcile()).toEqual([]);
  });

  it('a change of users racing the calls: every call is charged once and the package never goes below zero', async () => {
    const line = await kit.newLine({ unitPrice: 6, incrementSeconds: 6 });
    const p = await kit.addPacket(line.id, 2, 10);
    await kit.move(5000);
    const binds = await Promise.all(
      Array.from({ length: 8 }, (_, i) => kit.bind(line.id, i % 2 ? 'agent01' : 'agent02')),
    );
    const [, ...results] = await Promise.all([
      Promise.all([share(p.id, [agent01]), share(p.id, [agent02]), share(p.id, [])]),
      ...binds.map((b) => kit.finish(b, 31)),
    ]);
    expect(results.every((r) => r === 'written')).toBe(true);
    const charges = await kit.chargesOfLine(line.id);
    expect(charges).toHaveLength(8);
    const used = (await kit.packetsOfLine(line.id))[0]!.usedSeconds;
    expect(used).toBeLessThanOrEqual(120);
    expect(charges.reduce((s, c) => s + c.packetSeconds, 0)).toBe(used);
    expect(await kit.reconcile()).toEqual([]);
  });

  it("refuses bad input, other enterprises' packages and users, dead packages — in Chinese", async () => {
    const line = await kit.newLine({ unitPrice: 6, incrementSeconds: 6 });
    const p = await kit.addPacket(line.id, 1, 10);
    const bad = await t.call(routes.shareAddUser, { packetId: p.id, userIds: 'x' } as never, admin);
    expect(bad.body.code).not.toBe(0);
    expect(bad.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    // A user of another tenant (the platform's operator) and a made-up one.
    const [platformUser] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .innerJoin(tenants, eq(tenants.id, users.tenantId))
      .where(eq(tenants.isSuper, true))
      .limit(1);
    expect((await share(p.id, [platformUser!.id])).body.msg).toBe('所选员工不存在或已停用，请刷新后重新选择');
    expect((await share(p.id, [99_999_999])).body.msg).toBe('所选员工不存在或已停用，请刷新后重新选择');
    expect((await t.call(routes.packetsOfUser, { userId: platformUser!.id }, admin)).body.msg).toBe(
      '员工不存在或已删除',
    );
    // Another enterprise's package.
    const [other] = await t.database.db.select().from(tenants).where(eq(tenants.isSuper, true)).limit(1);
    const foreign = await kit.addPacket(line.id, 1, 10, other!.id);
    expect((await share(foreign.id, [agent01])).body.msg).toBe('套餐不存在或已删除，请刷新后重试');
    // An expired package.
    const expired = await kit.addPacket(line.id, 1, -1);
    expect((await share(expired.id, [agent01])).body.msg).toBe('该套餐已用完、已过期或已转出/退订，不能再设置共享');
    expect(await t.database.db.select().from(packetUsers).where(eq(packetUsers.packetId, foreign.id))).toEqual([]);
    // The picker lists the enterprise's active people only.
    const cands = (await t.call(routes.shareCandidates, {}, admin)).body.data;
    expect(cands.map((c) => c.userId)).toEqual(expect.arrayContaining([agent01, agent02, manager]));
    expect(cands.some((c) => c.userId === platformUser!.id)).toBe(false);
  });

  it('refuses an agent (代理商) on every sharing route, and a person without the string', async () => {
    const platform = await t.loginAs.platform();
    const agent = await createTestAgent(t, platform, {
      name: '共享测试代理',
      username: 'share_agent',
      mobile: '13700000561',
    });
    const line = await kit.newLine({ unitPrice: 6, incrementSeconds: 6 });
    const p = await kit.addPacket(line.id, 1, 10);
    expect((await share(p.id, [agent01], agent.token)).body.code).toBe(403);
    expect((await t.call(routes.shareCandidates, {}, agent.token)).body.code).toBe(403);
    expect((await t.call(routes.packetsOfUser, { userId: agent01 }, agent.token)).body.code).toBe(403);
    expect((await t.call(routes.userIsPacket, {}, agent.token)).body.code).toBe(403);
    // agent01 (a 坐席) holds no 套餐共享 string.
    const t01 = await t.login('agent01', 'Agent@2026');
    expect((await share(p.id, [agent01], t01)).body.code).toBe(403);
  });

  it("已购套餐 downloads with the page's filter and whom each package is shared with", async () => {
    const line = await kit.newLine({ unitPrice: 6, incrementSeconds: 6 });
    const p = await kit.addPacket(line.id, 7, 10);
    expect((await share(p.id, [agent02])).body.code).toBe(0);
    const res = await t.app.inject({
      method: 'POST',
      url: routes.mineExport.path,
      headers: { 'cloud-token': admin },
      payload: { state: 'active' },
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('已购套餐'));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(10).value).toBe('共享给');
    const rows: string[][] = [];
    for (let i = 2; i <= sheet.rowCount; i++) {
      rows.push([2, 3, 8, 10].map((c) => String(sheet.getRow(i).getCell(c).value)));
    }
    const zhao = (await kit.person('agent02')).realName;
    expect(rows).toContainEqual(['测试包7分钟', '7', '使用中', zhao]);
    expect(rows.every((r) => r[2] === '使用中')).toBe(true);
  });

  it('keeps packet_users under the tenant wall', async () => {
    const rows = rowsOf<{ relrowsecurity: boolean }>(
      await t.database.db.execute(sql`select relrowsecurity from pg_class where relname = 'packet_users'`),
    );
    expect(rows[0]?.relrowsecurity).toBe(true);
  });
});
