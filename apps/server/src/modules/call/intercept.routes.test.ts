import { Perm, routeTables } from '@yunhu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { otherEnterprise } from '../../test/other-enterprise.js';
import { roles, userRoles } from '../org/org.schema.js';
import { callBinds } from './call.schema.js';
import { callKit } from './call.test-kit.js';
import { sipBindTargetPath, sipInterceptPath } from './intercept.routes.js';
import { callIntercepts } from './intercept.schema.js';
import { sipSecretHeader } from './sip.routes.js';

const { call, callIntercept } = routeTables;
const { sip } = loadConfig({});

/**
 * The SIP edge's authorisation (kamailio.cfg BIND_TARGET, INTERCEPT) and 呼叫拦截记录: a bind goes
 * to its own key's first INVITE only, while fresh; every refusal is written in the caller's
 * enterprise and read by its administrator within his data scope.
 */
describe('call intercepts', () => {
  let t: TTestApp;
  let kit: Awaited<ReturnType<typeof callKit>>;
  let manager: string;
  let managerKey: string;
  let n = 0;

  beforeAll(async () => {
    t = await startTestApp();
    kit = await callKit(t);
    manager = await t.loginAs.manager();
    await kit.setRules('manager');
    managerKey = (await t.call(call.lineConfig, { lineId: 2 }, manager)).body.data.key;
  });
  afterAll(() => t.close());

  const authorise = (query: Record<string, string>, secret: string | null = sip.sharedSecret) =>
    t.app.inject({
      method: 'GET',
      url: sipBindTargetPath,
      query: { from: managerKey, number: '', callId: `call-${++n}`, ip: '198.51.100.7', ...query },
      headers: secret === null ? {} : { [sipSecretHeader]: secret },
    });
  const report = (body: string, secret: string | null = sip.sharedSecret) =>
    t.app.inject({
      method: 'POST',
      url: sipInterceptPath,
      payload: body,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(secret ? { [sipSecretHeader]: secret } : {}),
      },
    });
  const dial = async (telB: string) => {
    const res = await t.call(call.dial, { telB, interfaceId: kit.sipLine.id }, manager);
    expect(res.body.code).toBe(0);
    return res.body.data.bindId as string;
  };
  const lastIntercept = async () =>
    (await t.database.db.select().from(callIntercepts).orderBy(callIntercepts.id)).at(-1);

  it('hands a bind to the first INVITE of its own key only, and writes every refusal', async () => {
    const bind = await dial('13966660001');
    expect((await authorise({ bind }, null)).statusCode).toBe(403);
    expect((await authorise({ bind: 'nonsense' })).statusCode).toBe(400);
    expect((await authorise({ bind, from: 'not a key' })).statusCode).toBe(400);
    // Another person's key: refused, and the bind stays for its owner.
    expect((await authorise({ bind, from: 'e100001-999999' })).statusCode).toBe(403);
    const ok = await authorise({ bind });
    expect([ok.statusCode, ok.body]).toEqual([200, '13966660001']);
    expect((await authorise({ bind })).statusCode).toBe(403);
    expect(await lastIntercept()).toMatchObject({
      sipUser: managerKey,
      number: bind,
      bindId: bind,
      reason: 'bind_used',
      sourceIp: '198.51.100.7',
      userId: await kit.userId('manager'),
    });
  });

  it('gives a bind to exactly one of many INVITEs racing for it', async () => {
    const bind = await dial('13966660002');
    const answers = await Promise.all(Array.from({ length: 8 }, () => authorise({ bind })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 403, 403, 403, 403, 403, 403, 403]);
    const [row] = await t.database.db.select().from(callBinds).where(eq(callBinds.bindId, bind));
    expect(row!.callId).toMatch(/^call-\d+$/);
  });

  it('refuses an old bind, a bind for another number, and one nobody issued, each with its reason', async () => {
    const old = await dial('13966660003');
    await t.database.db
      .update(callBinds)
      .set({ createdAt: new Date(Date.now() - 3 * 60_000) })
      .where(eq(callBinds.bindId, old));
    expect((await authorise({ bind: old })).statusCode).toBe(403);
    expect((await lastIntercept())!.reason).toBe('bind_expired');
    const other = await dial('13966660004');
    expect((await authorise({ bind: other, number: '13966669999' })).statusCode).toBe(403);
    expect(await lastIntercept()).toMatchObject({ reason: 'number_mismatch', number: '13966669999' });
    expect((await authorise({ bind: other, number: '13966660004' })).statusCode).toBe(200);
    expect((await authorise({ bind: `b${'a'.repeat(32)}` })).statusCode).toBe(403);
    expect((await lastIntercept())!.reason).toBe('bind_unknown');
  });

  it('writes what Kamailio refused itself, guarded by the shared secret', async () => {
    const body = `reason=no_bind&from=${managerKey}&number=13966660005&bindId=&ip=203.0.113.5`;
    expect((await report(body, null)).statusCode).toBe(403);
    expect((await report(body.replace('no_bind', 'whatever'))).statusCode).toBe(400);
    expect((await report(body.replace(managerKey, 'e100001-999999'))).statusCode).toBe(404);
    expect((await report(body)).statusCode).toBe(200);
    expect(await lastIntercept()).toMatchObject({ reason: 'no_bind', number: '13966660005', sourceIp: '203.0.113.5' });
  });

  it('lists them for the administrator, newest first, filtered by reason, number fragment and time', async () => {
    const admin = await t.loginAs.admin();
    const page = await t.call(callIntercept.page, { page: 1, limit: 50 }, admin);
    expect(page.body.code).toBe(0);
    const rows = page.body.data.records;
    expect(rows.length).toBeGreaterThanOrEqual(5);
    expect(rows[0]).toMatchObject({ reason: 'no_bind', sipUser: managerKey, sourceIp: '203.0.113.5' });
    expect(rows[0]!.userName).toBeTruthy();
    const byReason = await t.call(callIntercept.page, { page: 1, limit: 50, reason: 'bind_expired' }, admin);
    expect(byReason.body.data.records.map((r: { reason: string }) => r.reason)).toEqual(['bind_expired']);
    const byNumber = await t.call(callIntercept.page, { page: 1, limit: 50, number: '6669999' }, admin);
    expect(byNumber.body.data.total).toBe(1);
    const bad = await t.call(callIntercept.page, { page: 1, limit: 20, range: [2, 1] }, admin);
    expect(bad.body.code).toBe(10002);
    expect(bad.body.msg).toContain('开始时间不能晚于结束时间');
  });

  it('writes one intercept for an INVITE and its retransmissions (the same Call-ID), racing or not', async () => {
    const interceptsOf = async (number: string) =>
      (await t.database.db.select().from(callIntercepts).where(eq(callIntercepts.number, number))).length;
    // Kamailio's own refusal: the INVITE and four copies of it at once, then one more later.
    const body = `reason=no_bind&from=${managerKey}&number=13966660006&bindId=&ip=203.0.113.6&callId=dup-1%40desk`;
    const answers = await Promise.all(Array.from({ length: 5 }, () => report(body)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect((await report(body)).statusCode).toBe(200);
    expect(await interceptsOf('13966660006')).toBe(1);
    // Another INVITE (another Call-ID) to the same number is another attempt.
    expect((await report(body.replace('dup-1', 'dup-2'))).statusCode).toBe(200);
    expect(await interceptsOf('13966660006')).toBe(2);
    // The bind look-up's refusal: the same INVITE asking again is refused again, written once.
    const unknown = `b${'c'.repeat(32)}`;
    const asks = await Promise.all(Array.from({ length: 4 }, () => authorise({ bind: unknown, callId: 'dup-3' })));
    expect(asks.map((a) => a.statusCode)).toEqual([403, 403, 403, 403]);
    expect((await authorise({ bind: unknown, callId: 'dup-3' })).statusCode).toBe(403);
    expect(await interceptsOf(unknown)).toBe(1);
  });

  it('refuses agents; one granted it sees his own only, the number masked as his customers’ are', async () => {
    const agent = await t.loginAs.agent();
    expect((await t.call(callIntercept.page, { page: 1, limit: 20 }, agent)).body.code).toBe(403);
    const agentId = await kit.userId('agent01');
    await t.database.db.insert(callIntercepts).values({
      tenantId: kit.tenantId,
      userId: agentId,
      sipUser: `e100001-${agentId}`,
      number: '13966660077',
      reason: 'no_bind',
    });
    const [role] = await t.database.db
      .select({ id: roles.id, permissions: roles.permissions })
      .from(roles)
      .innerJoin(userRoles, eq(userRoles.roleId, roles.id))
      .where(eq(userRoles.userId, agentId));
    await t.database.db
      .update(roles)
      .set({ permissions: [...role!.permissions, Perm.callInterceptList] })
      .where(eq(roles.id, role!.id));
    const own = await t.call(callIntercept.page, { page: 1, limit: 20 }, await t.loginAs.agent());
    expect(own.body.data.records.map((r: { number: string }) => r.number)).toEqual(['139****0077']);
  });

  it('shows another enterprise nothing', async () => {
    const stranger = await otherEnterprise(t, { code: 'E300003', username: 'icept-boss', mobile: '13700000303' });
    const theirs = await t.call(callIntercept.page, { page: 1, limit: 20 }, stranger.token);
    expect(theirs.body.data).toMatchObject({ total: 0, records: [] });
  });
});
