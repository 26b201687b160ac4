// The floor of an HTTP request: a bare Fastify with a pg pool, in a process of its
// own, that answers a POST by running statements it was given beforehand — BEGIN and the tenant's
// settings joined in one simple query, the statements, COMMIT — and sending the last one's rows as
// the `{code,msg,data}` envelope. No sign-in, no permission, no validation, no row mapping: what any
// server answering these statements over HTTP pays (the transport, the driver, JSON), measured in the
// same run as the server and the raw SQL. Beside "HTTP / raw SQL" a bench can then say how much of
// the gap is the product's and how much is HTTP's on this machine.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { TDb } from '../apps/server/src/db/client.js';
import * as schema from '../apps/server/src/db/schema.js';
import { freePort, root } from './built-server.js';
import { postJson } from './http-client.js';

export type TStatement = { sql: string; params: unknown[] };

/**
 * The statements `fn` sends, as the driver sends them (drizzle's logger on a connection of its own,
 * in a transaction rolled back), without BEGIN, COMMIT and the tenant's settings.
 */
export const statementCapture = (databaseUrl: string, role: string) => {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  let captured: TStatement[] = [];
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (text, params) => captured.push({ sql: text, params }) },
  }) as unknown as TDb;
  const capture = async (tenantId: number, fn: (tx: TDb) => Promise<unknown>) => {
    captured = [];
    await db
      .transaction(async (tx) => {
        await tx.execute(
          sql`select set_config('app.tenant_id', ${String(tenantId)}, true), set_config('role', ${role}, true)`,
        );
        await fn(tx as unknown as TDb);
        tx.rollback();
      })
      .catch((e: unknown) => {
        if (!(e instanceof TransactionRollbackError)) throw e;
      });
    return captured.filter((st) => !/^(begin|commit|rollback|select set_config)/i.test(st.sql.trim()));
  };
  return { capture, end: () => pool.end() };
};

const bareServerSource = `import Fastify from 'fastify';
import pg from 'pg';
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_MAX) });
const cases = new Map();
const app = Fastify({ bodyLimit: 64 * 1024 * 1024 });
app.post('/cases', async (req) => {
  cases.set(req.body.id, req.body);
  return { code: 0, msg: 'success', data: null };
});
app.post('/run/:id', async (req) => {
  const c = cases.get(req.params.id);
  const client = await pool.connect();
  try {
    await client.query("begin;select set_config('app.tenant_id', '" + c.tenantId + "', true), set_config('role', '" + c.role + "', true)");
    let rows = [];
    for (const st of c.statements) rows = (await client.query(st.sql, st.params)).rows;
    await client.query('commit');
    return { code: 0, msg: 'success', data: rows };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
});
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
`;

/** Starts the bare server on `databaseUrl` with a pool of `poolMax` (the server's DB_POOL_MAX). */
export const startBareServer = async (databaseUrl: string, poolMax: number) => {
  // Beside the bench so that `fastify` and `pg` resolve from the project's node_modules.
  const file = path.join(root, '.tmp', `bench-bare-http-${process.pid}.mjs`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bareServerSource);
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [file], {
    env: { ...process.env, DATABASE_URL: databaseUrl, POOL_MAX: String(poolMax), PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  process.on('exit', () => child.kill('SIGTERM'));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const up = await postJson(`${base}/cases`, '', { id: 'ping', tenantId: 0, role: 'none', statements: [] }).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (i > 300 || child.exitCode !== null) throw new Error('the bare HTTP server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  let next = 0;
  return {
    /** The bare server's process, for a bench that reads its CPU from /proc. */
    pid: child.pid!,
    /**
     * Gives the server a case's statements; the returned function runs them once over HTTP, and
     * `url` is where a load generator posts to run them.
     */
    prepare: async (tenantId: number, role: string, statements: TStatement[]) => {
      const id = String(next++);
      await postJson(`${base}/cases`, '', { id, tenantId: Math.trunc(tenantId), role, statements });
      const url = `${base}/run/${id}`;
      const run = async () => {
        const json = await postJson(url, '', {});
        if (json.code !== 0) throw new Error(`bare server: ${json.msg}`);
      };
      return Object.assign(run, { url });
    },
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
      fs.rmSync(file, { force: true });
    },
  };
};
