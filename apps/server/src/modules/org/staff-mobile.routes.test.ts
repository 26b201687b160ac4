import { Perm, routeTables } from '@yunhu/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { demoIds } from './org.test-kit.js';

const s = routeTables.orgStaff;
const { auth, org } = routeTables;

describe('修改员工手机号 (update-phone-admin)', () => {
  let t: TTestApp;
  let admin: string;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.loginAs.admin();
    ids = await demoIds(t);
  });
  afterAll(() => t.close());

  const mobileOf = async (id: number) => (await t.call(s.staffInfo, { id }, admin)).body.data.mobile;

  it('changes the mobile typed full-width: his sessions end, he signs in with the new one, the log keeps it', async () => {
    const id = await ids.user('agent02');
    const session = await t.login('agent02', 'Agent@2026');
    const res = await t.call(s.staffMobile, { id, mobile: '１３６ ５５５５ ０００２' }, admin);
    expect(res.body).toMatchObject({ code: 0, data: null });
    expect(await mobileOf(id)).toBe('13655550002');
    expect((await t.call(org.userInfo, undefined, session)).body.code).toBe(401);

    await t.call(auth.sendCode, { mobile: '13655550002', type: 'login' }, null, t.freshIp());
    const bySms = await t.call(
      auth.loginBySms,
      { mobile: '13655550002', code: await t.smsCode('13655550002') },
      null,
      t.freshIp(),
    );
    expect(bySms.body.code).toBe(0);
    expect((await t.call(org.userInfo, undefined, bySms.body.data.token)).body.data.username).toBe('agent02');
    await t.login('13655550002', 'Agent@2026');
    await expect(t.login('13900000004', 'Agent@2026')).rejects.toThrow();

    const logged = rowsOf<{ detail: { mobile?: string }; result: string }>(
      await t.database.db.execute(
        sql`select detail, result from operation_logs where summary = '修改员工手机号' order by id desc limit 1`,
      ),
    );
    expect(logged[0]?.detail.mobile).toContain('13655550002');
  });

  it("refuses a mobile used anywhere on the platform, the same one, one's own and a bad one, changing nothing", async () => {
    const id = await ids.user('agent03');
    const cases: [unknown, number, RegExp][] = [
      [{ id, mobile: '13800000000' }, 10056, /已被其他账号使用/],
      [{ id, mobile: '13900000005' }, 10002, /与原手机号相同/],
      [{ id: await ids.user('admin'), mobile: '13655550009' }, 10002, /个人中心/],
      [{ id, mobile: '1234' }, 10002, /手机号格式不正确/],
      [{ id }, 10002, /请输入手机号/],
    ];
    for (const [body, code, msg] of cases) {
      const res = await t.request('POST', s.staffMobile.path, { token: admin, body });
      expect(res.body.code, JSON.stringify(body)).toBe(code);
      expect(res.body.msg).toMatch(msg);
    }
    expect(await mobileOf(id)).toBe('13900000005');
  });

  it("a manager may not; given the edit permission, only his department's people; another tenant finds nobody", async () => {
    const refused = await t.call(
      s.staffMobile,
      { id: await ids.user('agent01'), mobile: '13655550001' },
      await t.loginAs.manager(),
    );
    expect(refused.body.code).toBe(403);
    await t.database.db.execute(
      sql`update roles set permissions = array_append(permissions, ${Perm.staffUpdate}) where tenant_id = ${ids.tenantId} and name = '主管'`,
    );
    const manager = await t.loginAs.manager();
    const outside = await t.call(s.staffMobile, { id: await ids.user('agent04'), mobile: '13655550004' }, manager);
    expect(outside.body).toMatchObject({ code: 10056, msg: '员工不存在或已删除' });
    const inside = await t.call(s.staffMobile, { id: await ids.user('agent01'), mobile: '13655550001' }, manager);
    expect(inside.body.code).toBe(0);

    const platform = await t.loginAs.platform();
    const foreign = await t.call(s.staffMobile, { id: await ids.user('agent06'), mobile: '13655550006' }, platform);
    expect(foreign.body).toMatchObject({ code: 10056, msg: '员工不存在或已删除' });
    expect(await mobileOf(await ids.user('agent06'))).toBe('13900000008');
  });

  it('gives a new mobile to one person only when two are moved to it at once', async () => {
    const people = [await ids.user('agent03'), await ids.user('agent05')];
    const answers = await Promise.all(people.map((id) => t.call(s.staffMobile, { id, mobile: '13655559999' }, admin)));
    expect(answers.filter((r) => r.body.code === 0)).toHaveLength(1);
    const refused = answers.find((r) => r.body.code !== 0)!;
    expect(refused.body.msg).toMatch(/手机号/);
    const holders = await Promise.all(people.map(mobileOf));
    expect(holders.filter((m) => m === '13655559999')).toHaveLength(1);
  });
});
