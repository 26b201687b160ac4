import { routeTables } from '@yunhu/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';

const r = routeTables.org;

describe('the onboarding checklist', () => {
  let t: TTestApp;
  let admin: string;
  let tenantId: number;
  let rootDept: number;
  const checklist = async (token = admin) => {
    const res = await t.call(r.onboardingChecklist, {}, token);
    expect(res.body.code).toBe(0);
    return res.body.data;
  };
  const done = async () =>
    Object.fromEntries((await checklist()).steps.map((s) => [s.key, s.isDone])) as Record<string, boolean>;
  const exec = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(q));

  beforeAll(async () => {
    t = await startTestApp();
    const platform = await t.loginAs.platform();
    const mobile = '13544440001';
    await t.call(routeTables.auth.sendCode, { mobile, type: 'signup' }, null, t.freshIp());
    await t.call(routeTables.auth.signup, {
      enterpriseName: '苏州起步网络有限公司',
      realName: '孙起',
      username: 'qibu',
      mobile,
      code: await t.smsCode(mobile),
      password: 'Qibu@2026x',
    });
    const e = (await t.call(routeTables.platform.enterprisePage, { page: 1, limit: 10, name: '起步' }, platform)).body
      .data.records[0]!;
    await t.call(routeTables.platform.examine, { id: e.id, pass: true, reason: '' }, platform);
    tenantId = e.id;
    admin = await t.login('qibu', 'Qibu@2026x');
    rootDept = (await t.call(routeTables.orgDept.deptList, {}, admin)).body.data[0]!.id;
  });
  afterAll(() => t.close());

  it('starts with only the platform lines ticked for a new enterprise', async () => {
    const list = await checklist();
    expect(list.steps.map((s) => s.key)).toEqual([
      'lines',
      'seats',
      'reporting',
      'minutes',
      'staff',
      'seatAssigned',
      'customers',
      'firstCall',
    ]);
    expect(list.isComplete).toBe(false);
    expect(await done()).toEqual({
      lines: true,
      seats: false,
      reporting: false,
      minutes: false,
      staff: false,
      seatAssigned: false,
      customers: false,
      firstCall: false,
    });
  });

  it('says no line when the platform offers none, and ticks again once it does', async () => {
    const active = await exec<{ id: number }>(sql`select id from lines where status = 'active'`);
    await t.database.db.execute(sql`update lines set status = 'disabled'`);
    expect((await checklist()).steps[0]).toEqual({ key: 'lines', isDone: false, count: 0 });
    await t.database.db.execute(
      sql`update lines set status = 'active' where id in (${sql.join(
        active.map((l) => sql`${l.id}`),
        sql`, `,
      )})`,
    );
    expect((await done()).lines).toBe(true);
  });

  it('ticks each step from the real state as the administrator works through them', async () => {
    const [line] = await exec<{ id: number }>(sql`select id from lines where status = 'active' and mode = 0 limit 1`);
    // A seat bought (written as the purchase writes it: a live seat of the enterprise on the line).
    await t.database.db.execute(sql`insert into seats (tenant_id, line_id, start_at, expire_at, status)
      values (${tenantId}, ${line!.id}, now(), now() + interval '30 days', 'active')`);
    expect(await done()).toMatchObject({ seats: true, minutes: false, staff: false, seatAssigned: false });

    // Call minutes: a package bought (as the order's payment grants it), counted in minutes left;
    // used up or expired, it pays for nothing; a balance alone pays too (the dial guard's rule).
    const [packet] = await exec<{ id: number }>(sql`insert into packets (tenant_id, line_id, name, total_minutes,
      used_seconds, price, bought_at, expire_at) values (${tenantId}, ${line!.id}, '1000分钟月包', 1000, 90, 12000,
      now(), now() + interval '30 days') returning id`);
    expect((await checklist()).steps.find((s) => s.key === 'minutes')).toEqual({
      key: 'minutes',
      isDone: true,
      count: 998,
    });
    await t.database.db.execute(sql`update packets set used_seconds = 60000 where id = ${packet!.id}`);
    expect((await done()).minutes).toBe(false);
    await t.database.db.execute(
      sql`update packets set used_seconds = 0, expire_at = now() - interval '1 second' where id = ${packet!.id}`,
    );
    expect((await done()).minutes).toBe(false);
    const platform = await t.loginAs.platform();
    const credited = await t.call(
      routeTables.trade.platformAdjust,
      { tenantId, amount: 500, reason: '测试充值', requestId: 'onboarding-minutes-1' },
      platform,
    );
    expect(credited.body.code).toBe(0);
    expect((await checklist()).steps.find((s) => s.key === 'minutes')).toEqual({
      key: 'minutes',
      isDone: true,
      count: 0,
    });

    const added = await t.call(
      routeTables.orgStaff.staffAdd,
      { username: 'qibu_agent', realName: '坐席一', mobile: '13544440002', deptId: rootDept },
      admin,
    );
    expect(added.body.code).toBe(0);
    const list = await checklist();
    expect(list.steps.find((s) => s.key === 'staff')).toEqual({ key: 'staff', isDone: true, count: 1 });

    const seat = await t.call(routeTables.seat.addSeat, { lineId: line!.id, userId: added.body.data.id }, admin);
    expect(seat.body.code).toBe(0);
    expect((await done()).seatAssigned).toBe(true);

    const [customer] = await exec<{ id: number }>(sql`insert into customers (tenant_id, name, mobile)
      values (${tenantId}, '客户甲', '13544449999') returning id`);
    expect((await done()).customers).toBe(true);

    await t.database.db.execute(sql`insert into call_records (tenant_id, user_id, customer_id, line_id, bind_id,
      tel_a, tel_b, call_status, finish_status, start_time, end_time)
      values (${tenantId}, ${added.body.data.id}, ${customer!.id}, ${line!.id}, 'onboard-1', '13544440002',
        '13544449999', 1, 1, now(), now())`);
    expect(await done()).toMatchObject({ firstCall: true, reporting: false });
    expect((await checklist()).isComplete).toBe(false);

    // 号码报备: one number's report approved (as the review decides it), the number 1 of them.
    const [author] = await exec<{ id: number }>(sql`select id from users where username = 'qibu'`);
    await t.database.db.execute(sql`insert into caller_reports (tenant_id, line_id, number, scenario, script, state,
      created_by, creator) values (${tenantId}, ${line!.id}, '02566669999', '回访', '您好', 'pending', ${author!.id}, '孙起')`);
    expect((await done()).reporting).toBe(false);
    await t.database.db.execute(sql`update caller_reports set state = 'approved' where tenant_id = ${tenantId}`);
    expect((await checklist()).steps.find((s) => s.key === 'reporting')).toEqual({
      key: 'reporting',
      isDone: true,
      count: 1,
    });
    const complete = await checklist();
    expect(complete.isComplete).toBe(true);
    expect(complete.steps.every((s) => s.isDone)).toBe(true);
  });

  it('has no reporting step while the platform switches 数据审核 off', async () => {
    await t.database.db.execute(sql`insert into brand_options (host, option_key, option_value)
      values ('', 'data_audit', '0') on conflict (host, option_key) do update set option_value = '0'`);
    expect((await checklist()).steps.map((s) => s.key)).not.toContain('reporting');
    await t.database.db.execute(
      sql`update brand_options set option_value = '1' where host = '' and option_key = 'data_audit'`,
    );
    expect((await checklist()).steps.map((s) => s.key)).toContain('reporting');
  });

  it('un-ticks a step when its state goes away (the seat expired)', async () => {
    await t.database.db.execute(
      sql`update seats set expire_at = now() - interval '1 day' where tenant_id = ${tenantId}`,
    );
    expect(await done()).toMatchObject({ seats: false, seatAssigned: false, firstCall: true });
  });

  it("counts only the caller's enterprise", async () => {
    const demo = await checklist(await t.loginAs.admin());
    expect(demo.steps.find((s) => s.key === 'staff')!.count).toBeGreaterThan(1);
    expect((await checklist()).steps.find((s) => s.key === 'staff')!.count).toBe(1);
  });

  it('is the enterprise administrator’s alone', async () => {
    for (const token of [await t.loginAs.agent(), await t.loginAs.manager(), await t.loginAs.platform()]) {
      const res = await t.call(r.onboardingChecklist, {}, token);
      expect(res.body).toMatchObject({ code: 403, msg: '开通进度只有企业管理员可以查看', data: null });
    }
    expect((await t.call(r.onboardingChecklist, {}, null)).body.code).toBe(401);
  });

  it('tells the web who sees it: the enterprise administrator, not the platform nor an agent', async () => {
    expect((await t.call(r.userInfo, undefined, admin)).body.data.isAdmin).toBe(true);
    expect((await t.call(r.userInfo, undefined, await t.loginAs.agent())).body.data.isAdmin).toBe(false);
    expect((await t.call(r.userInfo, undefined, await t.loginAs.platform())).body.data.isAdmin).toBe(false);
  });
});
