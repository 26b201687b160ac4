import { Perm, routeTables } from '@yunhu/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scopeCondition, type TDataScope } from '../../db/scope.js';
import { withTenant } from '../../db/tenant.js';
import type { TAuth } from '../../http/context.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { callRecords } from '../call/call.schema.js';
import { resolveDataScope, roleScopeExcess, widensBeyond } from './data-scope.js';
import { users } from './org.schema.js';
import { demoIds, loginSettled } from './org.test-kit.js';

const s = routeTables.orgStaff;
const r = routeTables.orgRole;

/**
 * The data-scope matrix: administrator / manager (own department and below) / agent
 * (self) / a chosen-departments role, against the staff list, plus the scope condition applied
 * directly to another area's table (call records).
 */
describe('data scope', () => {
  let t: TTestApp;
  let admin: string;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let customToken: string;
  let deptToken: string;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.loginAs.admin();
    ids = await demoIds(t);
    const sales1 = await ids.dept('销售一部');
    const sales2 = await ids.dept('销售二部');
    // A team under 销售一部, so "and below" differs from "own department".
    const team = (await t.call(routeTables.orgDept.deptCreate, { parentId: sales1, name: '一部A组' }, admin)).body.data
      .id;
    await t.call(
      s.staffAdd,
      { username: 'teamer', realName: '组员甲', mobile: '13677770001', deptId: team, password: 'Teamer@2026' },
      admin,
    );
    const custom = await t.call(
      r.roleSave,
      { name: '二部督导', dataScope: 'custom', deptIds: [sales2], permissions: [Perm.staffList] },
      admin,
    );
    await t.call(
      s.staffAdd,
      {
        username: 'auditor',
        realName: '督导员',
        mobile: '13677770002',
        deptId: sales1,
        roleIds: [custom.body.data.id],
        password: 'Auditor@2026',
      },
      admin,
    );
    customToken = await loginSettled(t, 'auditor', 'Auditor@2026');
    const own = await t.call(
      r.roleSave,
      { name: '本部门查看', dataScope: 'dept', permissions: [Perm.staffList] },
      admin,
    );
    await t.call(
      s.staffAdd,
      {
        username: 'deptonly',
        realName: '部门员',
        mobile: '13677770003',
        deptId: sales1,
        roleIds: [own.body.data.id],
        password: 'Deptonly@2026',
      },
      admin,
    );
    deptToken = await loginSettled(t, 'deptonly', 'Deptonly@2026');
    // The agent role may list staff for this test, so its 'self' scope shows.
    await t.call(r.roleMenuSave, { roleId: await ids.role('坐席'), permissions: [Perm.staffList] }, admin);
  });
  afterAll(() => t.close());

  const usernames = async (token: string) => {
    const res = await t.call(s.staffPage, { limit: 100 }, token);
    expect(res.body.code).toBe(0);
    return res.body.data.records.map((x) => x.username).sort();
  };

  it('administrator: everyone', async () => {
    expect(await usernames(admin)).toHaveLength(11);
  });

  it('manager (own department and below): 销售一部 and its team, nobody of 销售二部 or the root', async () => {
    expect(await usernames(await t.loginAs.manager())).toEqual(
      ['agent01', 'agent02', 'agent03', 'auditor', 'deptonly', 'manager', 'teamer'].sort(),
    );
  });

  it('own department only: 销售一部 without its team', async () => {
    expect(await usernames(deptToken)).toEqual(
      ['agent01', 'agent02', 'agent03', 'auditor', 'deptonly', 'manager'].sort(),
    );
  });

  it('agent (self): only himself', async () => {
    expect(await usernames(await t.loginAs.agent())).toEqual(['agent01']);
  });

  it('chosen departments: exactly those, plus himself', async () => {
    expect(await usernames(customToken)).toEqual(['agent04', 'agent05', 'agent06', 'auditor']);
  });

  it('answers not found for a person outside the scope', async () => {
    const outside = await t.call(s.staffInfo, { id: await ids.user('agent04') }, await t.loginAs.manager());
    expect(outside.body).toMatchObject({ code: 10056, msg: '员工不存在或已删除' });
    const inside = await t.call(s.staffInfo, { id: await ids.user('agent01') }, await t.loginAs.manager());
    expect(inside.body.code).toBe(0);
  });

  it('resolves the union over active roles and skips disabled ones', async () => {
    const authOf = async (username: string, deptName: string | null): Promise<TAuth> => ({
      userId: await ids.user(username),
      username,
      realName: '',
      tenantId: ids.tenantId,
      tenantCode: 'E100001',
      isSuper: false,
      isAdmin: false,
      deptId: deptName ? await ids.dept(deptName) : null,
      permissions: new Set(),
      tokenHash: '',
    });
    // The auth is built before the transaction: PGlite has one connection, held by the transaction.
    const scopeOf = async (username: string, dept: string | null) => {
      const auth = await authOf(username, dept);
      return withTenant(t.database, ids.tenantId, (tx) => resolveDataScope(tx, auth));
    };
    expect(await scopeOf('agent01', '销售一部')).toEqual({
      kind: 'limited',
      userId: await ids.user('agent01'),
      deptIds: [],
    });
    const manager = await scopeOf('manager', '销售一部');
    expect(manager.kind === 'limited' && manager.deptIds.length).toBe(2);
    // Manager without a department: only himself.
    expect(await scopeOf('manager', null)).toMatchObject({ kind: 'limited', deptIds: [] });
    // Union: the agent also holds the custom role.
    const customRole = (await t.call(r.roleList, { name: '二部督导' }, admin)).body.data[0]!.id;
    await t.call(
      s.staffUpdate,
      { id: await ids.user('agent01'), roleIds: [await ids.role('坐席'), customRole] },
      admin,
    );
    expect(await scopeOf('agent01', '销售一部')).toMatchObject({ deptIds: [await ids.dept('销售二部')] });
    await t.call(r.roleDisable, { id: customRole, status: 'disabled' }, admin);
    expect(await scopeOf('agent01', '销售一部')).toMatchObject({ deptIds: [] });
    await t.call(r.roleDisable, { id: customRole, status: 'active' }, admin);
    // The administrator role itself means everything, whatever its stored data scope.
    expect(await scopeOf('admin', '演示科技有限公司')).toEqual({ kind: 'all' });
    const adminAuth = { ...(await authOf('admin', null)), isAdmin: true };
    expect(await withTenant(t.database, ids.tenantId, (tx) => resolveDataScope(tx, adminAuth))).toEqual({
      kind: 'all',
    });
  });

  it('scopeCondition filters another area table by owner and department', async () => {
    const sales2 = await ids.dept('销售二部');
    const agent01 = await ids.user('agent01');
    const countWith = (scope: TDataScope, columns: Parameters<typeof scopeCondition>[1]) =>
      withTenant(t.database, ids.tenantId, async (tx) => {
        const rows = await tx
          .select({ userId: callRecords.userId, deptId: callRecords.deptId })
          .from(callRecords)
          .where(and(eq(callRecords.tenantId, ids.tenantId), scopeCondition(scope, columns)));
        return rows;
      });
    const all = await countWith({ kind: 'all' }, { owner: callRecords.userId, dept: callRecords.deptId });
    expect(all.length).toBeGreaterThan(0);
    const self = await countWith(
      { kind: 'limited', userId: agent01, deptIds: [] },
      { owner: callRecords.userId, dept: callRecords.deptId },
    );
    expect(self.length).toBeGreaterThan(0);
    expect(self.every((x) => x.userId === agent01)).toBe(true);
    const dept = await countWith(
      { kind: 'limited', userId: agent01, deptIds: [sales2] },
      { owner: callRecords.userId, dept: callRecords.deptId },
    );
    expect(dept.every((x) => x.userId === agent01 || x.deptId === sales2)).toBe(true);
    expect(dept.length).toBe(self.length + all.filter((x) => x.deptId === sales2 && x.userId !== agent01).length);
    // Only an owner column: the owner's department decides.
    const byOwner = await countWith(
      { kind: 'limited', userId: agent01, deptIds: [sales2] },
      { owner: callRecords.userId },
    );
    const sales2People = (await t.database.db.select().from(users).where(eq(users.deptId, sales2))).map((u) => u.id);
    expect(byOwner.every((x) => x.userId === agent01 || sales2People.includes(x.userId))).toBe(true);
    expect(byOwner.length).toBeGreaterThan(self.length);
    // Nothing at all: no own rows, no departments.
    const nobody = await countWith({ kind: 'limited', userId: 0, deptIds: [] }, { dept: callRecords.deptId });
    expect(nobody).toEqual([]);
  });
});

/** What "wider" means when someone who is not an administrator hands a scope on. */
describe('wider than the grantor', () => {
  const limited = (deptIds: number[]): TDataScope => ({ kind: 'limited', userId: 1, deptIds });
  const role = (dataScope: string, deptIds: number[] = []) => ({ name: 'R', dataScope, isAdmin: false, deptIds });

  it('ranks all > dept and below > dept > self; chosen departments must all be his', () => {
    const manager = { scope: limited([10, 11]), step: 2 };
    expect(roleScopeExcess(manager, role('all'))).toContain('超出您自己的数据权限');
    expect(roleScopeExcess(manager, { ...role('self'), isAdmin: true })).toContain('管理员');
    expect(roleScopeExcess(manager, role('dept_and_below'))).toBeNull();
    expect(roleScopeExcess(manager, role('dept'))).toBeNull();
    expect(roleScopeExcess(manager, role('custom', [10, 11]))).toBeNull();
    expect(roleScopeExcess(manager, role('custom', [10, 12]))).toContain('指定部门');
    const deptOnly = { scope: limited([10]), step: 1 };
    expect(roleScopeExcess(deptOnly, role('dept_and_below'))).toContain('本部门及以下');
    expect(roleScopeExcess(deptOnly, role('self'))).toBeNull();
    expect(roleScopeExcess({ scope: { kind: 'all' }, step: 3 }, role('all'))).toBeNull();
  });

  it('a change widens when it adds a department neither the person nor the grantor saw, or everything', () => {
    const grantor = { scope: limited([10, 11]), step: 2 };
    expect(widensBeyond(grantor, limited([]), limited([10, 11]))).toBe(false);
    expect(widensBeyond(grantor, limited([]), limited([12]))).toBe(true);
    expect(widensBeyond(grantor, limited([12]), limited([12, 10]))).toBe(false);
    expect(widensBeyond(grantor, undefined, { kind: 'all' })).toBe(true);
    expect(widensBeyond(grantor, { kind: 'all' }, { kind: 'all' })).toBe(false);
    expect(widensBeyond({ scope: { kind: 'all' }, step: 3 }, limited([]), { kind: 'all' })).toBe(false);
  });
});
