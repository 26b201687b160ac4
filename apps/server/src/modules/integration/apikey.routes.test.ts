import { allRoutes, IntegrationPerm, Perm, routeTables, type TRouteDef } from '@yunhu/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { otherEnterprise } from '../../test/other-enterprise.js';
import { roles, userRoles, users } from '../org/org.schema.js';
import { hashKey } from './apikey.service.js';
import { apiKeys } from './integration.schema.js';
import { openApiRoutes } from './openapi.js';

const r = routeTables.integration;
const crm = routeTables.crm;
const perMinute = 8;

describe('开放平台 › API 密钥 and the open API', () => {
  let t: TTestApp;
  let admin: string;
  let agent: string;

  beforeAll(async () => {
    t = await startTestApp({ env: { OPEN_API_RATE_PER_MINUTE: String(perMinute) } });
    [admin, agent] = await Promise.all([t.loginAs.admin(), t.loginAs.agent()]);
  });
  afterAll(() => t.close());

  const ok = <T>(res: { body: { code: number; msg: string; data: T } }) => {
    expect(res.body, res.body.msg).toMatchObject({ code: 0 });
    return res.body.data;
  };
  /** A request with `Authorization: Bearer <key>` and no session. */
  const withKey = async (key: string, route: TRouteDef, input: Record<string, unknown>) => {
    const res = await t.app.inject({
      method: route.method,
      url: route.path,
      headers: { authorization: `Bearer ${key}` },
      ...(route.method === 'GET'
        ? { query: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)])) }
        : { payload: input }),
    });
    return res.json() as { code: number; msg: string; data: { total?: number; records?: { id: number }[] } };
  };
  const createKey = async (permissions: string[], token = admin) =>
    ok(await t.call(r.keyCreate, { name: '对接CRM', permissions }, token));

  it('offers the open API permissions the administrator holds, and refuses anything else', async () => {
    const offered = ok(await t.call(r.keyPermissions, {}, admin));
    expect(offered.map((p) => p.perm)).toContain(Perm.customerList);
    expect(offered.find((p) => p.perm === Perm.customerList)!.summaries).toEqual(['我的客户', '客户详情']);
    const refused = await t.call(r.keyCreate, { name: 'x', permissions: [Perm.customerDelete] }, admin);
    expect(refused.body).toMatchObject({ reason: 'integration.permNotGrantable' });
    expect((await t.call(r.keyCreate, { name: 'x', permissions: [Perm.customerList] }, agent)).body.code).toBe(403);
  });

  it('shows a key once and keeps only its SHA-256 and prefix', async () => {
    const { key, apiKey } = await createKey([Perm.customerList]);
    expect(key).toMatch(/^yk_[A-Za-z0-9_-]{43}$/);
    expect(apiKey).toMatchObject({ prefix: key.slice(0, 11), permissions: [Perm.customerList], lastUsedAt: null });
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(row!.keyHash).toBe(hashKey(key));
    expect(JSON.stringify(row)).not.toContain(key);
    expect(JSON.stringify(ok(await t.call(r.keyList, {}, admin)))).not.toContain(key);
  });

  it('reads customers with a customer key, is refused everything else, and is refused at once when revoked', async () => {
    const { key, apiKey } = await createKey([Perm.customerList]);
    const page = await withKey(key, crm.customerPage, { page: 1, limit: 5 });
    expect(page.code, JSON.stringify(page)).toBe(0);
    expect(page.data.total).toBeGreaterThan(0);
    const first = page.data.records![0]!;
    expect((await withKey(key, crm.customerDetail, { id: first.id })).code).toBe(0);
    // The same key on a console route, a write, and the key screens themselves.
    expect((await withKey(key, r.keyList, {})).code).toBe(403);
    expect((await withKey(key, crm.updateLevel, { ids: [first.id], intentionLevel: 'A' })).code).toBe(403);
    expect((await withKey(key, routeTables.callRecord.getPage, { page: 1, limit: 5 })).code).toBe(403);
    expect((await withKey('yk_not-a-key', crm.customerPage, { page: 1, limit: 5 })).code).toBe(401);
    expect(ok(await t.call(r.keyList, {}, admin)).find((k) => k.id === apiKey.id)!.lastUsedAt).not.toBeNull();
    ok(await t.call(r.keyRevoke, { id: apiKey.id }, admin));
    expect((await withKey(key, crm.customerPage, { page: 1, limit: 5 })).code).toBe(401);
  });

  it('refuses a key on every route of the contract the open API does not take', async () => {
    const { key } = await createKey([Perm.customerList]);
    const closed = allRoutes().filter((route) => route.access === 'user' && !route.openApi && !route.devOnly);
    expect(closed.length).toBeGreaterThan(100);
    const answers: { path: string; code: number }[] = [];
    // One at a time: the server's admission limit would answer a burst of hundreds 服务繁忙.
    for (const route of closed) {
      const res = await t.app.inject({
        method: route.method,
        url: route.path.replace(/:([A-Za-z_]\w*)/g, '1'),
        headers: { authorization: `Bearer ${key}` },
        ...(route.method === 'POST' ? { payload: {} } : {}),
      });
      answers.push({ path: route.path, code: (res.json() as { code: number }).code });
    }
    expect(answers.filter((a) => a.code !== 403)).toEqual([]);
  });

  it("reads with its creator's data scope: a manager's key sees what he sees, not the whole enterprise", async () => {
    const manager = await t.loginAs.manager();
    // The manager's roles are given the key string (an administrator holds it already).
    const [me] = await t.database.db.select().from(users).where(eq(users.username, 'manager'));
    const held = await t.database.db.select().from(userRoles).where(eq(userRoles.userId, me!.id));
    for (const { roleId } of held) {
      await t.database.db
        .update(roles)
        .set({ permissions: sql`array_append(${roles.permissions}, ${IntegrationPerm.apiKey})` })
        .where(eq(roles.id, roleId));
    }
    const managerToken = await t.loginAs.manager();
    const { key } = await createKey([Perm.customerList], managerToken);
    const { key: adminKey } = await createKey([Perm.customerList]);
    const asManager = ok(await t.call(crm.customerPage, { page: 1, limit: 1 }, manager)).total;
    const withManagerKey = (await withKey(key, crm.customerPage, { page: 1, limit: 1 })).data.total;
    const withAdminKey = (await withKey(adminKey, crm.customerPage, { page: 1, limit: 1 })).data.total;
    expect(withManagerKey).toBe(asManager);
    expect(withAdminKey).toBeGreaterThan(withManagerKey!);
  });

  it('answers a key without the permission a route needs with 403', async () => {
    // A key whose creator has since lost the string: the key has it no more.
    const { key, apiKey } = await createKey([Perm.customerList]);
    await t.database.db
      .update(apiKeys)
      .set({ permissions: ['crm:customer:nothing'] })
      .where(eq(apiKeys.id, apiKey.id));
    expect((await withKey(key, crm.customerPage, { page: 1, limit: 5 })).code).toBe(403);
  });

  it('limits each key per minute under parallel requests, each key in its own window', async () => {
    const { key } = await createKey([Perm.customerList]);
    const answers = await Promise.all(
      Array.from({ length: perMinute + 4 }, () => withKey(key, crm.customerPage, { page: 1, limit: 1 })),
    );
    const codes = answers.map((a) => a.code);
    // Unless the minute turned during the burst, exactly the limit got through.
    expect(codes.filter((c) => c === 0).length).toBeGreaterThanOrEqual(perMinute);
    expect(codes.filter((c) => c === 0).length).toBeLessThanOrEqual(perMinute * 2);
    expect(answers.find((a) => a.code !== 0)?.msg).toContain(`每分钟最多${perMinute}次`);
    // Another key has its own window.
    const { key: second } = await createKey([Perm.customerList]);
    expect((await withKey(second, crm.customerPage, { page: 1, limit: 1 })).code).toBe(0);
  });

  it("keeps one enterprise's keys from another: its list, revocation and data", async () => {
    const { key, apiKey } = await createKey([Perm.customerList]);
    const other = await otherEnterprise(t, { code: 'E9AK01', username: 'akboss', mobile: '13700009902' });
    expect(ok(await t.call(r.keyList, {}, other.token))).toEqual([]);
    expect((await t.call(r.keyRevoke, { id: apiKey.id }, other.token)).body).toMatchObject({
      reason: 'integration.keyMissing',
    });
    const theirs = ok(await t.call(r.keyCreate, { name: '别家', permissions: [Perm.customerList] }, other.token));
    const mine = await withKey(key, crm.customerPage, { page: 1, limit: 100 });
    const their = await withKey(theirs.key, crm.customerPage, { page: 1, limit: 100 });
    expect(their.data.total).toBe(0);
    expect(mine.data.total).toBeGreaterThan(0);
  });

  it('serves an OpenAPI 3.1 document listing every open route, and its reference page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/open/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      openapi: string;
      info: { title: string; version: string };
      paths: Record<string, Record<string, { responses: Record<string, unknown>; security: unknown[] }>>;
      components: { securitySchemes: Record<string, { type: string; scheme: string }> };
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBeTruthy();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    const open = openApiRoutes();
    expect(open.map((x) => x.path)).toEqual(expect.arrayContaining([crm.customerPage.path, crm.customerDetail.path]));
    for (const route of open) {
      const op = doc.paths[route.path]?.[route.method.toLowerCase()] as
        | { responses: Record<string, { content: Record<string, { schema: { properties: object } }> }> }
        | undefined;
      expect(op, route.path).toBeDefined();
      expect(op!.responses['200']!.content['application/json']!.schema.properties).toHaveProperty('data');
    }
    expect(Object.keys(doc.paths)).toHaveLength(new Set(open.map((x) => x.path)).size);
    const detail = doc.paths[crm.customerDetail.path]!.get as unknown as { parameters: { name: string; in: string }[] };
    expect(detail.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'query' }));
    const page = await t.app.inject({ method: 'GET', url: '/open/docs' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(crm.customerPage.path);
  });
});
