// Cost of an authenticated request, as a ratio to the cheapest request on the same server in the
// same run: GET /healthz (one `select 1`) is the baseline; get-user-info adds the session look-up,
// the role query and the tenant transaction; menu/nav adds the menu filter.
// Usage: node --import tsx bench/auth.bench.ts  [DATABASE_URL=postgres://… to bench PostgreSQL; a fresh
// database is created on that server for the run and dropped afterwards]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { seedDemo } from '../apps/server/src/seed/demo.js';
import { openTestDatabase } from '../apps/server/src/test/database.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-bench-'));
const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir, WEB_DIST: '', PORT: '0' }), isProduction: true };
process.env.LOG_LEVEL = 'warn';
process.env.TEST_DATABASE_URL = config.databaseUrl ?? '';
const database = config.databaseUrl ? await openTestDatabase() : await openDatabase({ databaseUrl: null, dataDir });
await seedDemo(database.db);
const app = await buildApp({ ...config }, database);
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const login = await fetch(`${base}/sso/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'manager', password: 'Manager@2026' }),
});
const { token } = ((await login.json()) as { data: { token: string } }).data;

const run = async (title: string, opts: autocannon.Options) => {
  const result = await autocannon({ connections: 10, duration: 8, ...opts, url: `${base}${opts.url}` });
  return {
    title,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
  };
};

const rows = [
  await run('GET /healthz (baseline)', { url: '/healthz' }),
  await run('POST get-user-info', {
    url: '/base/sys/user/get-user-info',
    method: 'POST',
    headers: { 'cloud-token': token },
  }),
  await run('GET menu/nav', { url: '/base/sys/menu/nav', headers: { 'cloud-token': token } }),
];
const baseline = rows[0]!;
console.log(`database: ${database.kind}`);
console.log('| request | req/s | p50 ms | p99 ms | throughput vs baseline |');
console.log('|---|---|---|---|---|');
for (const r of rows) {
  console.log(`| ${r.title} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${(r.rps / baseline.rps).toFixed(2)}x |`);
}
await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
