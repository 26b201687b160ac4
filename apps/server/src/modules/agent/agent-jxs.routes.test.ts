import fs from 'node:fs';
import { agentPermissions, JxsPerm, routeTables, type TRouteDef } from '@yunhu/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { ExcelJS } from '../../http/exceljs.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { roles, tenants, users } from '../org/org.schema.js';
import { createTestAgent } from './agent.test-kit.js';

const { agent: r, auth, platform: platformRoutes, org, crm } = routeTables;

/**
 * 经销商 (decision 0020 "Distributors"): the agent creates distributors, each signs in to
 * its own menu with its own invitation code; an enterprise registering with it is attributed to it;
 * the distributor sees only its enterprises and leads (every other agent screen refused, even with
 * the strings), another agent's distributor nothing; a disabled code is refused; move-crm moves once.
 * PGlite and PostgreSQL.
 */
describe('agent distributors (经销商)', () => {
  let t: TTestApp;
  let platform: string;
  let agentA: { id: number; inviteCode: string; token: string };
  let agentB: { id: number; inviteCode: string; token: string };
  let jxsA: { id: number; inviteCode: string; token: string };
  let jxsA2: { id: number; inviteCode: string; token: string };
  let jxsB: { id: number; inviteCode: string; token: string };
  const enterprises: Record<string, number> = {};

  const ok = <T>(res: { body: { code: number; msg: string; data: T } }) => {
    expect(res.body.code, res.body.msg).toBe(0);
    return res.body.data;
  };
  const signIn = (username: string, password: string) =>
    t.call(auth.login, { username, password }, null, t.freshIp()).then((res) => res.body);
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
  /** Registers and approves an enterprise; answers its id. */
  const enterprise = async (name: string, username: string, mobile: string, inviteCode?: string) => {
    ok(await register(name, username, mobile, inviteCode));
    const [row] = await t.database.db.select().from(tenants).where(eq(tenants.name, name));
    ok(await t.call(platformRoutes.examine, { id: row!.id, pass: true, reason: '' }, platform));
    enterprises[name] = row!.id;
    return row!.id;
  };
  /** The agent creates a distributor; it signs in, changes the initial password, signs in again. */
  const createJxs = async (agentToken: string, name: string, username: string, mobile: string) => {
    const made = ok(
      await t.call(r.createJxsInfo, { name, contactName: `联系人${username}`, mobile, username }, agentToken),
    );
    expect(made.inviteCode).toMatch(/^[A-Z2-9]{10}$/);
    const first = await signIn(username, made.initialPassword!);
    expect(first).toMatchObject({ code: 0, data: { mustChangePassword: true } });
    ok(
      await t.call(
        auth.updatePassword,
        { oldPassword: made.initialPassword!, newPassword: 'Jxs@2026x' },
        first.data.token,
      ),
    );
    return { id: made.id, inviteCode: made.inviteCode, token: (await signIn(username, 'Jxs@2026x')).data.token };
  };

  beforeAll(async () => {
    t = await startTestApp();
    platform = await t.loginAs.platform();
    agentA = await createTestAgent(t, platform, {
      name: '嘉兴戊代理有限公司',
      username: 'jxsagenta',
      mobile: '13833330001',
    });
    agentB = await createTestAgent(t, platform, {
      name: '湖州己代理有限公司',
      username: 'jxsagentb',
      mobile: '13833330002',
    });
    jxsA = await createJxs(agentA.token, '甲经销商', 'jxsa1', '13833330011');
    jxsA2 = await createJxs(agentA.token, '乙经销商', 'jxsa2', '13833330012');
    jxsB = await createJxs(agentB.token, '丙经销商', 'jxsb1', '13833330013');
  }, 120_000);
  afterAll(() => t.close());

  it("gives a distributor its own menu and refuses the agent's other screens", async () => {
    const { menuList } = ok(await t.call(org.menuNav, {}, jxsA.token));
    const folder = menuList.find((m) => m.name === '代理商后台')!;
    expect(folder.list!.map((c) => c.name).sort()).toEqual(['我的企业', '月度使用', '解锁名单', '邀请码'].sort());
    for (const route of [r.orderPage, r.myPrice, r.jxsUserPage, r.seatSummary, r.lineStock]) {
      expect((await t.call(route as TRouteDef, { page: 1, limit: 10 }, jxsA.token)).body.code, route.path).toBe(403);
    }
    // The agent's list: both of its distributors, with their logins; agent B sees only its own.
    const list = ok(await t.call(r.jxsUserPage, { page: 1, limit: 10 }, agentA.token));
    expect(list.records.map((d) => [d.name, d.username]).sort()).toEqual([
      ['乙经销商', 'jxsa2'],
      ['甲经销商', 'jxsa1'],
    ]);
    expect(ok(await t.call(r.jxsUserPage, { page: 1, limit: 10 }, agentB.token)).records.map((d) => d.name)).toEqual([
      '丙经销商',
    ]);
    // The industry dictionary is the 解锁名单 form's, so a distributor reads it.
    expect(ok(await t.call(r.industry, {}, jxsA.token)).map((i) => i.label)).toContain('教育培训');
    const dup = await t.call(
      r.createJxsInfo,
      { name: '甲经销商', contactName: '某', mobile: '13833330019', username: 'jxsdup' },
      agentA.token,
    );
    expect(dup.body.msg).toBe('该经销商名称已存在，请换一个');
    // Four at once under one new name: one distributor and one login; the others leave nothing behind.
    const racing = await Promise.all(
      [1, 2, 3, 4].map((i) =>
        t.call(
          r.createJxsInfo,
          { name: '并发经销商', contactName: '某', mobile: `1383333005${i}`, username: `jxsrace${i}` },
          agentB.token,
        ),
      ),
    );
    expect(racing.filter((res) => res.body.code === 0)).toHaveLength(1);
    for (const res of racing.filter((x) => x.body.code !== 0)) {
      expect(res.body.msg).toBe('该经销商名称已存在，请换一个');
    }
    const logins = await t.database.db.execute(
      sql`select count(*)::int as n from users where username like 'jxsrace%'`,
    );
    expect(rowsOf<{ n: number }>(logins)[0]!.n).toBe(1);
  });

  it("refuses a distributor every agent screen but its own, even when its role is given the agent's strings", async () => {
    // The agent (or a mistake) widens the 经销商 role to every console string: the service's wall still holds.
    await t.database.db.execute(sql`update roles set permissions = (
        select array_agg(distinct p) from (select unnest(permissions) p from roles where name = '代理商管理员' and tenant_id = ${agentA.id}) x)
      where name = '经销商' and tenant_id = ${agentA.id}`);
    const jxsWide = (await signIn('jxsa1', 'Jxs@2026x')).data.token as string;
    const own = new Set([
      'info',
      'enterprisePage',
      'industry',
      'jxsMonthUse',
      'jxsMonthUseExport',
      'jxsUnlockEnterprises',
    ]);
    let refused = 0;
    for (const [name, route] of Object.entries(r as Record<string, TRouteDef>)) {
      // 员工管理/角色权限 (the org area's services) included: the agent area's wall is bound into them.
      if (own.has(name)) continue;
      if (name.startsWith('jxsUnlock')) continue;
      if (route.result === 'blob') {
        // A download answers an envelope, not a file.
        const file = await t.app.inject({
          method: route.method,
          url: route.path,
          headers: { 'cloud-token': jxsWide, 'content-type': 'application/json' },
          ...(route.method === 'GET' ? {} : { payload: {} }),
        });
        expect(file.json().code, name).toBe(403);
        refused += 1;
        continue;
      }
      const res = await t.call(route, { page: 1, limit: 10 }, jxsWide);
      expect(res.body.code, `${name}: ${res.body.msg}`).not.toBe(0);
      if (res.body.code === 403) refused += 1;
    }
    expect(refused).toBeGreaterThanOrEqual(15);
    const orders = await t.call(r.orderPage, { page: 1, limit: 10 }, jxsWide);
    expect(orders.body).toMatchObject({ code: 403, msg: '经销商账号不能使用该功能' });
    const staff = await t.call(r.agentStaffPage, { page: 1, limit: 10 }, jxsWide);
    expect(staff.body).toMatchObject({ code: 403, msg: '经销商账号不能使用该功能' });
    await t.database.db.execute(
      sql`update roles set permissions = ${sql.raw(
        "array['agent:enterprise:list','agent:invite:view','agent:jxs:use','agent:jxs:unlock']",
      )} where name = '经销商' and tenant_id = ${agentA.id}`,
    );
  });

  it('attributes an enterprise registering with a distributor code to the agent and the distributor', async () => {
    const viaJxs = await enterprise('甲经销商客户一', 'jxsent1', '13833330021', jxsA.inviteCode.toLowerCase());
    await enterprise('甲经销商客户二', 'jxsent2', '13833330022', jxsA.inviteCode);
    const viaAgent = await enterprise('代理直属客户', 'jxsent3', '13833330023', agentA.inviteCode);
    await enterprise('乙经销商客户', 'jxsent4', '13833330024', jxsA2.inviteCode);
    await enterprise('丙经销商客户', 'jxsent5', '13833330025', jxsB.inviteCode);
    const rows = await t.database.db.select().from(tenants).where(eq(tenants.id, viaJxs));
    expect(rows[0]).toMatchObject({ agentId: agentA.id, distributorId: jxsA.id });
    const [direct] = await t.database.db.select().from(tenants).where(eq(tenants.id, viaAgent));
    expect(direct).toMatchObject({ agentId: agentA.id, distributorId: null });

    const mine = ok(await t.call(r.enterprisePage, { page: 1, limit: 10 }, jxsA.token));
    expect(mine.records.map((e) => e.name).sort()).toEqual(['甲经销商客户一', '甲经销商客户二']);
    const all = ok(await t.call(r.enterprisePage, { page: 1, limit: 10 }, agentA.token));
    expect(all.total).toBe(4);
    const info = ok(await t.call(r.info, {}, jxsA.token));
    expect(info).toMatchObject({ name: '甲经销商', inviteCode: jxsA.inviteCode, enterpriseCount: 2, balance: 0 });
    expect(ok(await t.call(r.info, {}, agentA.token)).inviteCode).toBe(agentA.inviteCode);

    // 企业列表 of the platform says who brought each: the agent, and the distributor when one did.
    const listed = ok(await t.call(platformRoutes.enterprisePage, { page: 1, limit: 100 }, platform)).records;
    const byName = (name: string) => listed.find((e) => e.name === name);
    expect(byName('甲经销商客户一')).toMatchObject({ agentName: '嘉兴戊代理有限公司', distributorName: '甲经销商' });
    expect(byName('代理直属客户')).toMatchObject({ agentName: '嘉兴戊代理有限公司', distributorName: null });
    expect(byName('演示科技有限公司')).toMatchObject({ agentName: null, distributorName: null });
  });

  it("counts each distributor's month: enterprises, new ones, seats, minutes, orders and margin", async () => {
    const ent = enterprises.甲经销商客户一!;
    const month = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 7);
    await t.database.db.execute(sql`insert into orders (tenant_id, order_no, kind, items, amount, subject, expire_at, state, paid_at, agent_id, agent_margin)
      values (${ent}, 'JXS-TEST-1', 'packet', '[]'::jsonb, 12000, '测试套餐', now() + interval '1 day', 'paid', now(), ${agentA.id}, 2000)`);
    const mine = ok(await t.call(r.jxsMonthUse, { page: 1, limit: 10, month }, jxsA.token));
    expect(mine.records).toEqual([
      expect.objectContaining({
        name: '甲经销商',
        enterprises: 2,
        newEnterprises: 2,
        orderAmount: 12000,
        margin: 2000,
      }),
    ]);
    const all = ok(await t.call(r.jxsMonthUse, { page: 1, limit: 10, month }, agentA.token));
    expect(all.records.map((m) => [m.name, m.enterprises]).sort()).toEqual([
      ['乙经销商', 1],
      ['甲经销商', 2],
    ]);
    // The month's download: the same figures, money in yuan.
    const file = await t.app.inject({
      method: 'POST',
      url: r.jxsMonthUseExport.path,
      headers: { 'cloud-token': jxsA.token, 'content-type': 'application/json' },
      payload: { month },
    });
    expect(decodeURIComponent(String(file.headers['content-disposition']))).toContain(`经销商月度使用_${month}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).values).toEqual([undefined, '甲经销商', 2, 2, 0, 0, '120.00', '20.00']);
    // A month before the enterprises existed: nothing.
    const before = ok(await t.call(r.jxsMonthUse, { page: 1, limit: 10, month: '2020-01' }, agentA.token));
    expect(before.records.every((m) => m.enterprises === 0 && m.orderAmount === 0)).toBe(true);
    expect((await t.call(r.jxsMonthUse, { page: 1, limit: 10, month: '2026-13' }, agentA.token)).body.msg).toContain(
      '月份格式不正确',
    );
  });

  it("keeps each distributor's leads its own and moves a lead into the CRM once under parallel requests", async () => {
    const add = (token: string, companyName: string, mobile: string) =>
      t.call(r.jxsUnlockAdd, { companyName, contactName: '王经理', mobile, industry: '教育', region: '浙江' }, token);
    const l1 = ok(await add(jxsA.token, '线索公司一', '13933330001'));
    const l2 = ok(await add(jxsA.token, '线索公司二', '13933330002'));
    const l3 = ok(await add(jxsA.token, '线索公司三', '13933330003'));
    const l4 = ok(await add(jxsA.token, '线索公司四', '13933330004'));
    expect((await add(jxsA.token, '线索公司重复', '13933330001')).body.msg).toBe('该手机号已在您的解锁名单中');
    ok(await add(jxsA2.token, '乙的线索', '13933330009'));
    expect((await add(agentA.token, '代理加的', '13933330008')).body.msg).toBe('只有经销商账号可以添加解锁名单');

    const mine = ok(await t.call(r.jxsUnlockPage, { page: 1, limit: 10 }, jxsA.token));
    expect(mine.records.map((l) => l.companyName).sort()).toEqual([
      '线索公司一',
      '线索公司三',
      '线索公司二',
      '线索公司四',
    ]);
    expect(ok(await t.call(r.jxsUnlockPage, { page: 1, limit: 10 }, agentA.token)).total).toBe(5);
    expect(ok(await t.call(r.jxsUnlockPage, { page: 1, limit: 10 }, agentB.token)).total).toBe(0);
    expect(
      ok(await t.call(r.jxsUnlockEnterprises, {}, jxsA.token))
        .map((e) => e.name)
        .sort(),
    ).toEqual(['甲经销商客户一', '甲经销商客户二']);

    const target = enterprises.甲经销商客户一!;
    // Another distributor of the same agent, and another agent's, reach neither the leads nor the enterprise.
    const other = await t.call(r.jxsUnlockMoveCrm, { ids: [l1.id], enterpriseId: target }, jxsA2.token);
    expect(other.body.msg).toBe('该企业不存在或不是您名下的企业，请刷新后重新选择');
    const otherLeads = await t.call(
      r.jxsUnlockMoveCrm,
      { ids: [l1.id], enterpriseId: enterprises.乙经销商客户! },
      jxsA2.token,
    );
    expect(otherLeads.body.msg).toBe('所选线索不存在或已删除，请刷新后重新选择');
    expect((await t.call(r.jxsUnlockMoveCrm, { ids: [l1.id], enterpriseId: target }, agentB.token)).body.msg).toBe(
      '该企业不存在或不是您名下的企业，请刷新后重新选择',
    );
    expect((await t.call(r.jxsUnlockDelete, { ids: [l1.id] }, jxsB.token)).body.code).not.toBe(0);

    // The enterprise blacklisted l4's mobile: refused with the blacklist's reason.
    await t.database.db.execute(
      sql`insert into number_blacklist (tenant_id, number, source) values (${target}, '13933330004', 'manual')`,
    );
    // The enterprise already holds l3's mobile: the CRM's duplicate rule refuses that one.
    const entAdmin = await t.login('jxsent1', 'Reg@2026x');
    ok(await t.call(crm.customerCreate, { name: '已有客户', mobile: '13933330003' }, entAdmin));

    const moves = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.call(r.jxsUnlockMoveCrm, { ids: [l1.id, l2.id, l3.id, l4.id], enterpriseId: target }, jxsA.token),
      ),
    );
    const results = moves.map(ok);
    expect(results.reduce((n, m) => n + m.moved, 0)).toBe(2);
    expect(results.filter((m) => m.moved === 2)).toHaveLength(1);
    for (const m of results) {
      expect(m.refused.map((x) => x.id)).toEqual([l3.id, l4.id]);
      expect(m.refused[0]!.reason).toContain('该手机号');
      expect(m.refused[1]!.reason).toContain('黑名单');
    }
    const customers = rowsOf<{ mobile: string; n: number; source: string; owner_id: number | null }>(
      await t.database.db.execute(sql`select mobile, count(*)::int as n, max(source) as source, max(owner_id) as owner_id
        from customers where tenant_id = ${target} and mobile in ('13933330001', '13933330002', '13933330003') group by mobile order by mobile`),
    );
    expect(customers).toEqual([
      { mobile: '13933330001', n: 1, source: '经销商：甲经销商', owner_id: null },
      { mobile: '13933330002', n: 1, source: '经销商：甲经销商', owner_id: null },
      { mobile: '13933330003', n: 1, source: '', owner_id: expect.anything() },
    ]);

    // Moved leads show the enterprise; its privacy switch (on by default) masks their mobiles.
    const moved = ok(await t.call(r.jxsUnlockPage, { page: 1, limit: 10, status: 'moved' }, jxsA.token));
    expect(moved.records.map((l) => [l.mobile, l.enterpriseName]).sort()).toEqual([
      ['139****0001', '甲经销商客户一'],
      ['139****0002', '甲经销商客户一'],
    ]);
    await t.database.db.execute(
      sql`insert into crm_settings (tenant_id, is_privacy_on) values (${target}, false)
        on conflict (tenant_id) do update set is_privacy_on = false`,
    );
    const open = ok(await t.call(r.jxsUnlockPage, { page: 1, limit: 10, status: 'moved' }, agentA.token));
    expect(open.records.map((l) => l.mobile).sort()).toEqual(['13933330001', '13933330002']);
    expect(ok(await t.call(r.jxsUnlockPage, { page: 1, limit: 10, status: 'new' }, jxsA.token)).total).toBe(2);

    // The export: an xlsx with a Chinese file name.
    const file = await t.app.inject({
      method: 'POST',
      url: r.jxsUnlockExport.path,
      headers: { 'cloud-token': jxsA.token, 'content-type': 'application/json' },
      payload: {},
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/spreadsheetml/);
    expect(decodeURIComponent(String(file.headers['content-disposition']))).toContain('解锁名单_');

    ok(await t.call(r.jxsUnlockDelete, { ids: [l3.id, l4.id] }, jxsA.token));
    expect(ok(await t.call(r.jxsUnlockPage, { page: 1, limit: 10 }, jxsA.token)).total).toBe(2);
  });

  it("migration 0058 gives the existing agents' administrator role the distributor strings, once", async () => {
    const file = new URL('../../../drizzle/0058_agent_jxs.sql', import.meta.url);
    const text = fs.readFileSync(file, 'utf8');
    const statement = text.slice(text.lastIndexOf('UPDATE "roles"'));
    const jxsStrings: string[] = [JxsPerm.manage, JxsPerm.use, JxsPerm.unlock];
    const before = agentPermissions().filter((p) => !jxsStrings.includes(p));
    const adminRole = and(eq(roles.tenantId, agentB.id), eq(roles.name, '代理商管理员'));
    await t.database.db.update(roles).set({ permissions: before }).where(adminRole);
    await t.database.db.execute(sql.raw(statement));
    await t.database.db.execute(sql.raw(statement));
    const after = (await t.database.db.select().from(roles).where(adminRole))[0]!.permissions;
    expect(after).toEqual([...before, ...jxsStrings]);
    // The 经销商 role is not an administrator role: untouched.
    const [jxsRole] = await t.database.db
      .select()
      .from(roles)
      .where(and(eq(roles.tenantId, agentB.id), eq(roles.name, '经销商')));
    expect(jxsRole!.permissions).not.toContain(JxsPerm.manage);
  });

  it('disables a distributor: its code is refused as the agent-not-found answer, its session ends', async () => {
    const other = await t.call(r.jxsUserStatus, { id: jxsA2.id, status: 'disabled' }, agentB.token);
    expect(other.body.msg).toBe('经销商不存在，请刷新后重新选择');
    ok(await t.call(r.jxsUserStatus, { id: jxsA2.id, status: 'disabled' }, agentA.token));
    const refused = await register('停用码客户', 'jxsent9', '13833330029', jxsA2.inviteCode);
    expect(refused.body).toMatchObject({ code: 500, msg: '邀请码对应的代理商不存在' });
    expect((await t.call(r.enterprisePage, { page: 1, limit: 10 }, jxsA2.token)).body.code).toBe(401);
    expect((await signIn('jxsa2', 'Jxs@2026x')).code).not.toBe(0);
    ok(await t.call(r.jxsUserStatus, { id: jxsA2.id, status: 'active' }, agentA.token));
    ok(await register('启用码客户', 'jxsent8', '13833330028', jxsA2.inviteCode));
    const [row] = await t.database.db.select().from(tenants).where(eq(tenants.name, '启用码客户'));
    expect(row).toMatchObject({ agentId: agentA.id, distributorId: jxsA2.id });
    // Its login stopped in 员工管理 instead: the code stops with it, and comes back with it.
    const [login] = await t.database.db.select().from(users).where(eq(users.username, 'jxsa2'));
    ok(await t.call(r.agentStaffStatus, { ids: [login!.id], status: 'disabled' }, agentA.token));
    const viaStaff = await register('员工停用码客户', 'jxsent7', '13833330027', jxsA2.inviteCode);
    expect(viaStaff.body).toMatchObject({ code: 500, msg: '邀请码对应的代理商不存在' });
    ok(await t.call(r.agentStaffStatus, { ids: [login!.id], status: 'active' }, agentA.token));
    ok(await register('员工启用码客户', 'jxsent6', '13833330026', jxsA2.inviteCode));
  });
});
