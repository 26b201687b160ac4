import { routeTables } from '@yunhu/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';

const r = routeTables.platform;

/** 新建企业 (POST /base/enterprise): the platform opens an enterprise itself. */
describe('platform: an enterprise created by the platform', () => {
  let t: TTestApp;
  let platform: string;
  const input = (n: number) => ({
    enterpriseName: `平台开通${n}科技有限公司`,
    realName: '开通联系人',
    mobile: `1370000${String(n).padStart(4, '0')}`,
    username: `pcreate${n}`,
    password: 'Open@2026x',
  });
  const signIn = (username: string) =>
    t.call(routeTables.auth.login, { username, password: 'Open@2026x' }, null, t.freshIp());

  beforeAll(async () => {
    t = await startTestApp();
    platform = await t.loginAs.platform();
  });
  afterAll(() => t.close());

  it('opens it 正常 with its roles; its administrator signs in and must change the password first', async () => {
    const res = await t.call(r.enterpriseCreate, input(1), platform);
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({
      name: '平台开通1科技有限公司',
      status: 'active',
      adminName: '开通联系人',
      adminMobile: '137****0001',
      userCount: 1,
      agentName: null,
    });
    expect(res.body.data.code).toMatch(/^E\d{6}$/);
    expect(res.body.data.examinedAt).not.toBeNull();
    const login = await signIn('pcreate1');
    expect(login.body).toMatchObject({ code: 0, data: { mustChangePassword: true } });
    const roles = rowsOf<{ name: string }>(
      await t.database.db.execute(sql`select name from roles where tenant_id = ${res.body.data.id}`),
    );
    expect(roles.map((x) => x.name)).toEqual(expect.arrayContaining(['管理员', '主管', '坐席']));
  });

  it('refuses an account or a mobile already used, and bad input, creating nothing', async () => {
    const taken = '该账号或手机号已被使用，请换一个';
    expect((await t.call(r.enterpriseCreate, { ...input(2), username: 'ADMIN' }, platform)).body.msg).toBe(taken);
    expect((await t.call(r.enterpriseCreate, { ...input(2), mobile: '13900000001' }, platform)).body.msg).toBe(taken);
    const bad = await t.call(r.enterpriseCreate, { ...input(2), mobile: '12345' }, platform);
    expect(bad.body.code).toBe(10002);
    const page = await t.call(r.enterprisePage, { page: 1, limit: 10, name: '平台开通2' }, platform);
    expect(page.body.data.total).toBe(0);
  });

  it('creates one enterprise of ten parallel requests with one account', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.call(r.enterpriseCreate, { ...input(3), enterpriseName: `平台并发${i}有限公司` }, platform),
      ),
    );
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(1);
    expect(
      answers.filter((a) => a.body.code !== 0).every((a) => a.body.msg === '该账号或手机号已被使用，请换一个'),
    ).toBe(true);
    const page = await t.call(r.enterprisePage, { page: 1, limit: 20, name: '平台并发' }, platform);
    expect(page.body.data.total).toBe(1);
  });

  it('is the platform’s: an enterprise administrator is refused', async () => {
    const res = await t.call(r.enterpriseCreate, input(4), await t.loginAs.admin());
    expect(res.body.code).toBe(403);
  });
});
