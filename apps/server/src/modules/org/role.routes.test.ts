import { enterprisePermissions, Perm, routeTables } from '@yunhu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { demoIds, loginSettled } from './org.test-kit.js';

const r = routeTables.orgRole;
const s = routeTables.orgStaff;

describe('roles', () => {
  let t: TTestApp;
  let admin: string;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.loginAs.admin();
    ids = await demoIds(t);
  });
  afterAll(() => t.close());

  it('lists roles with their user counts', async () => {
    const res = await t.call(r.roleList, {}, admin);
    expect(res.body.data.map((x) => [x.name, x.userCount, x.dataScope])).toEqual([
      ['管理员', 1, 'all'],
      ['主管', 1, 'dept_and_below'],
      ['坐席', 6, 'self'],
    ]);
    const count = await t.call(r.roleUserCount, { roleId: await ids.role('坐席') }, admin);
    expect(count.body.data).toEqual({ roleId: await ids.role('坐席'), count: 6 });
  });

  it('creates a role, refuses a duplicate name and unknown permission strings', async () => {
    const created = await t.call(
      r.roleSave,
      { name: '质检', dataScope: 'dept', permissions: [Perm.staffList, Perm.logList] },
      admin,
    );
    expect(created.body).toMatchObject({ code: 0, data: { name: '质检', dataScope: 'dept', userCount: 0 } });
    const dup = await t.call(r.roleSave, { name: '质检' }, admin);
    expect(dup.body).toMatchObject({ code: 10056, msg: '角色「质检」已存在', data: null });
    const unknown = await t.call(r.roleSave, { name: '乱写', permissions: ['org:staff:list', 'crm:fly:moon'] }, admin);
    expect(unknown.body).toMatchObject({ code: 10002, msg: '未知的权限标识：crm:fly:moon', data: null });
    const names = (await t.call(r.roleList, {}, admin)).body.data.map((x) => x.name);
    expect(names).not.toContain('乱写');
  });

  it('reads and saves the menu permissions, validated against the product', async () => {
    const roleId = await ids.role('主管');
    const before = await t.call(r.roleMenu, { roleId }, admin);
    expect(before.body.data.permissions).toContain(Perm.staffList);
    const saved = await t.call(r.roleMenuSave, { roleId, permissions: [Perm.staffList, Perm.deptList] }, admin);
    expect(saved.body.code).toBe(0);
    expect((await t.call(r.roleMenu, { roleId }, admin)).body.data.permissions).toEqual([
      Perm.staffList,
      Perm.deptList,
    ]);
    const bad = await t.call(r.roleMenuSave, { roleId, permissions: ['system:root:everything'] }, admin);
    expect(bad.body.code).toBe(10002);
    const adminRole = await t.call(r.roleMenu, { roleId: await ids.role('管理员') }, admin);
    expect(adminRole.body.data).toMatchObject({ isAdmin: true, permissions: enterprisePermissions() });
    const lockAdmin = await t.call(r.roleMenuSave, { roleId: await ids.role('管理员'), permissions: [] }, admin);
    expect(lockAdmin.body.code).toBe(10056);
    // Restore the seed's manager permissions for the tests below.
    await t.call(
      r.roleMenuSave,
      { roleId, permissions: [Perm.logList, Perm.staffList, Perm.deptList, Perm.applyList, Perm.applyExamine] },
      admin,
    );
  });

  it('saves a custom data scope with its departments and requires at least one', async () => {
    const roleId = (await t.call(r.roleSave, { name: '片区督导', dataScope: 'self' }, admin)).body.data.id;
    const none = await t.call(r.roleDeptSave, { roleId, dataScope: 'custom', deptIds: [] }, admin);
    expect(none.body).toMatchObject({ code: 10002, msg: '数据权限为指定部门时，请至少选择一个部门' });
    const sales2 = await ids.dept('销售二部');
    expect((await t.call(r.roleDeptSave, { roleId, dataScope: 'custom', deptIds: [sales2] }, admin)).body.code).toBe(0);
    expect((await t.call(r.roleDept, { roleId }, admin)).body.data).toEqual({
      roleId,
      dataScope: 'custom',
      deptIds: [sales2],
    });
    const missing = await t.call(r.roleDeptSave, { roleId, dataScope: 'custom', deptIds: [999999] }, admin);
    expect(missing.body.code).toBe(10056);
    const bad = await t.request('POST', r.roleDeptSave.path, {
      token: admin,
      body: { roleId, dataScope: 'everyone', deptIds: [] },
    });
    expect(bad.body.code).toBe(10002);
    expect((await t.call(r.roleDept, { roleId }, admin)).body.data.deptIds).toEqual([sales2]);
    // Another scope drops the chosen departments.
    await t.call(r.roleDeptSave, { roleId, dataScope: 'dept', deptIds: [sales2] }, admin);
    expect((await t.call(r.roleDept, { roleId }, admin)).body.data).toMatchObject({ dataScope: 'dept', deptIds: [] });
  });

  it('changes the chosen departments of a custom scope alone (nothing else to update)', async () => {
    const sales1 = await ids.dept('销售一部');
    const sales2 = await ids.dept('销售二部');
    const roleId = (await t.call(r.roleSave, { name: '跨部门督导', dataScope: 'custom', deptIds: [sales1] }, admin))
      .body.data.id;
    const res = await t.call(r.roleUpdate, { id: roleId, deptIds: [sales1, sales2] }, admin);
    expect(res.body.code, res.body.msg).toBe(0);
    expect(res.body.data).toMatchObject({ name: '跨部门督导', dataScope: 'custom' });
    expect((await t.call(r.roleDept, { roleId }, admin)).body.data.deptIds.sort()).toEqual([sales1, sales2].sort());
    const none = await t.call(r.roleUpdate, { id: roleId, deptIds: [] }, admin);
    expect(none.body).toMatchObject({ code: 10002, msg: '数据权限为指定部门时，请至少选择一个部门' });
  });

  it('refuses deleting a role while users hold it, deletes it afterwards', async () => {
    const roleId = (await t.call(r.roleSave, { name: '临时角色' }, admin)).body.data.id;
    const agent = await ids.user('agent06');
    expect((await t.call(s.staffUpdate, { id: agent, roleIds: [roleId] }, admin)).body).toMatchObject({ code: 0 });
    const refused = await t.call(r.roleDelete, { id: roleId }, admin);
    expect(refused.body).toEqual({
      code: 10056,
      msg: '该角色下还有1名员工，请先为他们更换角色后再删除',
      data: null,
      reason: 'org.roleInUse',
    });
    await t.call(s.staffUpdate, { id: agent, roleIds: [await ids.role('坐席')] }, admin);
    expect((await t.call(r.roleDelete, { id: roleId }, admin)).body.code).toBe(0);
    expect((await t.call(r.roleUserCount, { roleId }, admin)).body.code).toBe(10056);
    expect((await t.call(r.roleDelete, { id: await ids.role('管理员') }, admin)).body.msg).toBe('管理员角色不能删除');
  });

  it('disables and enables a role; a disabled role grants nothing', async () => {
    const roleId = await ids.role('主管');
    const manager = await t.loginAs.manager();
    expect((await t.call(s.staffPage, {}, manager)).body.code).toBe(0);
    expect((await t.call(r.roleDisable, { id: roleId, status: 'disabled' }, admin)).body.code).toBe(0);
    expect((await t.call(s.staffPage, {}, manager)).body.code).toBe(403);
    const list = await t.call(r.roleList, { status: 'disabled' }, admin);
    expect(list.body.data.map((x) => x.name)).toEqual(['主管']);
    expect((await t.call(r.roleDisable, { id: roleId, status: 'active' }, admin)).body.code).toBe(0);
    expect((await t.call(s.staffPage, {}, manager)).body.code).toBe(0);
  });

  it('an administrator cannot disable his own last administrator role', async () => {
    const res = await t.call(r.roleDisable, { id: await ids.role('管理员') }, admin);
    expect(res.body).toMatchObject({ code: 10056, msg: '不能停用您自己唯一的管理员角色', data: null });
    const role = (await t.call(r.roleList, {}, admin)).body.data.find((x) => x.name === '管理员');
    expect(role?.status).toBe('active');
  });

  it('updates name, remark and scope; refuses bad input without writing', async () => {
    const roleId = (await t.call(r.roleSave, { name: '回访专员' }, admin)).body.data.id;
    const res = await t.call(
      r.roleUpdate,
      { id: roleId, name: '回访主管', remark: '负责回访', dataScope: 'dept' },
      admin,
    );
    expect(res.body.data).toMatchObject({ name: '回访主管', remark: '负责回访', dataScope: 'dept' });
    const bad = await t.request('POST', r.roleUpdate.path, { token: admin, body: { id: roleId, name: '' } });
    expect(bad.body.code).toBe(10002);
    const taken = await t.call(r.roleUpdate, { id: roleId, name: '坐席' }, admin);
    expect(taken.body.code).toBe(10056);
    const after = (await t.call(r.roleList, { name: '回访' }, admin)).body.data;
    expect(after.map((x) => x.name)).toEqual(['回访主管']);
  });

  it('a role editor who is not an administrator cannot grant permissions he does not hold', async () => {
    const editorRole = (
      await t.call(
        r.roleSave,
        { name: '角色编辑', dataScope: 'all', permissions: [Perm.roleList, Perm.roleAdd] },
        admin,
      )
    ).body.data.id;
    const created = await t.call(
      s.staffAdd,
      {
        username: 'roleeditor',
        realName: '编辑员',
        mobile: '13655550001',
        deptId: await ids.dept('销售二部'),
        roleIds: [editorRole],
        password: 'Editor@2026',
      },
      admin,
    );
    expect(created.body.code).toBe(0);
    const editor = await loginSettled(t, 'roleeditor', 'Editor@2026');
    const escalate = await t.call(r.roleSave, { name: '超级', permissions: [Perm.staffDelete] }, editor);
    expect(escalate.body.code).toBe(403);
    expect(escalate.body.msg).toContain('不能授予您自己没有的权限');
    expect((await t.call(r.roleSave, { name: '只看角色', permissions: [Perm.roleList] }, editor)).body.code).toBe(0);
  });
});
