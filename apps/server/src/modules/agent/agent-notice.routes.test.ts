import fs from 'node:fs';
import { routeTables, type TRouteDef } from '@yunhu/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { roles, tenants } from '../org/org.schema.js';
import { notices } from '../system/system.schema.js';
import { createTestAgent } from './agent.test-kit.js';
import { agentNotices } from './agent-notice.schema.js';

const { agent: r, auth, platform: platformRoutes, system } = routeTables;

/**
 * An agent's notices: published to its enterprises' bells once per request key, the
 * figures of their reach and reading (notice-cpfr), and the walls: another agent's enterprises and
 * notices are out of reach, an enterprise or the platform never reaches the agent's routes.
 */
describe('agent notice routes', () => {
  let t: TTestApp;
  let platform: string;
  let admin: string;
  const agents: Record<'a' | 'b' | 'empty', { id: number; token: string }> = {} as never;
  const firms: Record<'a1' | 'a2' | 'b1', { id: number; token: string }> = {} as never;
  let keySeq = 0;
  const key = () => `test-key-${++keySeq}-${Date.now()}`;

  const ok = <T>(res: { body: { code: number; msg: string; data: T } }) => {
    expect(res.body.code, res.body.msg).toBe(0);
    return res.body.data;
  };
  const createAgent = (name: string, username: string, mobile: string) =>
    createTestAgent(t, platform, { name, username, mobile });
  /** An enterprise registered with the agent's code and examined, with its administrator's token. */
  const enterpriseOf = async (inviteCode: string, name: string, username: string, mobile: string) => {
    await t.call(auth.sendCode, { mobile, type: 'signup' }, null, t.freshIp());
    const reg = await t.call(auth.signup, {
      enterpriseName: name,
      realName: '老板',
      username,
      mobile,
      code: await t.smsCode(mobile),
      password: 'Reg@2026x',
      inviteCode,
    });
    expect(reg.body.code, reg.body.msg).toBe(0);
    const [row] = await t.database.db.select().from(tenants).where(eq(tenants.name, name));
    ok(await t.call(platformRoutes.examine, { id: row!.id, pass: true, reason: '' }, platform));
    return { id: row!.id, token: await t.login(username, 'Reg@2026x') };
  };
  const bell = async (token: string) => ok(await t.call(system.myNoticePage, { page: 1, limit: 50 }, token));

  beforeAll(async () => {
    t = await startTestApp();
    [platform, admin] = await Promise.all([t.loginAs.platform(), t.loginAs.admin()]);
    const a = await createAgent('公告甲代理', 'noticea', '13822220001');
    const b = await createAgent('公告乙代理', 'noticeb', '13822220002');
    agents.a = a;
    agents.b = b;
    agents.empty = await createAgent('公告空代理', 'noticee', '13822220003');
    firms.a1 = await enterpriseOf(a.inviteCode, '公告甲一公司', 'firma1', '13822220011');
    firms.a2 = await enterpriseOf(a.inviteCode, '公告甲二公司', 'firma2', '13822220012');
    firms.b1 = await enterpriseOf(b.inviteCode, '公告乙一公司', 'firmb1', '13822220013');
  });
  afterAll(() => t.close());

  it("reaches every enterprise of the agent in the bell, and none of another agent's", async () => {
    const published = ok(
      await t.call(
        r.noticePublish,
        { title: '五一线路维护', content: '5月1日凌晨线路维护两小时', audience: 'all', requestKey: key() },
        agents.a.token,
      ),
    );
    expect(published).toMatchObject({
      audience: 'all',
      publisher: '公告甲代理',
      enterpriseCount: 2,
      userCount: 2,
      readCount: 0,
    });
    for (const firm of [firms.a1, firms.a2]) {
      const seen = await bell(firm.token);
      expect(seen.records.map((n) => n.title)).toContain('五一线路维护');
      expect(seen.unreadCount).toBeGreaterThan(0);
    }
    for (const token of [firms.b1.token, admin]) {
      expect((await bell(token)).records.map((n) => n.title)).not.toContain('五一线路维护');
    }
  });

  it('sends to the chosen enterprises only, and refuses another agent’s enterprise without sending anything', async () => {
    const chosen = ok(
      await t.call(
        r.noticePublish,
        {
          title: '甲一专享',
          content: '您的套餐即将到期',
          audience: 'chosen',
          enterpriseIds: [firms.a1.id],
          requestKey: key(),
        },
        agents.a.token,
      ),
    );
    expect(chosen).toMatchObject({ audience: 'chosen', enterpriseCount: 1, userCount: 1 });
    expect((await bell(firms.a1.token)).records.map((n) => n.title)).toContain('甲一专享');
    expect((await bell(firms.a2.token)).records.map((n) => n.title)).not.toContain('甲一专享');

    const before = (await t.database.db.select({ id: notices.id }).from(notices)).length;
    const theirs = await t.call(
      r.noticePublish,
      {
        title: '越界公告',
        content: '不应送达',
        audience: 'chosen',
        enterpriseIds: [firms.a2.id, firms.b1.id],
        requestKey: key(),
      },
      agents.a.token,
    );
    expect(theirs.body).toMatchObject({
      msg: '所选企业中有不属于您的企业，请刷新后重新选择',
      reason: 'agent.enterpriseNotYours',
    });
    expect((await t.database.db.select({ id: notices.id }).from(notices)).length).toBe(before);
    expect((await bell(firms.b1.token)).records.map((n) => n.title)).not.toContain('越界公告');
    expect((await bell(firms.a2.token)).records.map((n) => n.title)).not.toContain('越界公告');

    const none = await t.call(
      r.noticePublish,
      { title: '空', content: '空', audience: 'chosen', requestKey: key() },
      agents.a.token,
    );
    expect(none.body.msg).toMatch(/^请选择接收公告的企业/);
    const empty = await t.call(
      r.noticePublish,
      { title: '无企业', content: '无企业', audience: 'all', requestKey: key() },
      agents.empty.token,
    );
    expect(empty.body.msg).toBe('您名下还没有企业，暂时无法发布公告');
  });

  it('publishes once for one request key, however many times and however at once it is sent', async () => {
    const requestKey = key();
    const body = { title: '双击公告', content: '只应收到一次', audience: 'all' as const, requestKey };
    const answers = await Promise.all([1, 2, 3, 4].map(() => t.call(r.noticePublish, body, agents.a.token)));
    const ids = answers.map((res) => ok(res).id);
    expect(new Set(ids).size).toBe(1);
    const again = ok(await t.call(r.noticePublish, body, agents.a.token));
    expect(again.id).toBe(ids[0]);
    const rows = await t.database.db.select().from(notices).where(eq(notices.title, '双击公告'));
    expect(rows).toHaveLength(1);
    expect((await bell(firms.a1.token)).records.filter((n) => n.title === '双击公告')).toHaveLength(1);
    // Another agent's identical key is its own: its enterprise gets its notice.
    const other = ok(await t.call(r.noticePublish, { ...body, title: '乙的公告' }, agents.b.token));
    expect(other.id).not.toBe(ids[0]);
    expect((await bell(firms.b1.token)).records.map((n) => n.title)).toContain('乙的公告');
  });

  it('lists the notices with their reach and reading, per enterprise in notice-cpfr', async () => {
    const published = ok(
      await t.call(
        r.noticePublish,
        { title: '阅读统计', content: '请查收', audience: 'all', requestKey: key() },
        agents.a.token,
      ),
    );
    const mine = (await bell(firms.a1.token)).records.find((n) => n.title === '阅读统计')!;
    ok(await t.call(system.noticeRead, { ids: [mine.id] }, firms.a1.token));

    const page = ok(await t.call(r.noticePage, { page: 1, limit: 2 }, agents.a.token));
    expect(page.total).toBeGreaterThanOrEqual(4);
    expect(page.records).toHaveLength(2);
    expect(page.records[0]).toMatchObject({ id: published.id, enterpriseCount: 2, userCount: 2, readCount: 1 });
    const found = ok(await t.call(r.noticePage, { page: 1, limit: 10, title: '阅读' }, agents.a.token));
    expect(found.records.map((n) => n.title)).toEqual(['阅读统计']);

    const reach = ok(await t.call(r.noticeReach, { noticeId: published.id, page: 1, limit: 10 }, agents.a.token));
    expect(reach.total).toBe(2);
    expect(reach.records).toEqual([
      { enterpriseId: firms.a1.id, enterpriseName: '公告甲一公司', userCount: 1, readCount: 1 },
      { enterpriseId: firms.a2.id, enterpriseName: '公告甲二公司', userCount: 1, readCount: 0 },
    ]);
    // Another agent neither lists nor opens it.
    const theirs = ok(await t.call(r.noticePage, { page: 1, limit: 50 }, agents.b.token));
    expect(theirs.records.map((n) => n.title)).toEqual(['乙的公告']);
    const peek = await t.call(r.noticeReach, { noticeId: published.id, page: 1, limit: 10 }, agents.b.token);
    expect(peek.body).toMatchObject({ reason: 'agent.noticeMissing' });
  });

  it('refuses the notice routes to an enterprise user and to the platform (403)', async () => {
    for (const token of [admin, firms.a1.token, platform]) {
      for (const [route, input] of [
        [r.noticePage, { page: 1, limit: 10 }],
        [r.noticePublish, { title: '越权', content: '越权', audience: 'all', requestKey: key() }],
        [r.noticeReach, { noticeId: 1, page: 1, limit: 10 }],
      ] as [TRouteDef, object][]) {
        const res = await t.call(route, input as never, token);
        expect(res.body.code, route.path).toBe(403);
      }
    }
    expect((await t.database.db.select().from(notices).where(eq(notices.title, '越权'))).length).toBe(0);
  });

  it('grants the new strings to agents created before migration 0048', async () => {
    const [role] = await t.database.db.select().from(roles).where(eq(roles.tenantId, agents.b.id));
    const older = role!.permissions.filter((p) => p !== 'agent:notice:manage' && p !== 'agent:seat:summary');
    await t.database.db.update(roles).set({ permissions: older }).where(eq(roles.id, role!.id));
    const migration = fs.readFileSync(new URL('../../../drizzle/0048_agent_notices.sql', import.meta.url), 'utf8');
    const grant = migration.slice(migration.indexOf('UPDATE "roles"'));
    await t.database.db.execute(sql.raw(grant));
    await t.database.db.execute(sql.raw(grant));
    const [after] = await t.database.db.select().from(roles).where(eq(roles.id, role!.id));
    expect(after!.permissions.filter((p) => p === 'agent:notice:manage')).toHaveLength(1);
    expect(after!.permissions).toContain('agent:seat:summary');
    expect(await t.database.db.select().from(agentNotices).where(eq(agentNotices.agentId, agents.empty.id))).toEqual(
      [],
    );
  });
});
