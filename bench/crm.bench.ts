// CRM at scale, against the database made by bench/crm.seed.ts (1,000,000 customers):
// 1. the private-pool list (customerPage) through the HTTP API vs the same SQL run raw, median
//    latency of each and the ratio, with the EXPLAIN plan of the page query;
// 2. a 100,000-row customer import (preview + confirm) and 3. a 100,000-row export, with time and
//    the server's peak RSS. The server runs as its own process (apps/server/src/main.ts), so its
//    memory is read from /proc without the bench's own (autocannon, the CSV writer).
// Usage: node --import tsx bench/crm.seed.ts && node --import tsx bench/crm.bench.ts
//        [BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/yunhu_bench] [BENCH_IMPORT_ROWS=100000]
//        [BENCH_SERVER_HEAP=128]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { routeTables, type TCustomerListQuery } from '@yunhu/contract';
import autocannon from 'autocannon';
import { and, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase, rowsOf } from '../apps/server/src/db/client.js';
import { customers } from '../apps/server/src/modules/crm/crm.schema.js';
import { filterCondition, orderOf, poolCondition } from '../apps/server/src/modules/crm/customer.repository.js';

const benchUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/yunhu_bench';
const importRows = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const source = '压测导入';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-crm-bench-'));
process.env.LOG_LEVEL = 'warn';
const config = {
  ...loadConfig({ ...process.env, DATA_DIR: dataDir, WEB_DIST: '', PORT: '0', CRM_RELEASE_JOB_MINUTES: '1440' }),
  isProduction: true,
};
const database = await openDatabase({ databaseUrl: benchUrl, dataDir: null });
const { db } = database;
const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query));
// A previous run's import is removed so this one inserts every row again.
// The owner log goes first, by (tenant_id, customer_id): the ON DELETE CASCADE lookup is by
// customer_id alone, which no index of crm_owner_logs leads with, so it would scan the log per customer.
await db.execute(sql`delete from crm_owner_logs l using customers c
  where c.source = ${source} and l.tenant_id = c.tenant_id and l.customer_id = c.id`);
await db.execute(sql`delete from customers where source = ${source}`);
const [{ n: total }] = (await q<{ n: number }>(sql`select count(*)::int as n from customers`)) as [{ n: number }];
if (total < 100_000) throw new Error('run bench/crm.seed.ts first');

// This process's app only resolves logins and data scopes for the raw SQL; the HTTP requests go to
// the server process.
const app = await buildApp(config, database);
const port = 18000 + Math.floor(Math.random() * 1000);
// BENCH_SERVER_HEAP=128 caps the server's old generation (MB): the peak RSS then shows the working
// set rather than how far V8 lets garbage pile up before a full collection.
const heap = process.env.BENCH_SERVER_HEAP ? [`--max-old-space-size=${process.env.BENCH_SERVER_HEAP}`] : [];
const server = spawn(process.execPath, [...heap, '--import', 'tsx', 'apps/server/src/main.ts'], {
  env: {
    ...process.env,
    DATABASE_URL: benchUrl,
    PORT: String(port),
    DATA_DIR: dataDir,
    WEB_DIST: '',
    SEED_DEMO: '0',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    CRM_RELEASE_JOB_MINUTES: '1440',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  if (
    await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    )
  )
    break;
  if (i > 300) throw new Error('the server did not start');
  await new Promise((r) => setTimeout(r, 100));
}
/** The server's current and peak resident memory (VmRSS, VmHWM) from /proc. */
const serverMemory = () => {
  const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)![1]) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
};
/** Resets the kernel's peak-RSS counter of the server, so each phase reports its own peak. */
const resetPeak = () => fs.writeFileSync(`/proc/${server.pid}/clear_refs`, '5');
const login = async (username: string, password: string) => {
  const res = await fetch(`${base}/sso/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** The server's peak RSS while `fn` runs (the kernel's high-water mark, reset before). */
const withPeakRss = async <T>(fn: () => Promise<T>) => {
  resetPeak();
  const before = serverMemory().rss;
  const started = Date.now();
  const result = await fn();
  return { result, ms: Date.now() - started, before, peak: serverMemory().peak };
};

console.log(`database: ${database.kind}, ${total} customers; node ${process.version}, ${os.cpus().length} cores`);
console.log(`server RSS after start: ${mb(serverMemory().rss)}${heap.length ? ` (${heap[0]})` : ''}`);

// ---- 1. list through HTTP vs raw SQL ------------------------------------------------------------
const cases: { who: string; username: string; password: string; query: TCustomerListQuery }[] = [
  {
    who: 'admin (all)',
    username: 'admin',
    password: 'Admin@2026',
    query: { page: 1, limit: 20, intentionLevels: ['A', 'B'], sortField: 'createdAt', sortOrder: 'descend' },
  },
  {
    who: 'admin (all)',
    username: 'admin',
    password: 'Admin@2026',
    query: { page: 1, limit: 20, intentionLevels: ['A', 'B'], sortField: 'lastFollowAt', sortOrder: 'descend' },
  },
  {
    who: 'manager (dept and below)',
    username: 'manager',
    password: 'Manager@2026',
    query: { page: 1, limit: 20, intentionLevels: ['A', 'B'], sortField: 'createdAt', sortOrder: 'descend' },
  },
];
console.log('\n| who | filter and sort | HTTP p50 ms | raw SQL p50 ms (count + page) | ratio |');
console.log('|---|---|---|---|---|');
const plans: string[] = [];
for (const c of cases) {
  const token = await login(c.username, c.password);
  const auth = (await app.services.auth.authenticate(token))!;
  const scope = await app.services.org.dataScopeOf(auth);
  const parsed = routeTables.crm.customerPage.request.parse(c.query);
  const where = and(poolCondition(auth.tenantId, 'private', scope), filterCondition(auth.tenantId, parsed))!;
  const order = orderOf({ field: parsed.sortField, order: parsed.sortOrder });
  const countQuery = db.select({ n: sql`count(*)` }).from(customers).where(where);
  const pageQuery = db
    .select()
    .from(customers)
    .where(where)
    .orderBy(...order)
    .limit(parsed.limit)
    .offset(0);
  const rawTimes: number[] = [];
  for (let i = 0; i < 30; i++) {
    const started = performance.now();
    await countQuery;
    await pageQuery;
    rawTimes.push(performance.now() - started);
  }
  const http = await autocannon({
    url: `${base}${routeTables.crm.customerPage.path}`,
    method: 'POST',
    headers: { 'cloud-token': token, 'content-type': 'application/json' },
    body: JSON.stringify(c.query),
    connections: 1,
    amount: 30,
  });
  if (http.non2xx || http.errors) throw new Error('list requests failed');
  const label = `levels A,B; ${parsed.sortField} ${parsed.sortOrder}`;
  const raw = median(rawTimes);
  console.log(
    `| ${c.who} | ${label} | ${http.latency.p50} | ${raw.toFixed(1)} | ${(http.latency.p50 / raw).toFixed(2)}x |`,
  );
  const { sql: text, params } = pageQuery.toSQL();
  const explain = await database.db.execute(
    sql.raw(
      `explain (analyze, buffers) ${text.replace(/\$(\d+)/g, (_m, i) => {
        const v = params[Number(i) - 1];
        return typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
      })}`,
    ),
  );
  plans.push(
    `-- ${c.who}, ${label}\n${rowsOf<{ 'QUERY PLAN': string }>(explain)
      .map((r) => r['QUERY PLAN'])
      .join('\n')}`,
  );
}
console.log('\nEXPLAIN ANALYZE of the page queries:\n');
console.log(plans.join('\n\n'));

// ---- 2. import ------------------------------------------------------------------------------------
const manager = await login('manager', 'Manager@2026');
const csvPath = path.join(dataDir, 'import.csv');
{
  const out = fs.createWriteStream(csvPath);
  out.write('客户名称,手机号,公司,来源,意向等级,备注\r\n');
  for (let i = 0; i < importRows; i++) {
    out.write(
      `导入客户${i},15${String(i).padStart(9, '0')},导入公司${i % 1000},${source},${'ABCDE'[i % 5]},第${i}行\r\n`,
    );
  }
  await new Promise((resolve) => out.end(resolve));
}
const imported = await withPeakRss(async () => {
  const form = new FormData();
  form.append('target', 'private');
  form.append('duplicateMode', 'skip');
  form.append('file', await fs.openAsBlob(csvPath), 'import.csv');
  const previewStarted = Date.now();
  const res = await fetch(`${base}${routeTables.crmImport.importPreview.path}`, {
    method: 'POST',
    headers: { 'cloud-token': manager },
    body: form,
  });
  const preview = (await res.json()) as { code: number; msg: string; data: { batchId: string; validCount: number } };
  if (preview.code !== 0) throw new Error(preview.msg);
  const previewMs = Date.now() - previewStarted;
  await fetch(`${base}${routeTables.crmImport.importConfirm.path}`, {
    method: 'POST',
    headers: { 'cloud-token': manager, 'content-type': 'application/json' },
    body: JSON.stringify({ batchId: preview.data.batchId }),
  });
  for (;;) {
    await new Promise((r) => setTimeout(r, 250));
    const s = (await (
      await fetch(`${base}${routeTables.crmImport.importState.path}?batchId=${preview.data.batchId}`, {
        headers: { 'cloud-token': manager },
      })
    ).json()) as { data: { status: string; inserted: number; skipped: number } };
    if (s.data.status !== 'running') return { previewMs, ...s.data, valid: preview.data.validCount };
  }
});
console.log(
  `\nimport of ${importRows} rows (csv ${mb(fs.statSync(csvPath).size)}): preview ${(imported.result.previewMs / 1000).toFixed(1)} s, ` +
    `total ${(imported.ms / 1000).toFixed(1)} s, status ${imported.result.status}, inserted ${imported.result.inserted}, ` +
    `skipped ${imported.result.skipped}; server RSS ${mb(imported.before)} before, peak ${mb(imported.peak)}`,
);

// ---- 3. export ------------------------------------------------------------------------------------
const exported = await withPeakRss(async () => {
  const res = await fetch(`${base}${routeTables.crmImport.exportCustomers.path}`, {
    method: 'POST',
    headers: { 'cloud-token': manager, 'content-type': 'application/json' },
    body: JSON.stringify({ source }),
  });
  let bytes = 0;
  for await (const chunk of res.body!) bytes += (chunk as Uint8Array).length;
  return { bytes, status: res.status };
});
console.log(
  `export of the ${imported.result.inserted} imported customers: ${(exported.ms / 1000).toFixed(1)} s, ` +
    `${mb(exported.result.bytes)} xlsx; server RSS ${mb(exported.before)} before, peak ${mb(exported.peak)}`,
);

server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
