import { ResultCode, routeTables } from '@yunhu/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { hashToken } from '../../security/password.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { resolveDataScope } from '../org/index.js';
import { tenants, users } from '../org/org.schema.js';
import { sessions } from './auth.schema.js';

/**
 * inSession: the session found by the request transaction's first statement, which also
 * enters the tenant. It must accept exactly what authenticate accepts, and confine the transaction.
 */
describe('the session found by the request transaction', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const seen = (token: string | null) =>
    t.app.services.auth.inSession(token, async (found) => {
      if (!found) return null;
      const [row] = rowsOf<{ tenant: string; who: string }>(
        await found.tx.execute(sql`select current_setting('app.tenant_id', true) as tenant, current_user as who`),
      );
      return { auth: found.auth, ...row! };
    });

  it('answers the same person as authenticate, inside his tenant as yunhu_app', async () => {
    for (const token of [await t.loginAs.admin(), await t.loginAs.manager(), await t.loginAs.platform()]) {
      const auth = await t.app.services.auth.authenticate(token);
      const found = await seen(token);
      expect(found?.auth).toEqual(auth);
      expect(found?.tenant).toBe(String(auth!.tenantId));
      if (t.database.hasAppRole) expect(found?.who).toBe('yunhu_app');
    }
  });

  it('finds no one for no token, a foreign token, a revoked or expired session, a disabled user, a closed enterprise', async () => {
    expect(await seen(null)).toBeNull();
    expect(await seen("x' or '1'='1")).toBeNull();
    expect(await seen('a'.repeat(201))).toBeNull();
    const cases: [string, (hash: string) => Promise<unknown>, () => Promise<unknown>][] = [
      [
        'revoked',
        (hash) => t.database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.tokenHash, hash)),
        async () => undefined,
      ],
      [
        'expired',
        (hash) =>
          t.database.db
            .update(sessions)
            .set({ expiresAt: new Date(Date.now() - 1000) })
            .where(eq(sessions.tokenHash, hash)),
        async () => undefined,
      ],
      [
        'disabled',
        () => t.database.db.update(users).set({ status: 'disabled' }).where(eq(users.username, 'agent02')),
        () => t.database.db.update(users).set({ status: 'active' }).where(eq(users.username, 'agent02')),
      ],
      [
        'closed',
        () => t.database.db.execute(sql`update tenants set status = 'closed' where code = 'E100001'`),
        () => t.database.db.execute(sql`update tenants set status = 'active' where code = 'E100001'`),
      ],
    ];
    for (const [label, spoil, mend] of cases) {
      const token = await t.login('agent02', 'Agent@2026');
      expect(await seen(token), label).not.toBeNull();
      await spoil(hashToken(token));
      try {
        expect(await seen(token), label).toBeNull();
        expect(await t.app.services.auth.authenticate(token), label).toBeNull();
        const res = await t.call(routeTables.crm.customerPage, { page: 1, limit: 20 } as never, token);
        expect(res.body.code, label).toBe(ResultCode.unauthorized);
      } finally {
        await mend();
      }
    }
    expect(await t.database.db.select().from(tenants).where(eq(tenants.status, 'closed'))).toHaveLength(0);
  });

  it('rolls back what a refused request wrote and leaves no tenant on the connection', async () => {
    const token = await t.loginAs.agent();
    await expect(
      t.app.services.auth.inSession(token, async (found) => {
        await found!.tx.execute(sql`update users set real_name = '改坏' where id = ${found!.auth.userId}`);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    const [me] = await t.database.db.select().from(users).where(eq(users.username, 'agent01'));
    expect(me!.realName).not.toBe('改坏');
    const left = rowsOf<{ t: string }>(
      await t.database.db.execute(sql`select coalesce(current_setting('app.tenant_id', true), '') as t`),
    );
    expect(left[0]!.t).toBe('');
  });

  it('reads the same data scope as resolveDataScope, whatever roles and department the person has', async () => {
    const db = t.database.db;
    const q = async <R>(query: ReturnType<typeof sql>) => rowsOf<R>(await db.execute(query));
    const [who] = await q<{ id: number; tenant_id: number; dept_id: number }>(
      sql`select id::int, tenant_id::int, dept_id::int from users where username = 'agent03'`,
    );
    const { id: userId, tenant_id: tenantId, dept_id: deptId } = who!;
    // A department below his and one beside it, for the subtree and the custom roles.
    const [below] = await q<{ id: number }>(
      sql`insert into departments (tenant_id, name, parent_id) values (${tenantId}, '范围测试下级', ${deptId}) returning id::int`,
    );
    const [beside] = await q<{ id: number }>(
      sql`insert into departments (tenant_id, name) values (${tenantId}, '范围测试旁支') returning id::int`,
    );
    const token = 'scope-probe-token';
    await db.insert(sessions).values({
      tokenHash: hashToken(token),
      userId,
      tenantId,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const role = async (dataScope: string, opts: { status?: string; isAdmin?: boolean } = {}) => {
      const [r] = await q<{ id: number }>(sql`insert into roles (tenant_id, name, data_scope, status, is_admin)
        values (${tenantId}, ${`范围${dataScope}${Math.random()}`}, ${dataScope}, ${opts.status ?? 'active'},
        ${opts.isAdmin ?? false}) returning id::int`);
      if (dataScope === 'custom') {
        await db.execute(sql`insert into role_depts (role_id, dept_id, tenant_id) values
          (${r!.id}, ${beside!.id}, ${tenantId}), (${r!.id}, ${below!.id}, ${tenantId})`);
      }
      await db.execute(
        sql`insert into user_roles (user_id, role_id, tenant_id) values (${userId}, ${r!.id}, ${tenantId})`,
      );
    };
    const cases: [string, () => Promise<void>][] = [
      ['none', async () => undefined],
      ['self', () => role('self')],
      ['dept', () => role('dept')],
      ['dept and below', () => role('dept_and_below')],
      [
        'dept, dept and below',
        async () => {
          await role('dept');
          await role('dept_and_below');
        },
      ],
      ['custom', () => role('custom')],
      [
        'custom and dept',
        async () => {
          await role('custom');
          await role('dept');
        },
      ],
      ['all', () => role('all')],
      ['administrator', () => role('self', { isAdmin: true })],
      [
        'disabled all',
        async () => {
          await role('all', { status: 'disabled' });
          await role('dept');
        },
      ],
    ];
    try {
      for (const withDept of [true, false]) {
        await db.execute(sql`update users set dept_id = ${withDept ? deptId : null} where id = ${userId}`);
        for (const [label, give] of cases) {
          await db.execute(sql`delete from user_roles where user_id = ${userId}`);
          await give();
          const got = await t.app.services.auth.inSession(token, async (found) => ({
            scope: found!.scope,
            resolved: await resolveDataScope(found!.tx, found!.auth),
          }));
          expect(got.scope, `${label}, ${withDept ? 'with' : 'without'} a department`).toEqual(got.resolved);
        }
      }
    } finally {
      await db.execute(sql`update users set dept_id = ${deptId} where id = ${userId}`);
      await db.execute(sql`delete from user_roles where user_id = ${userId}`);
      await db.execute(sql`insert into user_roles (user_id, role_id, tenant_id)
        select ${userId}, ur.role_id, ur.tenant_id from user_roles ur join users u on u.id = ur.user_id
        where u.username = 'agent01'`);
    }
  });

  it('holds the permissions of his active roles once each, what two roles share and what one disabled role gives', async () => {
    const db = t.database.db;
    const [who] = rowsOf<{ id: number; tenant_id: number }>(
      await db.execute(sql`select id::int, tenant_id::int from users where username = 'agent02'`),
    );
    const token = 'permissions-probe-token';
    await db.insert(sessions).values({
      tokenHash: hashToken(token),
      userId: who!.id,
      tenantId: who!.tenant_id,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const before = rowsOf<{ role_id: number }>(
      await db.execute(sql`select role_id::int from user_roles where user_id = ${who!.id}`),
    );
    const give = async (status: string, permissions: string[]) => {
      const [r] = rowsOf<{ id: number }>(
        await db.execute(sql`insert into roles (tenant_id, name, data_scope, status, permissions)
          values (${who!.tenant_id}, ${`权限测试${Math.random()}`}, 'self', ${status},
          ${`{${permissions.join(',')}}`}::text[]) returning id::int`),
      );
      await db.execute(
        sql`insert into user_roles (user_id, role_id, tenant_id) values (${who!.id}, ${r!.id}, ${who!.tenant_id})`,
      );
    };
    try {
      await db.execute(sql`delete from user_roles where user_id = ${who!.id}`);
      await give('active', ['crm:customer:list', 'crm:customer:add', 'call:record:list']);
      await give('active', ['call:record:list', 'crm:customer:add', 'stat:call:list']);
      await give('disabled', ['org:staff:add']);
      const found = await seen(token);
      expect([...found!.auth.permissions].sort()).toEqual([
        'call:record:list',
        'crm:customer:add',
        'crm:customer:list',
        'stat:call:list',
      ]);
      expect(await t.app.services.auth.authenticate(token)).toEqual(found!.auth);
    } finally {
      await db.execute(sql`delete from user_roles where user_id = ${who!.id}`);
      for (const { role_id } of before) {
        await db.execute(
          sql`insert into user_roles (user_id, role_id, tenant_id) values (${who!.id}, ${role_id}, ${who!.tenant_id})`,
        );
      }
    }
  });

  it('serves lists to many signed-in requests at once, each in its own tenant', async () => {
    const tokens = [await t.loginAs.admin(), await t.loginAs.platform()];
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        t.call(routeTables.org.userInfo, undefined as never, tokens[i % 2]).then((r) => r.body),
      ),
    );
    const names = new Set(answers.map((a) => (a.data as { username: string }).username));
    expect(answers.every((a) => a.code === 0)).toBe(true);
    expect(names).toEqual(new Set(['admin', 'platform']));
  });
});
