import fs from 'node:fs';
import { AgentPerm, agentPermissions, enterprisePermissions, routeTables, type TRouteDef } from '@yunhu/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { createTestAgent } from '../agent/agent.test-kit.js';
import { roles, tenants } from './org.schema.js';

const { agent: r, auth: a, org } = routeTables;

/**
 * An agent's own staff and roles (docs/decisions/0020-resellers.md "The agent's staff and
 * roles"): the agent console's strings only, the menu a limited role gives, the walls (another
 * agent, an enterprise, the platform). PGlite and PostgreSQL.
 */
describe("an agent's staff and roles", () => {
  let t: TTestApp;
  let platform: string;
  let admin: string;
  let agentA: { id: number; token: string };
  let agentB: { id: number; token: string };

  const ok = <T>(res: { body: { code: number; msg: string; data: T } }) => {
    expect(res.body.code, res.body.msg).toBe(0);
    return res.body.data;
  };
  const createAgent = (name: string, username: string, mobile: string) =>
    createTestAgent(t, platform, { name, username, mobile });
  const signIn = (username: string, password: string) =>
    t.call(a.login, { username, password }, null, t.freshIp()).then((res) => res.body);
  /** Adds a person to agent A with one role; signs him in and changes the password the admin set. */
  const addAndSignIn = async (username: string, mobile: string, roleId: number) => {
    const added = ok(
      await t.call(r.agentStaffAdd, { username, realName: `员工${username}`, mobile, roleIds: [roleId] }, agentA.token),
    );
    const first = await signIn(username, added.initialPassword!);
    expect(first).toMatchObject({ code: 0, data: { mustChangePassword: true } });
    const blocked = await t.call(r.enterprisePage, { page: 1, limit: 10 }, first.data.token);
    expect(blocked.body.code).toBe(403);
    ok(
      await t.call(
        a.updatePassword,
        { oldPassword: added.initialPassword!, newPassword: 'Mine@2026x' },
        first.data.token,
      ),
    );
    const again = await signIn(username, 'Mine@2026x');
    expect(again.data.mustChangePassword).toBe(false);
    return { id: added.id, token: again.data.token as string };
  };

  beforeAll(async () => {
    t = await startTestApp();
    [platform, admin] = await Promise.all([t.loginAs.platform(), t.loginAs.admin()]);
    agentA = await createAgent('宁波丙代理有限公司', 'staffagenta', '13822220001');
    agentB = await createAgent('温州丁代理有限公司', 'staffagentb', '13822220002');
  });
  afterAll(() => t.close());

  it("offers the agent's role editor the agent console's strings only, grouped as its menu", async () => {
    const tree = ok(await t.call(r.agentRoleMenuTree, {}, agentA.token));
    expect(tree.map((n) => n.name)).toEqual(['代理商后台']);
    const perms: string[] = [];
    const walk = (nodes: typeof tree) => {
      for (const n of nodes) {
        if (n.perms) perms.push(n.perms);
        walk(n.list ?? []);
      }
    };
    walk(tree);
    expect(new Set(perms)).toEqual(new Set(agentPermissions()));
    expect(perms).toContain(AgentPerm.staffManage);
    // And an enterprise's or the platform's editor still offers none of them.
    for (const token of [admin, platform]) {
      expect(JSON.stringify(ok(await t.call(org.selectMenu, {}, token)))).not.toContain('"agent:');
    }
  });

  it('refuses an enterprise or platform string in an agent role, and keeps every role at data scope all', async () => {
    for (const perm of [enterprisePermissions()[0]!, 'platform:agent:list', 'crm:customer:list']) {
      const res = await t.call(
        r.agentRoleSave,
        { name: '越权角色', permissions: [AgentPerm.enterpriseList, perm] },
        agentA.token,
      );
      expect(res.body.msg).toBe(`未知的权限标识：${perm}`);
    }
    const role = ok(
      await t.call(r.agentRoleSave, { name: '只看企业', permissions: [AgentPerm.enterpriseList] }, agentA.token),
    );
    expect(role).toMatchObject({ dataScope: 'all', permissions: [AgentPerm.enterpriseList], isAdmin: false });
    const sneaked = await t.call(r.agentRoleUpdate, { id: role.id, permissions: ['sys:role:list'] }, agentA.token);
    expect(sneaked.body.msg).toBe('未知的权限标识：sys:role:list');
    expect((await t.database.db.select().from(roles).where(eq(roles.id, role.id)))[0]!.permissions).toEqual([
      AgentPerm.enterpriseList,
    ]);
    ok(await t.call(r.agentRoleDelete, { id: role.id }, agentA.token));
  });

  it('gives a person with a limited role only his menus and refuses the rest', async () => {
    const role = ok(
      await t.call(r.agentRoleSave, { name: '业务员', permissions: [AgentPerm.enterpriseList] }, agentA.token),
    );
    const clerk = await addAndSignIn('agentclerk', '13822220011', role.id);
    const nav = ok(await t.call(org.menuNav, {}, clerk.token));
    const names = JSON.stringify(nav.menuList);
    expect(names).toContain('我的企业');
    for (const hidden of ['价格设置', '订单与利润', '员工管理', '角色权限', '客户管理'])
      expect(names).not.toContain(hidden);
    expect(nav.permissions).toEqual([AgentPerm.enterpriseList]);
    ok(await t.call(r.enterprisePage, { page: 1, limit: 10 }, clerk.token));
    for (const [route, input] of [
      [r.myPrice, {}],
      [r.orderPage, { page: 1, limit: 10 }],
      [r.agentStaffPage, { page: 1, limit: 10 }],
      [r.agentRoleSave, { name: 'x', permissions: [] }],
    ] as [TRouteDef, object][]) {
      expect((await t.call(route, input as never, clerk.token)).body.code, route.path).toBe(403);
    }
    // The admin's list shows him with his role; a role in use cannot be deleted.
    const page = ok(await t.call(r.agentStaffPage, { page: 1, limit: 10, name: 'agentclerk' }, agentA.token));
    expect(page.records).toMatchObject([{ id: clerk.id, roles: [{ id: role.id, name: '业务员' }] }]);
    expect((await t.call(r.agentRoleDelete, { id: role.id }, agentA.token)).body.msg).toContain('该角色下还有1名员工');
  });

  it('edits, resets and disables a person; a disabled one is signed out and refused', async () => {
    const role = ok(await t.call(r.agentRoleSave, { name: '财务', permissions: [AgentPerm.orderList] }, agentA.token));
    const person = await addAndSignIn('agentfin', '13822220012', role.id);
    ok(await t.call(r.agentStaffUpdate, { id: person.id, realName: '财务小王' }, agentA.token));
    const reset = ok(await t.call(r.agentStaffPassword, { userId: person.id }, agentA.token));
    expect(reset.password).toMatch(/^[A-Za-z0-9]{10}$/);
    expect((await t.call(org.menuNav, {}, person.token)).body.code).toBe(401);
    expect((await signIn('agentfin', reset.password!)).data.mustChangePassword).toBe(true);
    ok(await t.call(r.agentStaffStatus, { ids: [person.id], status: 'disabled' }, agentA.token));
    expect((await signIn('agentfin', reset.password!)).code).not.toBe(0);
    const page = ok(await t.call(r.agentStaffPage, { page: 1, limit: 10, status: 'disabled' }, agentA.token));
    expect(page.records.map((s) => s.realName)).toEqual(['财务小王']);
  });

  it("keeps a staff manager from stronger colleagues and from his own role's permissions", async () => {
    const role = ok(
      await t.call(
        r.agentRoleSave,
        { name: '人事', permissions: [AgentPerm.staffManage, AgentPerm.enterpriseList] },
        agentA.token,
      ),
    );
    const hr = await addAndSignIn('agenthr', '13822220013', role.id);
    const adminId = ok(await t.call(r.agentStaffPage, { page: 1, limit: 10, name: 'staffagenta' }, agentA.token))
      .records[0]!.id;
    const res = await t.call(r.agentStaffPassword, { userId: adminId }, hr.token);
    expect(res.body.msg).toBe('不能修改权限超出您自己权限的员工');
    // He may add people, with roles no wider than his own.
    const roleList = ok(await t.call(r.agentRoleList, {}, hr.token));
    const adminRole = roleList.find((x) => x.name === '代理商管理员')!;
    const wider = await t.call(
      r.agentStaffAdd,
      { username: 'agentwider', realName: '越权', mobile: '13822220014', roleIds: [adminRole.id] },
      hr.token,
    );
    expect(wider.body.msg).toBe('不能分配权限超出您自己权限的角色');
    // The administrator cannot cut his own role's strings (he would lock himself out).
    const own = await t.call(
      r.agentRoleUpdate,
      { id: adminRole.id, permissions: [AgentPerm.enterpriseList] },
      agentA.token,
    );
    expect(own.body.msg).toBe('不能修改或停用您自己持有的角色，请由其他管理员操作');
    const off = await t.call(r.agentRoleStatus, { id: adminRole.id, status: 'disabled' }, agentA.token);
    expect(off.body.code).not.toBe(0);
  });

  it("walls off another agent's staff and roles, and the agent routes from enterprises and the platform", async () => {
    const roleA = ok(
      await t.call(r.agentRoleSave, { name: '甲的角色', permissions: [AgentPerm.inviteView] }, agentA.token),
    );
    const personA = ok(
      await t.call(
        r.agentStaffAdd,
        { username: 'agentawall', realName: '甲员工', mobile: '13822220015', roleIds: [roleA.id] },
        agentA.token,
      ),
    );
    const b = agentB.token;
    expect(ok(await t.call(r.agentRoleList, {}, b)).map((x) => x.name)).toEqual(['代理商管理员']);
    expect(ok(await t.call(r.agentStaffPage, { page: 1, limit: 50 }, b)).records.map((x) => x.username)).toEqual([
      'staffagentb',
    ]);
    expect((await t.call(r.agentStaffUpdate, { id: personA.id, realName: '改名' }, b)).body.msg).toBe(
      '员工不存在或已删除',
    );
    expect((await t.call(r.agentStaffPassword, { userId: personA.id }, b)).body.msg).toBe('员工不存在或已删除');
    expect((await t.call(r.agentStaffStatus, { ids: [personA.id], status: 'disabled' }, b)).body.msg).toBe(
      '员工不存在或已删除',
    );
    expect((await t.call(r.agentRoleUpdate, { id: roleA.id, name: '抢来的' }, b)).body.msg).toBe('角色不存在或已删除');
    expect((await t.call(r.agentRoleDelete, { id: roleA.id }, b)).body.msg).toBe('角色不存在或已删除');
    // Agent B giving its person agent A's role: not found either.
    const cross = await t.call(
      r.agentStaffAdd,
      { username: 'agentbcross', realName: '乙员工', mobile: '13822220016', roleIds: [roleA.id] },
      b,
    );
    expect(cross.body.msg).toBe('角色不存在或已删除');
    const inputs: Record<string, object> = {
      agentStaffPage: { page: 1, limit: 10 },
      agentStaffAdd: { username: 'agentnobody', realName: '无', mobile: '13822220017' },
      agentStaffUpdate: { id: personA.id, realName: 'x' },
      agentStaffStatus: { ids: [personA.id], status: 'disabled' },
      agentStaffPassword: { userId: personA.id },
      agentRoleList: {},
      agentRoleMenuTree: {},
      agentRoleSave: { name: 'x', permissions: [] },
      agentRoleUpdate: { id: roleA.id, name: 'x' },
      agentRoleStatus: { id: roleA.id, status: 'disabled' },
      agentRoleDelete: { id: roleA.id },
    };
    for (const token of [admin, platform]) {
      for (const [key, input] of Object.entries(inputs)) {
        const route = r[key as keyof typeof r] as TRouteDef;
        expect((await t.call(route, input as never, token)).body.code, `${route.path}`).toBe(403);
      }
    }
    // Nothing of agent A changed.
    expect(ok(await t.call(r.agentRoleList, {}, agentA.token)).find((x) => x.id === roleA.id)).toMatchObject({
      name: '甲的角色',
      status: 'active',
    });
  });

  it('adds one person when the same account is asked for four times at once', async () => {
    const results = await Promise.all(
      [1, 2, 3, 4].map((i) =>
        t.call(
          r.agentStaffAdd,
          { username: 'agenttwin', realName: `双胞胎${i}`, mobile: `1382222003${i}` },
          agentA.token,
        ),
      ),
    );
    expect(results.filter((x) => x.body.code === 0)).toHaveLength(1);
    for (const x of results.filter((y) => y.body.code !== 0)) expect(x.body.msg).toMatch(/已被使用/);
  });

  it("migration 0051 gives the existing agents' administrator role the two strings, once", async () => {
    const file = new URL('../../../drizzle/0051_agent_staff.sql', import.meta.url);
    const statement = fs.readFileSync(file, 'utf8');
    const before = agentPermissions().filter((p) => p !== AgentPerm.staffManage && p !== AgentPerm.roleManage);
    const adminRole = and(eq(roles.tenantId, agentB.id), eq(roles.name, '代理商管理员'));
    await t.database.db.update(roles).set({ permissions: before }).where(adminRole);
    await t.database.db.execute(sql.raw(statement));
    await t.database.db.execute(sql.raw(statement));
    const after = (await t.database.db.select().from(roles).where(adminRole))[0]!.permissions;
    expect(after).toEqual([...before, AgentPerm.staffManage, AgentPerm.roleManage]);
    // An enterprise's roles are untouched.
    const [enterprise] = await t.database.db
      .select()
      .from(tenants)
      .where(and(eq(tenants.kind, 'enterprise'), eq(tenants.isSuper, false)))
      .limit(1);
    const theirs = await t.database.db.select().from(roles).where(eq(roles.tenantId, enterprise!.id));
    expect(theirs.flatMap((x) => x.permissions).some((p) => p.startsWith('agent:'))).toBe(false);
  });
});
