import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { routeTables, type TRequestOf, type TResponseOf, type TRouteDef } from '@yunhu/contract';
import type { TSmsSender } from '../adapters/sms.js';
import { buildApp, type TApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { TDatabase, TDbLimits } from '../db/client.js';
import { openSeededTestDatabase } from './seeded-database.js';

export type TEnvelope<T = unknown> = { code: number; msg: string; data: T };

/** The server's log lines, parsed, as a test reads them: pass `stream` as startTestApp's `logStream`. */
export const collectLogLines = () => {
  const lines: Record<string, unknown>[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(JSON.parse(line)) } };
};

/** A server on a fresh, seeded database (PGlite, or PostgreSQL with TEST_DATABASE_URL). */
export const startTestApp = async (
  opts: {
    webDist?: string;
    env?: Record<string, string>;
    dbLimits?: Partial<TDbLimits>;
    /** An SMS provider of the test's own (what was sent, counted); absent: the development one. */
    sms?: TSmsSender;
    /** Where the server's log lines go (the test reads them); standard output when absent. */
    logStream?: { write: (line: string) => void };
  } = {},
) => {
  const database: TDatabase = await openSeededTestDatabase(opts.dbLimits);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-test-'));
  // `env`: settings a test needs beyond the defaults (another payment channel…).
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, WEB_DIST: opts.webDist ?? '', ...opts.env }),
    isProduction: false,
  };
  // Failures show as failed assertions; the log would only repeat the expected ones.
  process.env.LOG_LEVEL ??= 'fatal';
  const app: TApp = await buildApp(config, database, { sms: opts.sms, logStream: opts.logStream });
  await app.ready();
  let ipCounter = 1;

  /** A different client address per call site keeps the per-IP limits of one test from hitting another. */
  const freshIp = () => `10.9.${Math.floor(ipCounter / 250)}.${ipCounter++ % 250}`;

  const request = async <T = unknown>(
    method: 'GET' | 'POST',
    url: string,
    opts: { token?: string | null; body?: unknown; query?: Record<string, string>; ip?: string } = {},
  ) => {
    const res = await app.inject({
      method,
      url,
      query: opts.query,
      headers: opts.token ? { 'cloud-token': opts.token } : {},
      ...(method === 'POST' ? { payload: (opts.body ?? {}) as object } : {}),
      remoteAddress: opts.ip ?? '127.0.0.1',
    });
    return { status: res.statusCode, body: res.json() as TEnvelope<T>, headers: res.headers, raw: res };
  };

  /** Calls a contract route the way the web client does. */
  const call = <R extends TRouteDef>(route: R, input: TRequestOf<R>, token?: string | null, ip?: string) => {
    let url = route.path;
    const rest: Record<string, unknown> = { ...(input as object) };
    url = url.replace(/:(\w+)/g, (_m, name: string) => {
      const v = String(rest[name]);
      delete rest[name];
      return encodeURIComponent(v);
    });
    return route.method === 'GET'
      ? request<TResponseOf<R>>('GET', url, {
          token,
          ip,
          query: Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, String(v)])),
        })
      : request<TResponseOf<R>>('POST', url, { token, ip, body: rest });
  };

  const login = async (username: string, password: string) => {
    const res = await call(routeTables.auth.login, { username, password }, null, freshIp());
    if (res.body.code !== 0) throw new Error(`login ${username} failed: ${res.body.msg}`);
    return res.body.data.token;
  };

  const smsCode = async (mobile: string) => {
    const res = await call(routeTables.auth.devSmsLast, { mobile });
    return res.body.data?.code ?? '';
  };

  return {
    app,
    database,
    /** The server's data directory (uploads, recordings), removed by close(). */
    dataDir,
    request,
    call,
    login,
    smsCode,
    freshIp,
    loginAs: {
      platform: () => login('platform', 'Platform@2026'),
      admin: () => login('admin', 'Admin@2026'),
      manager: () => login('manager', 'Manager@2026'),
      agent: () => login('agent01', 'Agent@2026'),
    },
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

export type TTestApp = Awaited<ReturnType<typeof startTestApp>>;

/** A test app serving a web build of one page (`index.html`, titled 云呼); close() removes the build too. */
export const startTestAppWithPage = async (): Promise<TTestApp> => {
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>云呼</title>');
  const t = await startTestApp({ webDist });
  return {
    ...t,
    close: async () => {
      await t.close();
      fs.rmSync(webDist, { recursive: true, force: true });
    },
  };
};
