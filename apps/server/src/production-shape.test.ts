import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { authRoutes, orgRoutes, systemRoutes } from '@yunhu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServerIfStale } from '../../../scripts/build-server.mjs';
import { freePort, nginxMissing, startProductionShape, type TProductionShape } from '../../../scripts/prod-run.mjs';
import type { TTestDatabase } from './test/database.js';
import { openSeededTestDatabase } from './test/seeded-database.js';

/**
 * The production shape (docs/decisions/0103-production-shape.md) as scripts/prod-run.mjs runs it:
 * nginx with TLS in front of two server processes on one PostgreSQL. Where nginx is missing it is
 * skipped, unless REQUIRE_NGINX=1 or CI (npm test installs it: scripts/ensure-nginx.sh); it needs
 * the PostgreSQL run (two processes cannot share the embedded database).
 */
const isCi = Boolean(process.env.CI);
const noNginx = nginxMissing();
// Without a PostgreSQL server the suite runs on PGlite, which two processes cannot share (CI has one).
const noDatabase = process.env.TEST_DATABASE_URL ? null : '需要 PostgreSQL（TEST_DATABASE_URL）';
const missing = noNginx ?? noDatabase;
const isRequired = (process.env.REQUIRE_NGINX === '1' || isCi) && (noDatabase === null || isCi);
if (missing && !isRequired) console.warn(`跳过生产形态测试（nginx、两个服务进程、滚动重启）：${missing}`);

type TAnswer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

describe.skipIf(missing !== null && !isRequired)('production shape: nginx, TLS, two processes', () => {
  let database: TTestDatabase;
  let shape: TProductionShape;
  let agent: https.Agent;
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-prod-'));

  /** A request to the shape over TLS (nginx's certificate trusted), kept alive toward nginx. */
  const ask = (address: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) =>
    new Promise<TAnswer>((resolve, reject) => {
      const req = https.request(address, { agent, method: init.method ?? 'GET', headers: init.headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d) => {
          body += d;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on('error', reject);
      });
      req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
      req.on('error', reject);
      req.end(init.body);
    });

  /** The demo administrator signing in through nginx: the answer. */
  const signInAnswer = () =>
    ask(`${shape.url}${authRoutes.login.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'Admin@2026' }),
    });
  /** The demo administrator's session, signed in through nginx. */
  const signIn = async () => (JSON.parse((await signInAnswer()).body) as { data: { token: string } }).data.token;

  beforeAll(async () => {
    if (missing) throw new Error(`生产形态测试需要：${missing}`);
    await buildServerIfStale();
    database = await openSeededTestDatabase();
    shape = await startProductionShape({
      runDir,
      databaseUrl: database.url ?? undefined,
      httpsPort: await freePort(),
      httpPort: await freePort(),
      serverPorts: [await freePort(), await freePort()],
      sipWsPort: await freePort(),
      // The HTTP side only: the soft-phone's way through nginx is the e2e journey's.
      isTelephony: false,
      env: { LOG_LEVEL: 'warn', SEED_DEMO: '0' },
      startTimeoutMs: 120_000,
      log: () => undefined,
    });
    agent = new https.Agent({ ca: shape.ca, keepAlive: true, maxSockets: 8 });
  }, 240_000);

  afterAll(async () => {
    agent?.destroy();
    await shape?.stop();
    await database?.close();
    fs.rmSync(runDir, { recursive: true, force: true });
  }, 60_000);

  it('sends http to https, and answers with the edge headers once, gzip and a request id', async () => {
    const plain = await fetch(`${shape.httpUrl}/healthz?x=1`, { redirect: 'manual' });
    expect(plain.status).toBe(301);
    expect(plain.headers.get('location')).toBe(`${shape.url}/healthz?x=1`);

    const health = await ask(`${shape.url}/healthz`);
    expect(health.status).toBe(200);
    expect(health.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(health.headers['x-content-type-options']).toBe('nosniff');
    // The server's own headers pass (its Content-Security-Policy), nginx's name and version do not.
    expect(health.headers['content-security-policy']).toContain("default-src 'self'");
    expect(health.headers.server).toBe('nginx');
    // nginx's $request_id became the server's request id.
    expect(health.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);

    // The server sees the browser's https through X-Forwarded-Proto (TRUST_PROXY=1): the session cookie is Secure.
    const signedIn = await signInAnswer();
    expect(String(signedIn.headers['set-cookie'])).toMatch(/CLOUD_TOKEN=[^;]+;.*; Secure/);
    const token = (JSON.parse(signedIn.body) as { data: { token: string } }).data.token;
    // The menus' JSON is compressed at the edge (the server answers it plain).
    const menus = await ask(`${shape.url}${orgRoutes.menuNav.path}`, {
      headers: { 'cloud-token': token, 'accept-encoding': 'gzip' },
    });
    expect(menus.status).toBe(200);
    expect(menus.headers['content-encoding']).toBe('gzip');
    expect(menus.headers.vary).toContain('Accept-Encoding');
  });

  it('takes an upload larger than nginx default 1 MB on to the server', async () => {
    const body = 'x'.repeat(2 * 1024 * 1024);
    const answer = await ask(`${shape.url}/base/sys/notice/read`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body,
    });
    // The server's own refusal (its envelope), not nginx's 413 page.
    expect(answer.body).toMatch(/^\{"code":/);
  });

  it('loses no request while A, then B, restart (SIGTERM drains; nginx passes a refused GET to the other)', async () => {
    const token = await signIn();
    const before = shape.servers().map((s) => s.pid);
    const page = `${shape.url}${systemRoutes.myNoticePage.path}?page=1&limit=10`;
    const failures: string[] = [];
    let sent = 0;
    let isRolling = true;
    const deadline = Date.now() + 150_000;
    // Four clients, each one request after another, until the restarts are over (bounded in count and time).
    const client = async (n: number) => {
      while (isRolling && sent < 50_000 && Date.now() < deadline) {
        sent++;
        const address = n % 2 === 0 ? `${shape.url}/healthz` : page;
        try {
          const answer = await ask(address, { headers: { 'cloud-token': token } });
          const code = answer.status === 200 ? (JSON.parse(answer.body) as { code: number }).code : null;
          if (answer.status !== 200 || code !== 0)
            failures.push(`${address}: HTTP ${answer.status} ${answer.body.slice(0, 120)}`);
        } catch (error) {
          failures.push(`${address}: ${(error as Error).message}`);
        }
      }
    };
    const clients = [0, 1, 2, 3].map(client);
    await new Promise((r) => setTimeout(r, 1000));
    try {
      await shape.rollingRestart();
    } finally {
      isRolling = false;
      await Promise.all(clients);
    }
    console.log(`滚动重启期间经 nginx 发出 ${sent} 个 GET 请求，失败 ${failures.length} 个`);
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(100);
    // Both processes are new ones.
    const after = shape.servers().map((s) => s.pid);
    expect(after[0]).not.toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
  }, 200_000);
});
