import { allRoutes, isAgentPerm, isPlatformPerm, routeTables } from '@yunhu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenants, users } from '../modules/org/org.schema.js';
import { hashPassword } from '../security/password.js';
import { startTestApp, type TTestApp } from '../test/harness.js';

/**
 * Walks every entry of the contract's route table, so each area that adds routes inherits these
 * checks: no token -> 401, a user without the permission -> 403, a malformed body -> 10002.
 */
describe('route table security', () => {
  let t: TTestApp;
  let adminToken: string;
  let platformToken: string;
  let bareToken: string;
  let agentToken: string;
  const pathOf = (path: string) => path.replace(/:(\w+)/g, 'x');

  beforeAll(async () => {
    t = await startTestApp();
    adminToken = await t.loginAs.admin();
    platformToken = await t.loginAs.platform();
    // A signed-in user holding no role at all: every permission-guarded route must refuse him.
    const [demo] = await t.database.db.select().from(tenants).where(eq(tenants.code, 'E100001'));
    await t.database.db.insert(users).values({
      tenantId: demo!.id,
      username: 'norole',
      mobile: '13700000099',
      realName: '无角色',
      passwordHash: await hashPassword('Norole@2026'),
      jobNumber: '0099',
    });
    bareToken = await t.login('norole', 'Norole@2026');
    // An agent's administrator: the only one holding the agent console's strings.
    const agent = await t.call(
      routeTables.agent.platformAgentCreate,
      {
        name: '安全测试代理',
        contactName: '代理',
        mobile: '13700000098',
        username: 'secagent',
        password: 'Given@2026x',
      },
      platformToken,
    );
    expect(agent.body.code, agent.body.msg).toBe(0);
    // The platform set the password: the administrator chooses his own first.
    const first = await t.login('secagent', 'Given@2026x');
    const changed = await t.call(
      routeTables.auth.updatePassword,
      { oldPassword: 'Given@2026x', newPassword: 'Agent@2026x' },
      first,
    );
    expect(changed.body.code, changed.body.msg).toBe(0);
    agentToken = await t.login('secagent', 'Agent@2026x');
  });
  afterAll(() => t.close());

  const userRoutes = allRoutes().filter((r) => r.access === 'user');
  const guarded = userRoutes.filter((r) => r.permission !== null);
  const postRoutes = allRoutes().filter((r) => r.method === 'POST');

  it('has routes to check', () => {
    expect(userRoutes.length).toBeGreaterThan(10);
    expect(guarded.length).toBeGreaterThan(0);
  });

  it.each(userRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s answers 401 without a token',
    async (_n, r) => {
      const res = await t.request(r.method, pathOf(r.path), { body: {} });
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(401);
      const forged = await t.request(r.method, pathOf(r.path), { body: {}, token: 'not-a-real-token' });
      expect(forged.body.code).toBe(401);
    },
  );

  it.each(guarded.map((r) => [`${r.method} ${r.path} (${r.permission})`, r] as const))(
    '%s answers 403 to a user without the permission',
    async (_n, r) => {
      const res = await t.request(r.method, pathOf(r.path), { body: {}, token: bareToken });
      expect(res.body).toEqual({ code: 403, msg: '没有权限，请联系管理员', data: null, reason: 'common.forbidden' });
    },
  );

  it.each(postRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s refuses a malformed body with 10002',
    async (_n, r) => {
      const res = await t.app.inject({
        method: 'POST',
        url: pathOf(r.path),
        // Someone who holds the route's permission, so that validation is what answers.
        headers: {
          'cloud-token':
            r.permission && isPlatformPerm(r.permission)
              ? platformToken
              : r.permission && isAgentPerm(r.permission)
                ? agentToken
                : adminToken,
          'content-type': 'application/json',
        },
        payload: '["not", "an", "object"]',
      });
      const body = res.json();
      expect(body.code).toBe(10002);
      expect(body.msg).toMatch(/[\u4e00-\u9fa5]/);
      expect(body.data).toBeNull();
    },
  );
});
