import { Perm, routeTables, type TImportState } from '@yunhu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { countUsers, demoIds, loginSettled, uploadFile, xlsxOf } from './org.test-kit.js';

const r = routeTables.orgRole;
const s = routeTables.orgStaff;
const crm = routeTables.crm;

/**
 * Nobody who is not an administrator hands on a data scope wider than his own:
 * not by examine, staff add/update/batch, import, nor by writing or enabling a role.
 */
describe('granting data scope', () => {
  let t: TTestApp;
  let admin: string;
  let manager: string;
  let hr: string;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  const role: Record<string, number> = {};
  let dept1: number;
  let dept2: number;

  const saveRole = async (name: string, body: Record<string, unknown>) => {
    const res = await t.call(r.roleSave, { name, permissions: [Perm.customerList], ...body } as never, admin);
    expect(res.body.code, res.body.msg).toBe(0);
    role[name] = res.body.data.id;
  };
  const rolesOf = async (userId: number) =>
    (await t.call(s.staffInfo, { id: userId }, admin)).body.data.roles.map((x) => x.name).sort();
  const scopeOfRole = async (roleId: number) => (await t.call(r.roleDept, { roleId }, admin)).body.data;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.loginAs.admin();
    manager = await t.loginAs.manager();
    ids = await demoIds(t);
    dept1 = await ids.dept('销售一部');
    dept2 = await ids.dept('销售二部');
    await saveRole('全部数据坐席', { dataScope: 'all' });
    await saveRole('二部指定', { dataScope: 'custom', deptIds: [dept2] });
    await saveRole('一部指定', { dataScope: 'custom', deptIds: [dept1] });
    await saveRole('本部门坐席', { dataScope: 'dept' });
    await saveRole('人事专员', {
      dataScope: 'dept_and_below',
      permissions: [
        Perm.customerList,
        Perm.staffList,
        Perm.staffAdd,
        Perm.staffUpdate,
        Perm.staffImport,
        Perm.roleList,
        Perm.roleAdd,
        Perm.roleUpdate,
      ],
    });
    const hrUser = await t.call(
      s.staffAdd,
      {
        username: 'hr01',
        realName: '人事甲',
        mobile: '13677770001',
        deptId: dept1,
        roleIds: [role.人事专员!],
        password: 'Hr@20260001',
      },
      admin,
    );
    expect(hrUser.body.code, hrUser.body.msg).toBe(0);
    hr = await loginSettled(t, 'hr01', 'Hr@20260001');
  });
  afterAll(() => t.close());

  it('a manager approving an applicant cannot give him a role seeing all data or other departments', async () => {
    const wu = await ids.user('apply01');
    for (const name of ['全部数据坐席', '二部指定']) {
      const res = await t.call(s.examine, { id: wu, pass: true, roleIds: [role[name]!] }, manager);
      expect(res.body.code, name).toBe(403);
      expect(res.body.msg).toContain('超出您自己的数据权限');
    }
    // Nothing changed: still pending, no role.
    const pending = (await t.call(s.applyPage, {}, manager)).body.data.records.map((x) => x.realName);
    expect(pending).toContain('吴刚');
    expect(await rolesOf(wu)).toEqual([]);
    // Within his own scope the approval goes through, and the new agent sees no more than the manager.
    const ok = await t.call(s.examine, { id: wu, pass: true, roleIds: [role.本部门坐席!] }, manager);
    expect(ok.body.code, ok.body.msg).toBe(0);
    const agent = await t.login('apply01', 'Agent@2026');
    const seen = (await t.call(crm.customerPage, { limit: 500 }, agent)).body.data.records;
    const managerSees = new Set(
      (await t.call(crm.customerPage, { limit: 500 }, manager)).body.data.records.map((c) => c.id),
    );
    expect(seen.every((c) => managerSees.has(c.id))).toBe(true);
  });

  it('a staff editor cannot add, edit or batch-assign staff with a wider role', async () => {
    const before = await countUsers(t, ids.tenantId);
    const add = (roleIds: number[], n: string) =>
      t.call(
        s.staffAdd,
        { username: `wide${n}`, realName: '越权', mobile: `1367777100${n}`, deptId: dept1, roleIds },
        hr,
      );
    expect((await add([role.全部数据坐席!], '1')).body.code).toBe(403);
    expect((await add([role.二部指定!], '2')).body.code).toBe(403);
    expect(await countUsers(t, ids.tenantId)).toBe(before);
    expect((await add([role.一部指定!], '3')).body.code).toBe(0);

    const agent01 = await ids.user('agent01');
    const update = await t.call(s.staffUpdate, { id: agent01, roleIds: [role.全部数据坐席!] }, hr);
    expect(update.body).toMatchObject({ code: 403 });
    expect(update.body.msg).toContain('超出您自己的数据权限');
    const batch = await t.call(s.staffBatchDeptRole, { ids: [agent01], roleIds: [role.二部指定!] }, hr);
    expect(batch.body.code).toBe(403);
    expect(await rolesOf(agent01)).toEqual(['坐席']);
    // An administrator may.
    expect((await t.call(s.staffUpdate, { id: agent01, roleIds: [role.全部数据坐席!] }, admin)).body.code).toBe(0);
    expect((await t.call(s.staffUpdate, { id: agent01, roleIds: [await ids.role('坐席')] }, admin)).body.code).toBe(0);
  });

  it('a staff importer cannot give imported staff a wider role', async () => {
    const file = await xlsxOf([
      ['账号*', '姓名*', '手机号*', '部门*', '角色'],
      ['impwide1', '导入甲', '13677772001', '销售一部', '全部数据坐席'],
      ['impwide2', '导入乙', '13677772002', '销售一部', '二部指定'],
      ['impok1', '导入丙', '13677772003', '销售一部', '一部指定'],
    ]);
    const res = await uploadFile(t, s.staffImport.path, hr, '员工.xlsx', file);
    expect(res.code, res.msg).toBe(0);
    const preview = res.data as TImportState & { errors: { row: number; reason: string }[] };
    expect(preview.validCount).toBe(1);
    expect(preview.errors.map((e) => e.row)).toEqual([2, 3]);
    for (const e of preview.errors) expect(e.reason).toContain('超出您自己的数据权限');
  });

  it('a role editor cannot create or widen a role beyond his own scope', async () => {
    const wide = await t.call(r.roleSave, { name: '越权全部', dataScope: 'all' }, hr);
    expect(wide.body.code).toBe(403);
    expect(wide.body.msg).toContain('超出您自己的数据权限');
    const other = await t.call(r.roleSave, { name: '越权二部', dataScope: 'custom', deptIds: [dept2] }, hr);
    expect(other.body.code).toBe(403);
    expect((await t.call(r.roleList, { name: '越权' }, admin)).body.data).toEqual([]);
    const own = await t.call(r.roleSave, { name: '一部回访', dataScope: 'custom', deptIds: [dept1] }, hr);
    expect(own.body.code, own.body.msg).toBe(0);

    const target = role.本部门坐席!;
    expect((await t.call(r.roleUpdate, { id: target, dataScope: 'all' }, hr)).body.code).toBe(403);
    expect((await t.call(r.roleDeptSave, { roleId: target, dataScope: 'all' }, hr)).body.code).toBe(403);
    expect(
      (await t.call(r.roleDeptSave, { roleId: target, dataScope: 'custom', deptIds: [dept2] }, hr)).body.code,
    ).toBe(403);
    expect((await t.call(r.roleUpdate, { id: own.body.data.id, deptIds: [dept1, dept2] }, hr)).body.code).toBe(403);
    expect(await scopeOfRole(target)).toMatchObject({ dataScope: 'dept', deptIds: [] });
    expect(await scopeOfRole(own.body.data.id)).toMatchObject({ dataScope: 'custom', deptIds: [dept1] });
  });

  it("a role editor cannot widen what the role's holders in other departments see", async () => {
    // 'dept' is on his own ladder (he has 'dept and below'), but a holder in 销售二部 would see 销售二部.
    await saveRole('二部回访', { dataScope: 'self' });
    const agent04 = await ids.user('agent04');
    expect(
      (await t.call(s.staffUpdate, { id: agent04, roleIds: [await ids.role('坐席'), role.二部回访!] }, admin)).body
        .code,
    ).toBe(0);
    const res = await t.call(r.roleDeptSave, { roleId: role.二部回访!, dataScope: 'dept' }, hr);
    expect(res.body.code).toBe(403);
    expect(await scopeOfRole(role.二部回访!)).toMatchObject({ dataScope: 'self' });
    // Re-enabling a disabled role is refused on the same ground.
    await t.call(s.staffUpdate, { id: agent04, roleIds: [await ids.role('坐席'), role.全部数据坐席!] }, admin);
    expect((await t.call(r.roleDisable, { id: role.全部数据坐席!, status: 'disabled' }, admin)).body.code).toBe(0);
    const enable = await t.call(r.roleDisable, { id: role.全部数据坐席!, status: 'active' }, hr);
    expect(enable.body.code).toBe(403);
    expect((await t.call(r.roleList, { name: '全部数据坐席' }, admin)).body.data[0]?.status).toBe('disabled');
  });

  it('a staff editor cannot move a holder of a department-relative role into a wider department', async () => {
    // The HR editor sees 销售一部 and below plus, through a custom role, 销售二部 itself; a
    // 'dept and below' holder moved into 销售二部 would also see the departments under it.
    const sub = await t.call(routeTables.orgDept.deptCreate, { parentId: dept2, name: '二部一组' }, admin);
    expect(sub.body.code, sub.body.msg).toBe(0);
    await saveRole('组长', { dataScope: 'dept_and_below' });
    const lead = await t.call(
      s.staffAdd,
      {
        username: 'lead01',
        realName: '组长甲',
        mobile: '13677773001',
        deptId: dept1,
        roleIds: [role.组长!],
        password: 'Lead@20260001',
      },
      admin,
    );
    expect(lead.body.code).toBe(0);
    const hrId = await ids.user('hr01');
    await t.call(s.staffUpdate, { id: hrId, roleIds: [role.人事专员!, role.二部指定!] }, admin);
    const hr2 = await loginSettled(t, 'hr01', 'Hr@20260001');
    const move = await t.call(s.staffUpdate, { id: lead.body.data.id, deptId: dept2 }, hr2);
    expect(move.body.code).toBe(403);
    expect((await t.call(s.staffInfo, { id: lead.body.data.id }, admin)).body.data.deptId).toBe(dept1);
  });

  it('a department editor cannot move another department under his own to see it', async () => {
    await saveRole('架构专员', { dataScope: 'dept_and_below', permissions: [Perm.deptList, Perm.deptUpdate] });
    const org = await t.call(
      s.staffAdd,
      {
        username: 'org01',
        realName: '架构甲',
        mobile: '13677774001',
        deptId: dept1,
        roleIds: [role.架构专员!],
        password: 'Org@20260001',
      },
      admin,
    );
    expect(org.body.code).toBe(0);
    const editor = await loginSettled(t, 'org01', 'Org@20260001');
    const root = await ids.dept('演示科技有限公司');
    const move = await t.call(routeTables.orgDept.deptUpdate, { id: dept2, parentId: dept1 }, editor);
    expect(move.body.code).toBe(403);
    expect(move.body.msg).toContain('数据权限');
    expect((await t.call(routeTables.orgDept.deptGet, { id: dept2 }, admin)).body.data.parentId).toBe(root);
    // Within his own scope he may still rename.
    expect((await t.call(routeTables.orgDept.deptUpdate, { id: dept1, name: '销售一部' }, editor)).body.code).toBe(0);
  });
});
