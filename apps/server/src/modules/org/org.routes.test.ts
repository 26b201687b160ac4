import { Perm, routeTables } from '@yunhu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';

const r = routeTables.org;
type TMenu = { url: string; list?: TMenu[] };
const urlsOf = (menus: TMenu[]): string[] => menus.flatMap((m) => [m.url, ...urlsOf(m.list ?? [])]).filter(Boolean);

describe('user and menu endpoints', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('describes the signed-in user with a masked mobile and the authentication label', async () => {
    const res = await t.call(r.userInfo, undefined, await t.loginAs.manager());
    expect(res.body.data).toMatchObject({
      username: 'manager',
      realName: '李娜',
      mobile: '139****0002',
      enterpriseName: '演示科技有限公司',
      superTenant: 0,
      deptName: '销售一部',
      roleNames: ['主管'],
      authState: 2,
      authStateLabel: '企业认证',
      wechatBound: false,
    });
    expect(res.body.data.permissions).toContain(Perm.logList);
    expect(JSON.stringify(res.body)).not.toContain('password');
  });

  it('marks the platform operator as super tenant', async () => {
    const res = await t.call(r.userInfo, undefined, await t.loginAs.platform());
    expect(res.body.data.superTenant).toBe(1);
  });

  it('builds the menu from the role: the agent has no operation log nor recycle bin, the manager has', async () => {
    const agent = await t.call(r.menuNav, {}, await t.loginAs.agent());
    const manager = await t.call(r.menuNav, {}, await t.loginAs.manager());
    const agentUrls = urlsOf(agent.body.data.menuList);
    expect(agentUrls).toEqual(
      expect.arrayContaining(['home', 'CRM/myCustomer', 'CRM/totalOfCustomer', 'personalCenter']),
    );
    expect(agentUrls).not.toContain('logcom');
    expect(agentUrls).not.toContain('CRM/recycler');
    expect(urlsOf(manager.body.data.menuList)).toContain('CRM/recycler');
    expect(urlsOf(manager.body.data.menuList)).toContain('logcom');
    expect(manager.body.data.permissions).not.toContain(Perm.logExport);
    const admin = await t.call(r.menuNav, {}, await t.loginAs.admin());
    expect(admin.body.data.permissions).toContain(Perm.logExport);
  });

  it('lists all menus and buttons for the role editor', async () => {
    const token = await t.loginAs.admin();
    const menus = await t.call(r.selectMenu, {}, token);
    expect(urlsOf(menus.body.data)).toContain('logcom');
    const buttons = await t.call(r.selectMenuButton, {}, token);
    expect(buttons.body.data).toContainEqual({
      menuId: '801001',
      name: '导出日志',
      perms: Perm.logExport,
      parentName: '操作日志',
    });
  });

  it('gives the job number', async () => {
    const res = await t.call(r.bhInfo, {}, await t.loginAs.agent());
    expect(res.body.data).toMatchObject({ jobNumber: '0003', tenantCode: 'E100001', deptName: '销售一部' });
  });

  it('renames the user and refuses an empty name', async () => {
    const token = await t.loginAs.agent();
    expect((await t.call(r.updateRealName, { realName: '  王强强 ' }, token)).body.code).toBe(0);
    expect((await t.call(r.userInfo, undefined, token)).body.data.realName).toBe('王强强');
    const empty = await t.call(r.updateRealName, { realName: '   ' }, token);
    expect(empty.body).toMatchObject({ code: 10002, msg: '请输入姓名', data: null });
    await t.call(r.updateRealName, { realName: '王强' }, token);
  });

  it('changes the mobile with a code sent to the new number', async () => {
    const token = await t.loginAs.agent();
    const mobile = '13612340003';
    await t.call(routeTables.auth.sendCaptcha, { mobile, type: 'phone' }, token, t.freshIp());
    const wrong = await t.call(
      r.updatePhone,
      { mobile, code: '000000' === (await t.smsCode(mobile)) ? '111111' : '000000' },
      token,
    );
    expect(wrong.body.code).toBe(10002);
    const ok = await t.call(r.updatePhone, { mobile, code: await t.smsCode(mobile) }, token);
    expect(ok.body.code).toBe(0);
    expect((await t.call(r.userInfo, undefined, token)).body.data.mobile).toBe('136****0003');
    await t.login('13612340003', 'Agent@2026');
  });

  it('takes only an avatar uploaded by the same enterprise', async () => {
    const token = await t.loginAs.agent();
    const foreign = await t.call(r.modifyHeadUrl, { headUrl: 'https://evil.example.com/x.png' }, token);
    expect(foreign.body).toMatchObject({ code: 10002, msg: '头像须为本企业上传的图片' });
  });
});
