import { Perm, routeTables } from '@yunhu/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { countUsers, demoIds, readXlsx } from './org.test-kit.js';

const s = routeTables.orgStaff;
const org = routeTables.org;

describe('staff', () => {
  let t: TTestApp;
  let admin: string;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.loginAs.admin();
    ids = await demoIds(t);
  });
  afterAll(() => t.close());

  const namesOf = async (query: Record<string, unknown>, token = admin) => {
    const res = await t.call(s.staffPage, query as never, token);
    expect(res.body.code).toBe(0);
    return res.body.data.records.map((x) => x.realName).sort();
  };

  it('pages staff with masked mobiles, roles and departments', async () => {
    const res = await t.call(s.staffPage, { page: 1, limit: 3 }, admin);
    expect(res.body.data).toMatchObject({ total: 8, size: 3, current: 1, pages: 3 });
    const all = await t.call(s.staffPage, { limit: 50 }, admin);
    const li = all.body.data.records.find((x) => x.username === 'manager');
    expect(li).toMatchObject({ realName: '李娜', mobile: '139****0002', deptName: '销售一部', status: 'active' });
    expect(li?.roles.map((x) => x.name)).toEqual(['主管']);
  });

  it('finds a name by characters, full pinyin and initials, a mobile by 4+ digits', async () => {
    expect(await namesOf({ name: '王' })).toEqual(['王强']);
    expect(await namesOf({ name: 'wq' })).toEqual(['王强']);
    expect(await namesOf({ name: 'WangQiang' })).toEqual(['王强']);
    expect(await namesOf({ name: 'zhangm' })).toEqual(['张明']);
    expect(await namesOf({ mobile: '0003' })).toEqual(['王强']);
    expect(await namesOf({ mobile: '1390000000' })).toHaveLength(8);
    const short = await t.call(s.staffPage, { mobile: '123' }, admin);
    expect(short.body).toMatchObject({ code: 10002, msg: '手机号请输入4-11位数字' });
  });

  it('filters by department (with or without children), role and status', async () => {
    const root = await ids.dept('演示科技有限公司');
    expect(await namesOf({ deptId: root })).toHaveLength(8);
    expect(await namesOf({ deptId: root, includeChildren: '0' })).toEqual(['张明']);
    expect(await namesOf({ deptId: await ids.dept('销售二部') })).toEqual(['刘洋', '周杰', '孙悦']);
    expect(await namesOf({ roleId: await ids.role('主管') })).toEqual(['李娜']);
    expect(await namesOf({ status: 'disabled' })).toEqual([]);
  });

  it('adds staff with a random initial password answered once, or a given one', async () => {
    const deptId = await ids.dept('销售二部');
    const roleIds = [await ids.role('坐席')];
    const random = await t.call(
      s.staffAdd,
      { username: 'newbie01', realName: '新人甲', mobile: '13611110001', deptId, roleIds },
      admin,
    );
    expect(random.body.code).toBe(0);
    const initial = random.body.data.initialPassword!;
    expect(initial).toMatch(/^(?=.*[A-Za-z])(?=.*\d).{10}$/);
    await t.login('newbie01', initial);
    const given = await t.call(
      s.staffAdd,
      { username: 'newbie02', realName: '新人乙', mobile: '13611110002', deptId, roleIds, password: 'Newbie@2026' },
      admin,
    );
    expect(given.body.data.initialPassword).toBeNull();
    await t.login('newbie02', 'Newbie@2026');
    const info = await t.call(s.staffInfo, { id: given.body.data.id }, admin);
    expect(info.body.data).toMatchObject({ mobile: '13611110002', deptName: '销售二部', roles: [{ name: '坐席' }] });
  });

  it('takes a mobile typed full-width or with +86 as the staff import does, and names a bad one in Chinese', async () => {
    const deptId = await ids.dept('销售二部');
    const added = await t.call(
      s.staffAdd,
      { username: 'newbie03', realName: '新人丙', mobile: '＋86 １３６-１１１１-０００３', deptId },
      admin,
    );
    expect(added.body.code).toBe(0);
    const info = await t.call(s.staffInfo, { id: added.body.data.id }, admin);
    expect(info.body.data.mobile).toBe('13611110003');
    const bad = await t.call(s.staffAdd, { username: 'newbie04', realName: '新人丁', mobile: '１２３', deptId }, admin);
    expect(bad.body).toMatchObject({ code: 10002, msg: '手机号格式不正确' });
  });

  it('refuses an account or mobile used anywhere on the platform, and bad input, writing nothing', async () => {
    const before = await countUsers(t, ids.tenantId);
    const deptId = await ids.dept('销售二部');
    const platformMobile = await t.call(
      s.staffAdd,
      { username: 'someone', realName: '某人', mobile: '13800000000', deptId },
      admin,
    );
    expect(platformMobile.body).toMatchObject({ code: 10056, msg: '手机号13800000000已被其他账号使用', data: null });
    const account = await t.call(
      s.staffAdd,
      { username: 'PLATFORM', realName: '某人', mobile: '13611119999', deptId },
      admin,
    );
    expect(account.body.msg).toBe('账号「PLATFORM」已被使用');
    for (const body of [
      { username: '1abc', realName: '某人', mobile: '13611119999', deptId },
      { username: 'abcd', realName: '', mobile: '13611119999', deptId },
      { username: 'abcd', realName: '某人', mobile: '12345', deptId },
      { username: 'abcd', realName: '某人', mobile: '13611119999' },
      { username: 'abcd', realName: '某人', mobile: '13611119999', deptId, password: 'short' },
    ]) {
      const res = await t.request('POST', s.staffAdd.path, { token: admin, body });
      expect(res.body.code).toBe(10002);
    }
    const foreignDept = await t.call(
      s.staffAdd,
      { username: 'abcd', realName: '某人', mobile: '13611119999', deptId: 1 },
      admin,
    );
    expect(foreignDept.body).toMatchObject({ code: 10056, msg: '部门不存在或已删除' });
    expect(await countUsers(t, ids.tenantId)).toBe(before);
  });

  it('edits name, department and roles; the mobile only through its own route', async () => {
    const id = await ids.user('agent05');
    const res = await t.call(s.staffUpdate, { id, realName: '孙悦悦', deptId: await ids.dept('销售一部') }, admin);
    expect(res.body.code).toBe(0);
    expect(await namesOf({ name: 'syy' })).toEqual(['孙悦悦']);
    const withMobile = await t.request('POST', s.staffUpdate.path, {
      token: admin,
      body: { id, realName: '孙悦', mobile: '13622220005' },
    });
    expect(withMobile.body).toMatchObject({ code: 10002, msg: '手机号请通过「修改手机号」单独修改' });
    expect((await t.call(s.staffInfo, { id }, admin)).body.data).toMatchObject({
      realName: '孙悦悦',
      mobile: '13900000007',
    });
  });

  it('disables a user whose token stops working at once, and enables him again', async () => {
    const token = await t.login('agent04', 'Agent@2026');
    const id = await ids.user('agent04');
    expect((await t.call(s.staffStatus, { ids: [id], status: 'disabled' }, admin)).body.code).toBe(0);
    expect((await t.call(org.userInfo, undefined, token)).body.code).toBe(401);
    expect(await namesOf({ status: 'disabled' })).toEqual(['刘洋']);
    await expect(t.login('agent04', 'Agent@2026')).rejects.toThrow(/账号已停用/);
    expect((await t.call(s.staffStatus, { ids: [id], status: 'active' }, admin)).body.code).toBe(0);
    await t.login('agent04', 'Agent@2026');
  });

  it('an administrator cannot disable or delete himself, nor remove his own last administrator role', async () => {
    const me = await ids.user('admin');
    expect((await t.call(s.staffStatus, { ids: [me], status: 'disabled' }, admin)).body).toEqual({
      code: 10056,
      msg: '不能停用自己的账号',
      data: null,
      reason: 'org.disableSelf',
    });
    expect((await t.call(s.staffDelete, { ids: [me] }, admin)).body.msg).toBe('不能删除自己的账号');
    const demote = await t.call(s.staffUpdate, { id: me, roleIds: [await ids.role('主管')] }, admin);
    expect(demote.body).toMatchObject({ code: 10056, msg: '不能移除您自己的最后一个管理员角色', data: null });
    const batch = await t.call(s.staffBatchDeptRole, { ids: [me], roleIds: [] }, admin);
    expect(batch.body.code).toBe(10056);
    const info = await t.call(s.staffInfo, { id: me }, admin);
    expect(info.body.data.roles.map((x) => x.name)).toEqual(['管理员']);
    expect(info.body.data.status).toBe('active');
  });

  it('answers anyone his own staff record, without the staff list permission', async () => {
    const agent = await t.loginAs.agent();
    const own = await t.call(s.staffInfoOfUser, {}, agent);
    expect(own.body.data).toMatchObject({ id: await ids.user('agent01'), username: 'agent01', status: 'active' });
    expect(own.body.data.mobile).toMatch(/^1\d{10}$/);
    expect(own.body.data.deptName).not.toBeNull();
    expect((await t.call(s.staffInfo, { id: own.body.data.id }, agent)).body.code).toBe(403);
  });

  it('changes department and roles in batch', async () => {
    const people = [await ids.user('agent02'), await ids.user('agent03')];
    const deptId = await ids.dept('销售二部');
    const roleIds = [await ids.role('坐席'), await ids.role('主管')];
    expect((await t.call(s.staffBatchDeptRole, { ids: people, deptId, roleIds }, admin)).body.code).toBe(0);
    const rows = (await t.call(s.staffPage, { roleId: roleIds[1]!, limit: 50 }, admin)).body.data.records;
    expect(rows.filter((x) => people.includes(x.id)).map((x) => x.deptName)).toEqual(['销售二部', '销售二部']);
    const nothing = await t.call(s.staffBatchDeptRole, { ids: people }, admin);
    expect(nothing.body.code).toBe(10002);
    await t.call(
      s.staffBatchDeptRole,
      { ids: people, deptId: await ids.dept('销售一部'), roleIds: [roleIds[0]!] },
      admin,
    );
  });

  it('switches billing per user and in batch', async () => {
    const a = await ids.user('agent02');
    const b = await ids.user('agent03');
    expect((await t.call(s.billing, { userId: a, enabled: false }, admin)).body.code).toBe(0);
    expect((await t.call(s.billingGet, { userId: a }, admin)).body.data).toEqual({ userId: a, billingEnabled: false });
    expect((await t.call(s.billingBatch, { userIds: [a, b], enabled: false }, admin)).body.code).toBe(0);
    expect((await t.call(s.billingGet, { userId: b }, admin)).body.data.billingEnabled).toBe(false);
    await t.call(s.billingBatch, { userIds: [a, b], enabled: true }, admin);
    expect((await t.call(s.billingGet, {}, admin)).body.data).toEqual({
      userId: await ids.user('admin'),
      billingEnabled: true,
    });
  });

  it('resets a password: the new one works, the old sessions end', async () => {
    const id = await ids.user('agent03');
    const old = await t.login('agent03', 'Agent@2026');
    const made = await t.call(s.adminPassword, { userId: id }, admin);
    expect(made.body.data.password).toMatch(/^(?=.*[A-Za-z])(?=.*\d).{10}$/);
    expect((await t.call(org.userInfo, undefined, old)).body.code).toBe(401);
    await t.login('agent03', made.body.data.password!);
    const given = await t.call(s.adminPassword, { userId: id, password: 'Agent@2026' }, admin);
    expect(given.body.data.password).toBeNull();
    await t.login('agent03', 'Agent@2026');
    const logged = rowsOf<{ detail: { password?: string } }>(
      await t.database.db.execute(
        sql`select detail from operation_logs where summary = '重置员工密码' order by id desc limit 1`,
      ),
    );
    expect(logged[0]?.detail.password).toBe('******');
  });

  it('deletes staff: they cannot sign in and their mobile is free again', async () => {
    const id = (
      await t.call(
        s.staffAdd,
        {
          username: 'leaver',
          realName: '离职者',
          mobile: '13633330001',
          deptId: await ids.dept('销售一部'),
          password: 'Leaver@2026',
        },
        admin,
      )
    ).body.data.id;
    const token = await t.login('leaver', 'Leaver@2026');
    expect((await t.call(s.staffDelete, { ids: [id] }, admin)).body.code).toBe(0);
    expect((await t.call(org.userInfo, undefined, token)).body.code).toBe(401);
    await expect(t.login('leaver', 'Leaver@2026')).rejects.toThrow();
    expect((await t.call(s.staffInfo, { id }, admin)).body.code).toBe(10056);
    const again = await t.call(
      s.staffAdd,
      { username: 'leaver', realName: '回来了', mobile: '13633330001', deptId: await ids.dept('销售一部') },
      admin,
    );
    expect(again.body.code).toBe(0);
  });

  it('exports the filtered staff as xlsx with a Chinese file name', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: s.staffExport.path,
      headers: { 'cloud-token': admin },
      payload: { deptId: await ids.dept('销售二部') },
    });
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('员工信息_'));
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual(['工号', '账号', '姓名', '手机号', '部门', '角色', '状态', '计费', '创建时间']);
    expect(rows.slice(1).every((r) => r[4] === '销售二部')).toBe(true);
    expect(rows.some((r) => r[2] === '周杰' && r[3] === '13900000008')).toBe(true);
  });

  it('offers the import template with the columns and the tenant departments', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: s.staffImportTemplate.path,
      headers: { 'cloud-token': admin },
    });
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual(['账号*', '姓名*', '手机号*', '部门*', '角色']);
  });

  describe('applications', () => {
    it('lists pending applications within the examiner scope', async () => {
      const all = await t.call(s.applyPage, {}, admin);
      expect(all.body.data.records.map((x) => x.realName).sort()).toEqual(['冯琳', '吴刚', '郑爽']);
      const manager = await t.loginAs.manager();
      const mine = await t.call(s.applyPage, {}, manager);
      expect(mine.body.data.records.map((x) => x.realName).sort()).toEqual(['吴刚', '郑爽']);
    });

    it('approves with department and role, rejects with the reason kept', async () => {
      const manager = await t.loginAs.manager();
      const wu = await ids.user('apply01');
      const ok = await t.call(s.examine, { id: wu, pass: true, roleIds: [await ids.role('坐席')] }, manager);
      expect(ok.body.code).toBe(0);
      const again = await t.call(s.examine, { id: wu, pass: true }, manager);
      expect(again.body).toMatchObject({ code: 10056, msg: '申请不存在或已处理' });
      await t.login('apply01', 'Agent@2026');
      const noReason = await t.call(s.examine, { id: await ids.user('apply02'), pass: false }, manager);
      expect(noReason.body).toMatchObject({ code: 10002, msg: '请填写驳回原因' });
      const rejected = await t.call(
        s.examine,
        { id: await ids.user('apply02'), pass: false, reason: '非本公司员工' },
        manager,
      );
      expect(rejected.body.code).toBe(0);
      const list = await t.call(s.applyPage, { status: 'rejected' }, manager);
      expect(list.body.data.records).toMatchObject([{ realName: '郑爽', status: 'rejected', reason: '非本公司员工' }]);
      await expect(t.login('apply02', 'Agent@2026')).rejects.toThrow();
    });

    it('a manager cannot examine outside his scope nor grant roles beyond his own permissions', async () => {
      const manager = await t.loginAs.manager();
      const feng = await ids.user('apply03');
      const outside = await t.call(s.examine, { id: feng, pass: true }, manager);
      expect(outside.body).toMatchObject({ code: 10056, msg: '申请不存在或已处理' });
      const adminRole = await t.call(
        s.batchExamine,
        { ids: [feng], pass: true, roleIds: [await ids.role('管理员')] },
        admin,
      );
      expect(adminRole.body.code).toBe(0);
      expect((await t.call(s.staffInfo, { id: feng }, admin)).body.data.roles.map((x) => x.name)).toEqual(['管理员']);
    });

    it('examines in batch, all or nothing', async () => {
      const deptId = await ids.dept('销售一部');
      const a = await t.database.db.execute(
        sql`insert into users (tenant_id, username, mobile, password_hash, real_name, dept_id, status, job_number)
            values (${ids.tenantId}, 'apply11', '13644440011', '!', '申请甲', ${deptId}, 'pending', '0101'),
                   (${ids.tenantId}, 'apply12', '13644440012', '!', '申请乙', ${deptId}, 'pending', '0102')
            returning id`,
      );
      const fresh = rowsOf<{ id: string }>(a).map((r) => Number(r.id));
      const mixed = await t.call(s.batchExamine, { ids: [...fresh, await ids.user('agent01')], pass: true }, admin);
      expect(mixed.body.code).toBe(10056);
      expect((await t.call(s.applyPage, { name: '申请' }, admin)).body.data.total).toBe(2);
      const ok = await t.call(s.batchExamine, { ids: fresh, pass: false, reason: '重复申请' }, admin);
      expect(ok.body.code).toBe(0);
      const rejected = (await t.call(s.applyPage, { status: 'rejected', name: '申请' }, admin)).body.data.records;
      expect(rejected.map((x) => x.reason)).toEqual(['重复申请', '重复申请']);
    });
  });

  it('the agent has none of these screens; the manager only lists', async () => {
    const agent = await t.loginAs.agent();
    expect((await t.call(s.staffPage, {}, agent)).body.code).toBe(403);
    expect((await t.call(s.applyPage, {}, agent)).body.code).toBe(403);
    const manager = await t.loginAs.manager();
    const nav = await t.call(org.menuNav, {}, manager);
    expect(nav.body.data.permissions).toEqual(
      expect.arrayContaining([Perm.staffList, Perm.deptList, Perm.applyList, Perm.applyExamine]),
    );
    expect(nav.body.data.permissions).not.toContain(Perm.staffAdd);
    expect(
      (await t.call(s.staffStatus, { ids: [await ids.user('agent01')], status: 'disabled' }, manager)).body.code,
    ).toBe(403);
  });
});
