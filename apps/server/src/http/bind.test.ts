import { routesOf } from '@yunhu/contract';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bindRoutes, type TAuditEntry, type TAuditLog } from './bind.js';
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
    { authenticate: async () => auth, audit, onAuditError: () => undefined, isProduction: false },
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
