import { routeTables } from '@yunhu/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { demoIds } from './org.test-kit.js';

const s = routeTables.orgStaff;

describe('员工详情 (userDetail)', () => {
  let t: TTestApp;
  let admin: string;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.loginAs.admin();
    ids = await demoIds(t);
  });
  afterAll(() => t.close());

  it('answers the record with roles, department, seats and lines, and whether the soft-phone is online', async () => {
    const agent = await ids.user('agent01');
    const offline = await t.call(s.staffDetail, { id: agent }, admin);
    expect(offline.body.code).toBe(0);
    expect(offline.body.data).toMatchObject({
      username: 'agent01',
      mobile: '13900000003',
      deptName: '销售一部',
      roles: [{ name: '坐席' }],
      billingEnabled: true,
      softphone: { isOnline: false, onlineUntil: null },
    });
    const { seats } = offline.body.data;
    expect(seats.length).toBeGreaterThan(0);
    expect(seats[0]).toMatchObject({ state: expect.stringMatching(/inUse|expiring/) });
    expect(offline.body.data.softphone.hasSeat).toBe(seats.some((x) => x.lineMode === 2));

    const until = new Date(Date.now() + 120_000);
    await t.database.db.execute(
      sql`insert into sip_registrations (tenant_id, user_id, expires_at) values (${ids.tenantId}, ${agent}, ${until})`,
    );
    const online = await t.call(s.staffDetail, { id: agent }, admin);
    expect(online.body.data.softphone).toMatchObject({ isOnline: true, onlineUntil: until.getTime() });
  });

  it('a manager sees his department only; another department is not found', async () => {
    const manager = await t.loginAs.manager();
    const own = await t.call(s.staffDetail, { id: await ids.user('agent02') }, manager);
    expect(own.body.code).toBe(0);
    const other = await t.call(s.staffDetail, { id: await ids.user('agent04') }, manager);
    expect(other.body).toMatchObject({ code: 10056, msg: '员工不存在或已删除', data: null });
  });

  it('refuses an agent without the staff list permission, and another tenant', async () => {
    const agent = await t.loginAs.agent();
    const refused = await t.call(s.staffDetail, { id: await ids.user('admin') }, agent);
    expect(refused.body.code).toBe(403);
    const platform = await t.loginAs.platform();
    const foreign = await t.call(s.staffDetail, { id: await ids.user('agent01') }, platform);
    expect(foreign.body).toMatchObject({ code: 10056, msg: '员工不存在或已删除' });
  });

  it('names a bad id in Chinese', async () => {
    const res = await t.request('GET', s.staffDetail.path, { token: admin, query: { id: 'abc' } });
    expect(res.body.code).toBe(10002);
    expect(res.body.msg).toMatch(/员工编号/);
  });
});
