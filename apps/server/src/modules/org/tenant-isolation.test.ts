import { routeTables, type TRouteDef } from '@yunhu/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { departments, tenants } from './org.schema.js';
import { countUsers, demoIds, readXlsx, uploadFile, xlsxOf } from './org.test-kit.js';

const { orgDept, orgRole, orgStaff } = routeTables;
const tables = { ...orgDept, ...orgRole, ...orgStaff } as Record<string, TRouteDef>;

/**
 * Tenant isolation for every endpoint of the organisation area: the platform operator's
 * administrator (all permissions in his own tenant) names the demo enterprise's ids and gets
 * "not found", lists without them, and changes nothing.
 */
describe('tenant isolation of the organisation area', () => {
  let t: TTestApp;
  let platform: string;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let platformDept: number;
  let demoBatch: string;
  const covered = new Set<string>();
  let demoBefore: unknown;

  const demoSnapshot = async () => {
    const admin = await t.loginAs.admin();
    return {
      // Signing in for the snapshot moves the administrator's last sign-in time, nothing else.
      staff: (await t.call(orgStaff.staffPage, { limit: 100 }, admin)).body.data.records.map((x) => ({
        ...x,
        lastLoginAt: null,
      })),
      depts: (await t.call(orgDept.deptList, {}, admin)).body.data,
      roles: (await t.call(orgRole.roleList, {}, admin)).body.data,
      applications: (await t.call(orgStaff.applyPage, {}, admin)).body.data,
    };
  };

  beforeAll(async () => {
    t = await startTestApp();
    platform = await t.loginAs.platform();
    ids = await demoIds(t);
    const [p] = await t.database.db.select().from(tenants).where(eq(tenants.code, 'PLATFORM'));
    platformDept = (
      await t.database.db
        .select()
        .from(departments)
        .where(and(eq(departments.tenantId, p!.id)))
    )[0]!.id;
    const demoAdmin = await t.loginAs.admin();
    const preview = await uploadFile(
      t,
      orgStaff.staffImport.path,
      demoAdmin,
      'staff.xlsx',
      await xlsxOf([
        ['账号', '姓名', '手机号', '部门', '角色'],
        ['demoimp1', '导入甲', '13688880001', '销售一部', '坐席'],
      ]),
    );
    if (preview.code !== 0) throw new Error(preview.msg);
    demoBatch = (preview.data as { batchId: string }).batchId;
    demoBefore = await demoSnapshot();
  });
  afterAll(() => t.close());

  /** Calls a route as the platform administrator and expects "not found". */
  const refused = async (name: string, input: Record<string, unknown>) => {
    covered.add(name);
    const res = await t.call(tables[name]!, input as never, platform);
    expect(res.body.code, `${name}: ${res.body.msg}`).toBe(10056);
    expect(res.body.msg).toMatch(/不存在/);
  };

  it('answers not found for demo ids on every endpoint that takes one', async () => {
    const sales1 = await ids.dept('销售一部');
    const root = await ids.dept('演示科技有限公司');
    const agentRole = await ids.role('坐席');
    const agent = await ids.user('agent01');
    const applicant = await ids.user('apply01');
    await refused('deptChildren', { deptId: sales1 });
    await refused('deptGet', { id: sales1 });
    await refused('deptCreate', { parentId: root, name: '渗透' });
    await refused('deptUpdate', { id: sales1, name: '改名' });
    await refused('deptDelete', { id: sales1 });
    await refused('roleSave', { name: '渗透角色', dataScope: 'custom', deptIds: [sales1] });
    await refused('roleUpdate', { id: agentRole, name: '改名' });
    await refused('roleDelete', { id: agentRole });
    await refused('roleMenu', { roleId: agentRole });
    await refused('roleMenuSave', { roleId: agentRole, permissions: [] });
    await refused('roleDept', { roleId: agentRole });
    await refused('roleDeptSave', { roleId: agentRole, dataScope: 'all' });
    await refused('roleDisable', { id: agentRole, status: 'disabled' });
    await refused('roleUserCount', { roleId: agentRole });
    await refused('staffInfo', { id: agent });
    await refused('staffDetail', { id: agent });
    await refused('staffAdd', { username: 'intruder', realName: '渗透', mobile: '13699990001', deptId: sales1 });
    await refused('staffUpdate', { id: agent, realName: '改名' });
    await refused('staffMobile', { id: agent, mobile: '13699990002' });
    await refused('staffStatus', { ids: [agent], status: 'disabled' });
    await refused('staffDelete', { ids: [agent] });
    await refused('staffBatchDeptRole', { ids: [agent], deptId: platformDept });
    await refused('staffExport', { deptId: sales1 });
    await refused('staffImportConfirm', { batchId: demoBatch });
    await refused('staffImportState', { batchId: demoBatch });
    await refused('staffImportReport', { batchId: demoBatch });
    await refused('billing', { userId: agent, enabled: false });
    await refused('billingBatch', { userIds: [agent], enabled: false });
    await refused('billingGet', { userId: agent });
    await refused('adminPassword', { userId: agent, password: 'Hacked@2026' });
    await refused('examine', { id: applicant, pass: true });
    await refused('batchExamine', { ids: [applicant], pass: false, reason: '渗透' });
    // Own ids mixed with another tenant's are refused too.
    covered.add('staffPage');
    const page = await t.call(orgStaff.staffPage, { deptId: sales1 }, platform);
    expect(page.body.code).toBe(10056);
    const ownRoleForeignDept = await t.call(
      orgStaff.staffAdd,
      { username: 'intruder', realName: '渗透', mobile: '13699990001', deptId: platformDept, roleIds: [agentRole] },
      platform,
    );
    expect(ownRoleForeignDept.body).toMatchObject({ code: 10056, msg: '角色不存在或已删除' });
  });

  it('lists only the own tenant', async () => {
    covered.add('deptList');
    covered.add('roleList');
    covered.add('applyPage');
    covered.add('staffImportTemplate');
    const depts = await t.call(orgDept.deptList, {}, platform);
    expect(depts.body.data.map((d) => d.name)).toEqual(['平台运营部']);
    const roles = await t.call(orgRole.roleList, {}, platform);
    expect(roles.body.data.map((x) => x.userCount)).toEqual([1]);
    const staff = await t.call(orgStaff.staffPage, { limit: 100 }, platform);
    expect(staff.body.data.records.map((x) => x.username)).toEqual(['platform']);
    covered.add('staffInfoOfUser');
    expect((await t.call(orgStaff.staffInfoOfUser, {}, platform)).body.data.username).toBe('platform');
    expect((await t.call(orgStaff.applyPage, {}, platform)).body.data.total).toBe(0);
    const template = await t.app.inject({
      method: 'GET',
      url: orgStaff.staffImportTemplate.path,
      headers: { 'cloud-token': platform },
    });
    expect(JSON.stringify(await readXlsx(template.rawPayload))).not.toContain('销售');
  });

  it('an import naming the demo departments finds none of them', async () => {
    covered.add('staffImport');
    const res = await uploadFile(
      t,
      orgStaff.staffImport.path,
      platform,
      'staff.xlsx',
      await xlsxOf([
        ['账号', '姓名', '手机号', '部门', '角色'],
        ['intruder', '渗透', '13699990001', '销售一部', '坐席'],
      ]),
    );
    expect(res.code).toBe(0);
    expect((res.data as { errors: { reason: string }[] }).errors[0]!.reason).toContain('部门「销售一部」不存在');
  });

  it('changed nothing in the demo enterprise, and every endpoint of the area was checked', async () => {
    expect(await demoSnapshot()).toEqual(demoBefore);
    expect(await countUsers(t, ids.tenantId)).toBe(11);
    expect([...covered].sort()).toEqual(Object.keys(tables).sort());
  });
});
