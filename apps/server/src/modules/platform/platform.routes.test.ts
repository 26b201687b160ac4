import { routeTables } from '@yunhu/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';

const r = routeTables.platform;

describe('platform: enterprises', () => {
  let t: TTestApp;
  let platform: string;
  const register = async (username: string, mobile: string, enterpriseName: string) => {
    await t.call(routeTables.auth.sendCode, { mobile, type: 'signup' }, null, t.freshIp());
    const res = await t.call(routeTables.auth.signup, {
      enterpriseName,
      realName: '注册人',
      username,
      mobile,
      code: await t.smsCode(mobile),
      password: 'Reg@2026x',
    });
    expect(res.body.code).toBe(0);
    const page = await t.call(r.enterprisePage, { page: 1, limit: 10, name: enterpriseName }, platform);
    return page.body.data.records[0]!;
  };
  const signIn = (username: string) =>
    t.call(routeTables.auth.login, { username, password: 'Reg@2026x' }, null, t.freshIp());

  beforeAll(async () => {
    t = await startTestApp();
    platform = await t.loginAs.platform();
  });
  afterAll(() => t.close());

  it('lists the enterprises with their registrant, not the platform itself', async () => {
    const page = await t.call(r.enterprisePage, { page: 1, limit: 10 }, platform);
    expect(page.body.data.records.map((e) => e.name)).toEqual(['演示科技有限公司']);
    expect(page.body.data.records[0]).toMatchObject({
      status: 'active',
      authStateLabel: '企业认证',
      adminName: '张明',
      adminMobile: '139****0001',
    });
  });

  it('approves a registration, after which its administrator signs in', async () => {
    const e = await register('regpass', '13522220001', '宁波甬通贸易有限公司');
    expect(e.status).toBe('pending');
    expect((await signIn('regpass')).body.msg).toBe('企业注册正在审核中，审核通过后即可登录');
    expect((await t.call(r.examine, { id: e.id, pass: true, reason: '' }, platform)).body.code).toBe(0);
    expect((await signIn('regpass')).body.code).toBe(0);
    const again = await t.call(r.examine, { id: e.id, pass: false, reason: '重复' }, platform);
    expect(again.body.msg).toBe('所选企业中有不在待审核状态的，请刷新后重试');
  });

  it('rejects a registration with its reason, which the registrant is told', async () => {
    const e = await register('regdeny', '13522220002', '测试驳回公司');
    expect((await t.call(r.examine, { id: e.id, pass: false, reason: '' }, platform)).body.msg).toBe(
      '驳回时请填写原因',
    );
    await t.call(r.examine, { id: e.id, pass: false, reason: '营业执照信息不符' }, platform);
    expect((await signIn('regdeny')).body.msg).toBe('企业注册未通过审核：营业执照信息不符');
  });

  it("closes an enterprise, which stops its users' tokens at once, and opens it again", async () => {
    const demo = (await t.call(r.enterprisePage, { page: 1, limit: 10, name: '演示' }, platform)).body.data.records[0]!;
    const agent = await t.loginAs.agent();
    expect((await t.call(r.setStatus, { id: demo.id, status: 'closed', reason: '欠费' }, platform)).body.code).toBe(0);
    expect((await t.call(routeTables.org.userInfo, undefined, agent)).body.code).toBe(401);
    const refused = await t.call(
      routeTables.auth.login,
      { username: 'agent01', password: 'Agent@2026' },
      null,
      t.freshIp(),
    );
    expect(refused.body.msg).toBe('企业已停用，请联系平台客服');
    expect((await t.call(r.setStatus, { id: demo.id, status: 'active', reason: '' }, platform)).body.code).toBe(0);
    await t.loginAs.agent();
  });

  it('refuses an enterprise administrator, who holds every enterprise permission but none of the platform', async () => {
    const admin = await t.loginAs.admin();
    expect((await t.call(r.enterprisePage, { page: 1, limit: 10 }, admin)).body.code).toBe(403);
    const nav = await t.call(routeTables.org.menuNav, {}, admin);
    expect(JSON.stringify(nav.body.data)).not.toContain('platform:');
    const platformNav = await t.call(routeTables.org.menuNav, {}, platform);
    expect(JSON.stringify(platformNav.body.data)).toContain('platform/enterprise');
  });

  it('counts what waits for the operator: registrations and authentications to examine', async () => {
    const waiting = async () => (await t.call(r.waiting, {}, platform)).body.data;
    const before = await waiting();
    const e = await register('regwait', '13522220009', '待审核计数公司');
    expect(await waiting()).toEqual({ ...before, registrations: before.registrations + 1 });
    const demoId = (await t.call(r.enterprisePage, { page: 1, limit: 10, name: '演示' }, platform)).body.data
      .records[0]!.id;
    await t.database.db.execute(sql`insert into enterprise_certifications (tenant_id, type, person_name, id_card_no,
      submitted_by, submitter) values (${demoId}, 'personal', '张明', '110101199003074258', 1, '张明')`);
    expect(await waiting()).toEqual({
      ...before,
      registrations: before.registrations + 1,
      certifications: before.certifications + 1,
    });
    await t.database.db.execute(sql`insert into refund_applications (tenant_id, apply_no, kind, subject, amount, parts)
      values (${demoId}, 'RF-WAIT-1', 'seat', '坐席退订', 5000, '[]'::jsonb)`);
    expect(await waiting()).toMatchObject({ seatCancellations: before.seatCancellations + 1, refunds: before.refunds });
    await t.call(r.examine, { id: e.id, pass: true, reason: '' }, platform);
    expect((await waiting()).registrations).toBe(before.registrations);
    // Not the enterprise's to see.
    expect((await t.call(r.waiting, {}, await t.loginAs.admin())).body.code).toBe(403);
  });

  it('finds an enterprise by the code its people see, for the platform only', async () => {
    const admin = await t.loginAs.admin();
    const { tenantCode, enterpriseName } = (await t.call(routeTables.org.userInfo, {}, admin)).body.data;
    const found = await t.call(r.enterpriseInfoByCode, { tenantCode }, platform);
    expect(found.body.data).toMatchObject({ code: tenantCode, name: enterpriseName });
    expect((await t.call(r.enterpriseInfoByCode, { tenantCode: 'NO-SUCH-CODE' }, platform)).body.msg).toBe(
      '企业不存在',
    );
    expect((await t.call(r.enterpriseInfoByCode, { tenantCode: ' ' }, platform)).body.msg).toContain('请输入企业编码');
    expect((await t.call(r.enterpriseInfoByCode, { tenantCode }, admin)).body.code).toBe(403);
  });

  it('answers not found for an id that is not an enterprise', async () => {
    expect((await t.call(r.enterpriseInfo, { id: 999999 }, platform)).body).toMatchObject({
      code: 10056,
      msg: '企业不存在',
    });
  });
});
