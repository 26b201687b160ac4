import { routesOf } from '@yunhu/contract';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rowsOf, type TDatabase } from '../db/client.js';
import type { TDataScope } from '../db/scope.js';
import { withTenant } from '../db/tenant.js';
import { openTestDatabase } from '../test/database.js';
import { bindRoutes, detached, type TAuditEntry, type TAuditLog } from './bind.js';
import type { TAuth } from './context.js';
import { registerEnvelope } from './envelope.js';

const route = routesOf('test');
const table = {
  remove: route({
    method: 'POST',
    path: '/remove',
    request: z.object({ ids: z.array(z.number()) }),
    response: z.null(),
    summary: '删除',
    audited: true,
  }),
};

const auth: TAuth = {
  userId: 7,
  username: 'boss',
  realName: '老板',
  tenantId: 3,
  tenantCode: 'E3',
  isSuper: false,
  isAdmin: true,
  deptId: null,
  permissions: new Set(),
  tokenHash: 'h',
};

let database: TDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const scope: TDataScope = { kind: 'limited', userId: 7, deptIds: [] };

/** A server with one audited route whose action and log are recorded in memory. */
const serverWith = (audit: TAuditLog) => {
  const app = Fastify();
  registerEnvelope(app);
  const done: number[][] = [];
  bindRoutes(
    app,
    table,
    {
      remove: async ({ input }) => {
        done.push(input.ids);
        if (input.ids.includes(13)) throw new Error('boom');
        return null;
      },
    },
    {
      database,
      authenticate: async () => auth,
      scopeOf: async () => scope,
      audit,
      onAuditError: () => undefined,
      isProduction: false,
    },
  );
  return { app, done };
};

const memoryLog = () => {
  const rows: { id: number; result: string; message: string; input: unknown }[] = [];
  const audit: TAuditLog = {
    begin: async (entry: Omit<TAuditEntry, 'result' | 'message'>) => {
      rows.push({ id: rows.length + 1, result: 'pending', message: '', input: entry.input });
      return rows.length;
    },
    end: async (id, _tenantId, result, message) => {
      Object.assign(rows[id - 1]!, { result, message });
    },
    write: async () => undefined,
  };
  return { rows, audit };
};

describe('the binder and the operation log', () => {
  it('writes the log row before the action and settles it after', async () => {
    const { rows, audit } = memoryLog();
    const { app, done } = serverWith(audit);
    const res = await app.inject({ method: 'POST', url: '/remove', payload: { ids: [5], extra: 'x' } });
    expect(res.json().code).toBe(0);
    expect(done).toEqual([[5]]);
    // The validated input is what is logged: the unknown field is gone.
    expect(rows).toEqual([{ id: 1, result: 'success', message: '', input: { ids: [5] } }]);
    const failed = await app.inject({ method: 'POST', url: '/remove', payload: { ids: [13] } });
    expect(failed.json().code).toBe(500);
    expect(rows[1]).toMatchObject({ result: 'failure', message: '系统异常' });
  });

  it('does not run an audited action whose log row cannot be written', async () => {
    const { audit } = memoryLog();
    const { app, done } = serverWith({
      ...audit,
      begin: async () => {
        throw new Error('operation_logs unavailable');
      },
    });
    const res = await app.inject({ method: 'POST', url: '/remove', payload: { ids: [5] } });
    expect(res.json().code).toBe(500);
    expect(done).toEqual([]);
  });

  it('refuses a NUL byte in an unknown field before the action and its log', async () => {
    const { rows, audit } = memoryLog();
    const { app, done } = serverWith(audit);
    const res = await app.inject({
      method: 'POST',
      url: '/remove',
      headers: { 'content-type': 'application/json' },
      payload: '{"ids":[5],"x":"\\u0000"}',
    });
    expect(res.json()).toMatchObject({ code: 10002 });
    expect(res.json().msg).toContain('空字符');
    expect(done).toEqual([]);
    expect(rows).toEqual([]);
  });
});

describe('the request context', () => {
  const probeTable = {
    write: route({
      method: 'POST',
      path: '/write',
      request: z.object({ n: z.number(), fail: z.boolean().default(false) }),
      response: z.object({ tenant: z.string(), scope: z.string() }),
      summary: '写入',
    }),
    own: route({ method: 'POST', path: '/own', request: z.object({}), response: z.number(), summary: '自行事务' }),
    nested: route({ method: 'POST', path: '/nested', request: z.object({}), response: z.null(), summary: '嵌套' }),
  };

  const serve = () => {
    const app = Fastify();
    registerEnvelope(app);
    let scopeReads = 0;
    bindRoutes(
      app,
      probeTable,
      {
        write: async ({ tx, scope: s, input }) => {
          await tx.execute(sql`insert into bind_probe (n) values (${input.n})`);
          if (input.fail) throw new Error('after the write');
          const [row] = rowsOf<{ tenant: string }>(
            await tx.execute(sql`select current_setting('app.tenant_id') as tenant`),
          );
          return { tenant: row!.tenant, scope: s.kind };
        },
        own: detached(async ({ auth: a, scope: s }) => {
          expect(s).toEqual(scope);
          return withTenant(database, a.tenantId, async (tx) =>
            Number(rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from bind_probe`))[0]!.n),
          );
        }),
        nested: async () => {
          await withTenant(database, auth.tenantId, async () => undefined);
          return null;
        },
      },
      {
        database,
        authenticate: async () => auth,
        scopeOf: async () => {
          scopeReads += 1;
          return scope;
        },
        audit: memoryLog().audit,
        onAuditError: () => undefined,
        isProduction: false,
      },
    );
    return { app, scopeReads: () => scopeReads };
  };

  beforeAll(async () => {
    await database.db.execute(sql`create table if not exists bind_probe (n int not null)`);
    if (database.hasAppRole) await database.db.execute(sql`grant all on bind_probe to yunhu_app`);
  });

  it('hands the handler one tenant transaction and the scope read once', async () => {
    const { app, scopeReads } = serve();
    const res = await app.inject({ method: 'POST', url: '/write', payload: { n: 1 } });
    expect(res.json()).toMatchObject({ code: 0, data: { tenant: '3', scope: 'limited' } });
    expect(scopeReads()).toBe(1);
  });

  it('rolls back everything a failing handler wrote', async () => {
    const { app } = serve();
    const res = await app.inject({ method: 'POST', url: '/write', payload: { n: 2, fail: true } });
    expect(res.json().code).toBe(500);
    const own = await app.inject({ method: 'POST', url: '/own', payload: {} });
    // Only the first test's row: the failed request left nothing.
    expect(own.json()).toMatchObject({ code: 0, data: 1 });
  });

  it('refuses a second transaction opened inside the request transaction', async () => {
    const { app } = serve();
    const res = await app.inject({ method: 'POST', url: '/nested', payload: {} });
    expect(res.json().code).toBe(500);
  });
});

/**
 * The PostgreSQL server ends a request's connection under it (a restart, a failover, an operator's
 * pg_terminate_backend): ended from a session of its own, as those do, while the handler holds it.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a connection the database server ends under a request', () => {
  const cutTable = {
    read: route({
      method: 'POST',
      path: '/read',
      readOnly: true,
      request: z.object({}),
      response: z.object({ n: z.number() }),
      summary: '读取',
    }),
    // Not audited, not marked: a write the binder must not take for a read.
    unmarked: route({
      method: 'POST',
      path: '/unmarked',
      request: z.object({}),
      response: z.null(),
      summary: '标记已读',
    }),
    // Marked read-only, yet it writes: PostgreSQL refuses it.
    falseRead: route({
      method: 'POST',
      path: '/false-read',
      readOnly: true,
      request: z.object({}),
      response: z.null(),
      summary: '读取',
    }),
    write: route({
      method: 'POST',
      path: '/write',
      request: z.object({}),
      response: z.null(),
      summary: '写入',
      audited: true,
    }),
  };
  const endConnectionOf = async (tx: TDatabase['db']) => {
    const [{ pid }] = rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`)) as [
      { pid: number },
    ];
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      await admin.query('select pg_terminate_backend($1)', [pid]);
    } finally {
      await admin.end();
    }
  };

  const cutServer = () => {
    const app = Fastify();
    registerEnvelope(app);
    const runs = { read: 0, write: 0, unmarked: 0 };
    bindRoutes(
      app,
      cutTable,
      {
        read: async ({ tx }) => {
          runs.read++;
          if (runs.read === 1) await endConnectionOf(tx);
          return { n: rowsOf<{ n: number }>(await tx.execute(sql`select 1 as n`))[0]!.n };
        },
        write: async ({ tx }) => {
          runs.write++;
          await endConnectionOf(tx);
          await tx.execute(sql`select 1`);
          return null;
        },
        unmarked: async ({ tx }) => {
          runs.unmarked++;
          await endConnectionOf(tx);
          await tx.execute(sql`select 1`);
          return null;
        },
        falseRead: async ({ tx }) => {
          await tx.execute(sql`create table written_in_a_read (id int)`);
          return null;
        },
      },
      {
        database,
        authenticate: async () => auth,
        scopeOf: async () => scope,
        audit: memoryLog().audit,
        onAuditError: () => undefined,
        isProduction: false,
      },
    );
    return { app, runs };
  };

  it('runs a read once more on a fresh connection, and answers it', async () => {
    const { app, runs } = cutServer();
    const res = await app.inject({ method: 'POST', url: '/read', payload: {} });
    expect(res.json()).toMatchObject({ code: 0, data: { n: 1 } });
    expect(runs.read).toBe(2);
  });

  it('answers a write whose connection was ended 服务繁忙，请稍后重试 (503), never 500, and does not run it again', async () => {
    const { app, runs } = cutServer();
    const res = await app.inject({ method: 'POST', url: '/write', payload: {} });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 503, msg: '服务繁忙，请稍后重试', reason: 'common.busy' });
    expect(runs.write).toBe(1);
  });

  it('does not run again a signed-in write that is not audited but not marked read-only either', async () => {
    const { app, runs } = cutServer();
    const res = await app.inject({ method: 'POST', url: '/unmarked', payload: {} });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 503, msg: '服务繁忙，请稍后重试', reason: 'common.busy' });
    expect(runs.unmarked).toBe(1);
  });

  it('opens a read-only route READ ONLY: a write there fails and changes nothing', async () => {
    const { app } = cutServer();
    const res = await app.inject({ method: 'POST', url: '/false-read', payload: {} });
    expect(res.json()).toMatchObject({ code: 500, reason: 'common.internal' });
    const [found] = rowsOf<{ name: string | null }>(
      await database.db.execute(sql`select to_regclass('written_in_a_read')::text as name`),
    );
    expect(found!.name).toBeNull();
  });
});
