import { passwordChangeOpenPaths, routeTables, type TRouteDef } from '@yunhu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { demoIds } from '../org/org.test-kit.js';

const a = routeTables.auth;
const s = routeTables.orgStaff;

/** Every signed-in route of the product, once each (dev-only hooks are public). */
const signedInRoutes = (): TRouteDef[] =>
  Object.values(routeTables)
    .flatMap((table) => Object.values(table as Record<string, TRouteDef>))
    .filter((r) => r.access === 'user');

describe('forced password change', () => {
  let t: TTestApp;
  let admin: string;
  let deptId: number;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.loginAs.admin();
    deptId = await (await demoIds(t)).dept('销售一部');
  });
  afterAll(() => t.close());

  const signIn = (username: string, password: string) =>
    t.call(a.login, { username, password }, null, t.freshIp()).then((r) => r.body);

  it('makes a person added by the administrator change the password before anything else', async () => {
    const added = await t.call(
      s.staffAdd,
      { username: 'newcomer', realName: '新同事', mobile: '13566660001', deptId },
      admin,
    );
    const initial = added.body.data.initialPassword!;
    const login = await signIn('newcomer', initial);
    expect(login).toMatchObject({ code: 0, data: { mustChangePassword: true } });
    const token = login.data.token;
    expect((await t.call(routeTables.org.userInfo, undefined, token)).body.data).toMatchObject({
      realName: '新同事',
      mustChangePassword: true,
    });
    const customers = await t.call(routeTables.crm.customerPage, { page: 1, limit: 10 }, token);
    expect(customers.body).toMatchObject({
      code: 403,
      msg: '您的密码由管理员设置，请先修改密码后再使用',
      data: null,
    });
    expect((customers.body as { reason?: string }).reason).toBe('common.passwordChangeRequired');

    const same = await t.call(a.updatePassword, { oldPassword: initial, newPassword: initial }, token);
    expect(same.body.code).not.toBe(0);
    const changed = await t.call(a.updatePassword, { oldPassword: initial, newPassword: 'Mine@2026x' }, token);
    expect(changed.body.code).toBe(0);
    // The change ends every session (spec); the new one is free.
    expect((await t.call(routeTables.org.userInfo, undefined, token)).body.code).toBe(401);
    const again = await signIn('newcomer', 'Mine@2026x');
    expect(again.data.mustChangePassword).toBe(false);
    expect((await t.call(routeTables.org.menuNav, {}, again.data.token)).body.code).toBe(0);
  });

  it('refuses every other signed-in endpoint until the password is changed', async () => {
    const added = await t.call(
      s.staffAdd,
      { username: 'walker', realName: '走查员', mobile: '13566660002', deptId, password: 'Given@2026x' },
      admin,
    );
    expect(added.body.code).toBe(0);
    const { token } = (await signIn('walker', 'Given@2026x')).data;
    const routes = signedInRoutes().filter((r) => !passwordChangeOpenPaths.includes(r.path));
    expect(routes.length).toBeGreaterThan(100);
    const leaks: string[] = [];
    for (const route of routes) {
      const url = route.path.replace(/:(\w+)/g, '1');
      const res = await t.app.inject({
        method: route.method,
        url,
        headers: { 'cloud-token': token },
        ...(route.method === 'POST' ? { payload: {} } : {}),
      });
      const body = res.json() as { code: number; reason?: string };
      if (body.reason !== 'common.passwordChangeRequired') leaks.push(`${route.method} ${route.path}: ${body.code}`);
    }
    expect(leaks).toEqual([]);
    // The open ones answer: who he is, and signing out.
    expect((await t.call(routeTables.org.userInfo, undefined, token)).body.code).toBe(0);
    expect((await t.call(a.ssoLogout, undefined, token)).body.code).toBe(0);
  });

  it('asks again after an administrator resets the password, and not after the person resets his own', async () => {
    const id = await (await demoIds(t)).user('agent02');
    const reset = await t.call(s.adminPassword, { userId: id }, admin);
    expect(reset.body.code).toBe(0);
    const login = await signIn('agent02', reset.body.data.password!);
    expect(login.data.mustChangePassword).toBe(true);
    expect((await t.call(routeTables.org.menuNav, {}, login.data.token)).body.code).toBe(403);
    // Changed through the sign-in page's form (account, old and new password; no session needed).
    const byOld = await t.call(
      a.updatePasswordByOld,
      { username: 'agent02', oldPassword: reset.body.data.password!, newPassword: 'Agent02@2026' },
      null,
      t.freshIp(),
    );
    expect(byOld.body.code).toBe(0);
    const after = await signIn('agent02', 'Agent02@2026');
    expect(after.data.mustChangePassword).toBe(false);
    expect((await t.call(routeTables.org.menuNav, {}, after.data.token)).body.code).toBe(0);
  });

  it('never asks the people who chose their own password (registration, the demo)', async () => {
    expect((await signIn('admin', 'Admin@2026')).data.mustChangePassword).toBe(false);
    expect((await signIn('agent01', 'Agent@2026')).data.mustChangePassword).toBe(false);
  });
});
