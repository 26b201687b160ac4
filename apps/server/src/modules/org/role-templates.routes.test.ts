import { allPermissions, isPlatformPerm, Perm, routeTables, type TMenuOut } from '@yunhu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { demoIds } from './org.test-kit.js';
import { ensureRoleTemplates, roleTemplates } from './role-templates.js';

const r = routeTables.orgRole;
const flat = (nodes: TMenuOut[]): TMenuOut[] => nodes.flatMap((n) => [n, ...flat(n.list ?? [])]);

describe('role templates and the role editor tree', () => {
  let t: TTestApp;
  let platform: string;
  let fresh: string;
  beforeAll(async () => {
    t = await startTestApp();
    platform = await t.loginAs.platform();
    const mobile = '13533330001';
    await t.call(routeTables.auth.sendCode, { mobile, type: 'signup' }, null, t.freshIp());
    const signup = await t.call(routeTables.auth.signup, {
      enterpriseName: '杭州初见科技有限公司',
      realName: '钱新',
      username: 'firsthour',
      mobile,
      code: await t.smsCode(mobile),
      password: 'First@2026x',
    });
    expect(signup.body.code).toBe(0);
    const page = await t.call(routeTables.platform.enterprisePage, { page: 1, limit: 10, name: '初见' }, platform);
    const id = page.body.data.records[0]!.id;
    expect((await t.call(routeTables.platform.examine, { id, pass: true, reason: '' }, platform)).body.code).toBe(0);
    fresh = await t.login('firsthour', 'First@2026x');
  });
  afterAll(() => t.close());

  it('gives a new enterprise 管理员, 主管 and 坐席 with their data scopes', async () => {
    const roles = (await t.call(r.roleList, {}, fresh)).body.data;
    expect(roles.map((x) => [x.name, x.dataScope, x.isAdmin, x.userCount])).toEqual([
      ['管理员', 'all', true, 1],
      ['主管', 'dept_and_below', false, 0],
      ['坐席', 'self', false, 0],
    ]);
    const agent = roles.find((x) => x.name === '坐席')!;
    expect(agent.permissions).toEqual(expect.arrayContaining([Perm.callDial, Perm.softphoneUse, Perm.customerList]));
    expect(agent.permissions).not.toContain(Perm.staffList);
    const manager = roles.find((x) => x.name === '主管')!;
    expect(manager.permissions).toEqual(expect.arrayContaining([Perm.customerAllocate, Perm.staffList]));
  });

  it('keeps the templates editable: the enterprise changes and deletes them like any role', async () => {
    const agent = (await t.call(r.roleList, {}, fresh)).body.data.find((x) => x.name === '坐席')!;
    const saved = await t.call(
      r.roleMenuSave,
      { roleId: agent.id, permissions: [...agent.permissions, Perm.customerExport] },
      fresh,
    );
    expect(saved.body.code).toBe(0);
    expect((await t.call(r.roleMenu, { roleId: agent.id }, fresh)).body.data.permissions).toContain(
      Perm.customerExport,
    );
    const manager = (await t.call(r.roleList, {}, fresh)).body.data.find((x) => x.name === '主管')!;
    expect((await t.call(r.roleDelete, { id: manager.id }, fresh)).body.code).toBe(0);
  });

  it('every template grant is one an enterprise may hold', () => {
    const known = new Set(allPermissions());
    for (const tpl of roleTemplates()) {
      for (const p of tpl.permissions) {
        expect(known.has(p), `${tpl.name}: ${p}`).toBe(true);
        expect(isPlatformPerm(p), `${tpl.name}: ${p}`).toBe(false);
      }
    }
  });

  it('offers an enterprise only what it can hold, each grant once, grouped as the menu', async () => {
    const tree = (await t.call(routeTables.org.selectMenu, {}, fresh)).body.data;
    const nodes = flat(tree);
    const names = nodes.map((n) => n.name);
    expect(names).not.toContain('企业列表');
    expect(names).not.toContain('审核企业');
    expect(names).not.toContain('认证审核');
    expect(names.filter((n) => n === '回收站详情')).toEqual([]);
    expect(nodes.some((n) => n.perms && isPlatformPerm(n.perms))).toBe(false);
    // 话务统计 and 任务卡 sit beside 通话记录 in 呼叫中心, not under it.
    const callCentre = tree.find((n) => n.name === '呼叫中心')!;
    const siblings = (callCentre.list ?? []).map((n) => n.name);
    expect(siblings).toEqual(expect.arrayContaining(['通话记录', '话务统计', '任务卡']));
    const records = callCentre.list!.find((n) => n.name === '通话记录')!;
    expect((records.list ?? []).map((n) => n.name)).toEqual(['播放录音', '导出通话记录', '重新分析通话']);
    // No page repeats a grant of another node (the one grant on two side-menu screens is 操作记录/操作日志).
    const pages = nodes.filter((n) => n.type === 1 && !n.inMenu && n.perms);
    const shown = nodes.filter((n) => n.inMenu || n.type === 2).map((n) => n.perms);
    for (const p of pages) expect(shown, p.name).not.toContain(p.perms);
    const buttons = (await t.call(routeTables.org.selectMenuButton, {}, fresh)).body.data;
    expect(buttons.some((b) => isPlatformPerm(b.perms))).toBe(false);
  });

  it('shows the platform operator its own grants', async () => {
    const names = flat((await t.call(routeTables.org.selectMenu, {}, platform)).body.data).map((n) => n.name);
    expect(names).toEqual(expect.arrayContaining(['企业列表', '审核企业', '认证审核']));
  });

  it('refuses a platform-only grant crafted into a request, and changes nothing', async () => {
    const agent = (await t.call(r.roleList, {}, fresh)).body.data.find((x) => x.name === '坐席')!;
    for (const perm of [Perm.enterpriseList, Perm.enterpriseExamine, 'platform:auth:examine']) {
      const save = await t.call(r.roleSave, { name: `越权${perm}`, permissions: [perm] }, fresh);
      expect(save.body).toMatchObject({ code: 10002, msg: `未知的权限标识：${perm}` });
      const menu = await t.call(r.roleMenuSave, { roleId: agent.id, permissions: [Perm.customerList, perm] }, fresh);
      expect(menu.body.code).toBe(10002);
      const upd = await t.call(r.roleUpdate, { id: agent.id, permissions: [perm] }, fresh);
      expect(upd.body.code).toBe(10002);
    }
    const after = (await t.call(r.roleList, {}, fresh)).body.data;
    expect(after.some((x) => x.name.startsWith('越权'))).toBe(false);
    expect(after.find((x) => x.id === agent.id)!.permissions.some(isPlatformPerm)).toBe(false);
    // Nor does holding such a string open the platform's screens (a row written past the service).
    expect((await t.call(routeTables.platform.enterprisePage, { page: 1, limit: 10 }, fresh)).body.code).toBe(403);
  });

  it('gives an enterprise the templates it lacks, keeping the roles it has as they are', async () => {
    const admin = await t.loginAs.admin();
    const { tenantId } = await demoIds(t);
    const agentBefore = (await t.call(r.roleList, {}, admin)).body.data.find((x) => x.name === '坐席')!;
    // The demo enterprise without its 主管 (its holder moved to 坐席 first).
    const manager = (await t.call(r.roleList, {}, admin)).body.data.find((x) => x.name === '主管')!;
    const holder = await (await demoIds(t)).user('manager');
    await t.call(routeTables.orgStaff.staffBatchDeptRole, { ids: [holder], roleIds: [agentBefore.id] }, admin);
    expect((await t.call(r.roleDelete, { id: manager.id }, admin)).body.code).toBe(0);
    await t.database.db.transaction((tx) => ensureRoleTemplates(tx, tenantId));
    await t.database.db.transaction((tx) => ensureRoleTemplates(tx, tenantId));
    const after = (await t.call(r.roleList, {}, admin)).body.data;
    expect(after.map((x) => x.name)).toEqual(['管理员', '坐席', '主管']);
    const agentAfter = after.find((x) => x.name === '坐席')!;
    expect(agentAfter).toMatchObject({ id: agentBefore.id, permissions: agentBefore.permissions, userCount: 7 });
    expect(after.filter((x) => x.isAdmin)).toHaveLength(1);
  });
});
