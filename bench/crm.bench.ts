// CRM at scale, against the database made by bench/crm.seed.ts (1,000,000 customers):
// 1. the private-pool list (customerPage) through the HTTP API vs the same SQL run raw, median
//    latency of each and the ratio, with the EXPLAIN plan of the page query;
// 2. a 100,000-row customer import (preview + confirm) and 3. a 100,000-row export, with time and
//    the server's peak RSS. The server runs as its own process (apps/server/src/main.ts), so its
//    memory is read from /proc without the bench's own (autocannon, the CSV writer).
// Usage: node --import tsx bench/crm.seed.ts && node --import tsx bench/crm.bench.ts
//        [BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/yunhu_bench] [BENCH_IMPORT_ROWS=100000]
//        [BENCH_SERVER_HEAP=128] [BENCH_SECTIONS=lists,import] [BENCH_RUNS=11] [BENCH_SECONDS=10] [BENCH_PLANS=0]
//        [BENCH_BEFORE=/path/to/a/checkout of an earlier commit, node_modules linked: served beside, same run]
//        [BENCH_SECTIONS=detail BENCH_DETAIL_REQUESTS=1000: the server's CPU per request of each request
//        of the signed-in mix (load.bench.ts), this checkout built and, with BENCH_BEFORE, both checkouts
//        run by tsx, interleaved, beside the bare HTTP floor replaying each request's statements;
//        BENCH_DETAIL_ONLY=text: only the requests whose label holds it]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { routeTables, shanghaiDayStart } from '@yunhu/contract';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase, rowsOf, type TDb } from '../apps/server/src/db/client.js';
import type { TDataScope } from '../apps/server/src/db/scope.js';
import type { TAuth, TRequestContext } from '../apps/server/src/http/context.js';
import { createCallCensusService } from '../apps/server/src/modules/call-record/call-census.service.js';
import { createCallRecordService } from '../apps/server/src/modules/call-record/call-record.service.js';
import { customerRepository } from '../apps/server/src/modules/crm/customer.repository.js';
import { recycleRepository } from '../apps/server/src/modules/crm/recycle.repository.js';
import { createRecordingStore } from '../apps/server/src/modules/telephony/recording.store.js';
import { createLocalStore } from '../apps/server/src/storage/index.js';
import { startBareServer, statementCapture, type TStatement } from './bare-http.js';
import { benchServerEnv, spawnServer } from './built-server.js';
import { getJson, postJson } from './http-client.js';

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
// This checkout's server runs as built (its bundle, as `npm start` runs it); BENCH_BEFORE's by tsx.
const startServer = async (cwd: string, serverPort: number) =>
  (
    await spawnServer({
      cwd,
      nodeArgs: heap,
      env: benchServerEnv(benchUrl, serverPort, dataDir),
      stdio: 'ignore',
    })
  ).child;
const server = await startServer(process.cwd(), port);
const base = `http://127.0.0.1:${port}`;
// BENCH_BEFORE=dir: a checkout of an earlier commit (its node_modules linked) served beside this one
// on the same database; the lists section measures both in the same run, interleaved.
const beforeDir = process.env.BENCH_BEFORE ?? '';
const beforeServer = beforeDir ? await startServer(beforeDir, port + 1) : null;
const beforeBase = `http://127.0.0.1:${port + 1}`;
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

// ---- 1. the customer lists through HTTP vs the same SQL raw ----------------------------
const runs = Number(process.env.BENCH_RUNS ?? 11);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const sections = new Set((process.env.BENCH_SECTIONS ?? 'lists,import').split(','));
const quantile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
};
/** As the server runs its tenant statements: in a transaction, as yunhu_app, with app.tenant_id set. */
const role = database.hasAppRole ? 'yunhu_app' : 'none';
// BEGIN and the settings go as one simple query (one round trip; the server sends BEGIN on its
// own): the floor is the statements sent as cheaply as the protocol allows.
const inTenant = async <T>(client: pg.PoolClient, tenantId: number, fn: () => Promise<T>) => {
  await client.query(
    `begin; select set_config('app.tenant_id', '${Math.trunc(tenantId)}', true), set_config('role', '${role}', true)`,
  );
  try {
    return await fn();
  } finally {
    await client.query('rollback');
  }
};
const replay = (client: pg.PoolClient, tenantId: number, statements: TStatement[]) =>
  inTenant(client, tenantId, async () => {
    for (const st of statements) await client.query(st.sql, st.params);
  });
// The repository's own statements, captured as it runs them (a logger on a connection of their own).
const statementsOf = statementCapture(benchUrl, role);
const capture = statementsOf.capture;
// The same statements behind a bare HTTP server (bare-http.ts): what HTTP itself costs here.
const bare = await startBareServer(benchUrl, config.databaseLimits.poolMax);
const rawPool = new pg.Pool({ connectionString: benchUrl, max: config.databaseLimits.poolMax });
const explainText = async (tenantId: number, statements: TStatement[]) => {
  const client = await rawPool.connect();
  try {
    return await inTenant(client, tenantId, async () => {
      const out: string[] = [];
      for (const st of statements) {
        const res = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${st.sql}`, st.params);
        out.push(res.rows.map((r) => r['QUERY PLAN']).join('\n'));
      }
      return out.join('\n\n');
    });
  } finally {
    client.release();
  }
};
type TWho = { label: string; token: string; tenantId: number; userId: number; scope: TDataScope; auth: TAuth };
const signedIn = async (label: string, username: string, password: string): Promise<TWho> => {
  const token = await login(username, password);
  const auth = (await app.services.auth.authenticate(token))!;
  return {
    label,
    token,
    tenantId: auth.tenantId,
    userId: auth.userId,
    scope: await app.services.org.dataScopeOf(auth),
    auth,
  };
};
const admin = await signedIn('admin (all)', 'admin', 'Admin@2026');
const managerWho = await signedIn('manager (dept and below)', 'manager', 'Manager@2026');
type TList = 'private' | 'public' | 'recycle';
const listPath: Record<TList, string> = {
  private: routeTables.crm.customerPage.path,
  public: routeTables.crm.poolPage.path,
  recycle: routeTables.crm.recyclePage.path,
};
/** The repository call the list's handler makes (statements captured for the raw run). */
const repositoryCall = (list: TList, who: TWho, query: Record<string, unknown>) => (tx: TDb) => {
  if (list === 'recycle') {
    const parsed = routeTables.crm.recyclePage.request.parse(query);
    return recycleRepository.page(tx, { tenantId: who.tenantId, userId: who.userId, scope: who.scope }, parsed, parsed);
  }
  const parsed = routeTables.crm.customerPage.request.parse(query);
  return customerRepository.page(tx, {
    tenantId: who.tenantId,
    pool: list,
    scope: who.scope,
    filter: parsed,
    sort: { field: parsed.sortField, order: parsed.sortOrder },
    paging: parsed,
  });
};
const post = async (pathName: string, token: string, body: unknown, at = base) => {
  const json = await postJson<{ total: number; records: unknown[] }>(`${at}${pathName}`, token, body);
  if (json.code !== 0) throw new Error(`${pathName}: ${json.msg}`);
  return json.data;
};
const listCases: { list: TList; who: TWho; label: string; query: Record<string, unknown> }[] = [];
const searches = (page5000: number, keyword: string) => [
  { label: 'page 1', query: { page: 1, limit: 20 } },
  { label: `page ${page5000}`, query: { page: page5000, limit: 20 } },
  { label: `keyword ${keyword}`, query: { page: 1, limit: 20, keyword } },
  { label: 'pinyin sunlihua', query: { page: 1, limit: 20, keyword: 'sunlihua' } },
  { label: 'initials slh', query: { page: 1, limit: 20, keyword: 'slh' } },
];
// Each keyword names one seeded customer of that list (g % 5 = 0: public pool; g % 50 = 11: recycle bin).
for (const s of searches(5000, '压测客户123456')) listCases.push({ list: 'private', who: admin, ...s });
for (const s of searches(5000, '压测客户123456')) listCases.push({ list: 'private', who: managerWho, ...s });
listCases.push({
  list: 'private',
  who: managerWho,
  label: 'page 5000 by last follow-up',
  query: { page: 5000, limit: 20, sortField: 'lastFollowAt', sortOrder: 'descend' },
});
listCases.push({
  list: 'private',
  who: admin,
  label: 'page 5000 by level',
  query: { page: 5000, limit: 20, sortField: 'intentionLevel', sortOrder: 'descend' },
});
for (const s of searches(5000, '压测客户123455')) listCases.push({ list: 'public', who: admin, ...s });
listCases.push({
  list: 'public',
  who: admin,
  label: 'page 5000 by time in the pool',
  query: { page: 5000, limit: 20, sortField: 'poolAt', sortOrder: 'descend' },
});
// The recycle bin holds 1 in 50 customers (20,000): its deep page is 900.
for (const s of searches(900, '压测客户123411')) listCases.push({ list: 'recycle', who: admin, ...s });

if (sections.has('lists')) {
  console.log(`\nCustomer lists, 20 a page with the total; ${runs} runs each, HTTP, raw and bare HTTP interleaved.`);
  console.log('raw = the repository statements (captured) on a bare pg connection, as yunhu_app under RLS;');
  console.log('bare HTTP = the same statements behind a bare Fastify + pool, no sign-in (bench/bare-http.ts).\n');
  const beforeColumns = beforeServer ? ' before p50 ms | before ratio |' : '';
  console.log(
    `| list | who | page or search | total | HTTP p50 ms | HTTP p95 ms | raw p50 ms | raw p95 ms | bare HTTP p50 ms | ratio p50 | bare / raw | HTTP / bare | < 100 ms |${beforeColumns}`,
  );
  console.log(`|---|---|---|---|---|---|---|---|---|---|---|---|---|${beforeServer ? '---|---|' : ''}`);
  const plans: string[] = [];
  for (const c of listCases) {
    const statements = await capture(c.who.tenantId, repositoryCall(c.list, c.who, c.query));
    const bareRun = await bare.prepare(c.who.tenantId, role, statements);
    const client = await rawPool.connect();
    const rawTimes: number[] = [];
    const httpTimes: number[] = [];
    const bareTimes: number[] = [];
    const beforeTimes: number[] = [];
    let total = 0;
    try {
      // Three warm-up runs of each (the server's first requests compile its code paths).
      for (let i = 0; i < 3; i++) {
        await replay(client, c.who.tenantId, statements);
        await post(listPath[c.list], c.who.token, c.query);
        await bareRun();
        if (beforeServer) await post(listPath[c.list], c.who.token, c.query, beforeBase);
      }
      for (let i = 0; i < runs; i++) {
        let started = performance.now();
        await replay(client, c.who.tenantId, statements);
        rawTimes.push(performance.now() - started);
        started = performance.now();
        total = (await post(listPath[c.list], c.who.token, c.query)).total;
        httpTimes.push(performance.now() - started);
        started = performance.now();
        await bareRun();
        bareTimes.push(performance.now() - started);
        if (beforeServer) {
          started = performance.now();
          await post(listPath[c.list], c.who.token, c.query, beforeBase);
          beforeTimes.push(performance.now() - started);
        }
      }
    } finally {
      client.release();
    }
    const [h50, h95, r50, r95] = [
      quantile(httpTimes, 0.5),
      quantile(httpTimes, 0.95),
      quantile(rawTimes, 0.5),
      quantile(rawTimes, 0.95),
    ];
    const b50 = beforeServer ? quantile(beforeTimes, 0.5) : 0;
    const bare50 = quantile(bareTimes, 0.5);
    console.log(
      `| ${c.list} | ${c.who.label} | ${c.label} | ${total} | ${h50.toFixed(1)} | ${h95.toFixed(1)} | ${r50.toFixed(1)} | ${r95.toFixed(1)} | ${bare50.toFixed(1)} | ${(h50 / r50).toFixed(2)}x | ${(bare50 / r50).toFixed(2)}x | ${(h50 / bare50).toFixed(2)}x | ${h50 < 100 ? 'met' : 'missed'} |${beforeServer ? ` ${b50.toFixed(1)} | ${(b50 / r50).toFixed(2)}x |` : ''}`,
    );
    if (process.env.BENCH_PLANS !== '0') {
      plans.push(`-- ${c.list}, ${c.who.label}, ${c.label}\n${await explainText(c.who.tenantId, statements)}`);
    }
  }

  // Throughput with 50 connections: the HTTP list against the same statements on a bare pool of the
  // server's size (DB_POOL_MAX) driven by 50 concurrent loops.
  console.log(
    `\nThroughput, 50 connections, ${seconds} s each (bare pool: ${config.databaseLimits.poolMax} connections, the server's DB_POOL_MAX):\n`,
  );
  console.log(
    '| list | server | HTTP req/s | HTTP p50 ms | HTTP p99 ms | errors + timeouts + non-2xx | bare pool req/s | ratio | bare HTTP req/s | HTTP / bare HTTP |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  const cannon = (url: string, query: object) =>
    autocannon({
      url,
      method: 'POST',
      headers: { 'cloud-token': admin.token, 'content-type': 'application/json' },
      body: JSON.stringify(query),
      connections: 50,
      duration: seconds,
    });
  for (const list of ['private', 'public'] as const) {
    const query = { page: 1, limit: 20 };
    const statements = await capture(admin.tenantId, repositoryCall(list, admin, query));
    const http = await cannon(`${base}${listPath[list]}`, query);
    const before = beforeServer ? await cannon(`${beforeBase}${listPath[list]}`, query) : null;
    const bareHttp = (await cannon((await bare.prepare(admin.tenantId, role, statements)).url, {})).requests.average;
    let done = 0;
    const until = Date.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (Date.now() < until) {
          const client = await rawPool.connect();
          try {
            await replay(client, admin.tenantId, statements);
          } finally {
            client.release();
          }
          done++;
        }
      }),
    );
    const barePool = done / seconds;
    const label = list === 'private' ? '我的客户 (admin, page 1)' : '公海 (admin, page 1)';
    for (const [which, r] of [
      ['this', http],
      ['before', before],
    ] as const) {
      if (!r) continue;
      console.log(
        `| ${label} | ${which} | ${r.requests.average.toFixed(0)} | ${r.latency.p50} | ${r.latency.p99} | ${r.errors + r.timeouts + r.non2xx} | ${barePool.toFixed(0)} | ${(r.requests.average / barePool).toFixed(2)} | ${bareHttp.toFixed(0)} | ${(r.requests.average / bareHttp).toFixed(2)} |`,
      );
    }
  }
  if (process.env.BENCH_PLANS !== '0') {
    console.log('\nEXPLAIN (ANALYZE, BUFFERS) of the statements, as yunhu_app:\n');
    console.log(plans.join('\n\n'));
  }
}
if (sections.has('detail')) {
  // ---- per-request work ----------------------------------------------------------------------------
  // The server process's own CPU (utime + stime from /proc, clock ticks of 10 ms) over sequential
  // requests on one kept-alive connection, divided by their number: what a request costs the server,
  // whatever the database takes. With BENCH_BEFORE, this checkout is also served by tsx, so before
  // and after are compared run the same way; the rounds interleave the servers.
  const perRound = Number(process.env.BENCH_DETAIL_REQUESTS ?? 1000) / 4;
  const cpuMs = (pid: number) => {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  };
  const sourcesLink = path.join(process.cwd(), '.tmp', `bench-sources-${process.pid}`);
  // Through a link, spawnServer takes this checkout for another one and runs its sources by tsx.
  if (beforeServer) fs.symlinkSync(process.cwd(), sourcesLink);
  const nowByTsx = beforeServer ? await startServer(sourcesLink, port + 2) : null;
  type TCase = {
    label: string;
    call: (at: string, i: number) => Promise<{ code: number; msg: string }>;
    floor: (i: number) => Promise<{ code: number; msg: string }>;
  };
  const served = (name: string, pid: number, at: string) => ({
    name,
    pid,
    run: (c: TCase, i: number) => c.call(at, i),
  });
  const targets = [
    served('this checkout, built', server.pid!, base),
    ...(nowByTsx ? [served('this checkout, tsx', nowByTsx.pid!, `http://127.0.0.1:${port + 2}`)] : []),
    ...(beforeServer ? [served(`before (${beforeDir}), tsx`, beforeServer.pid!, beforeBase)] : []),
    { name: 'floor: bare HTTP', pid: bare.pid, run: (c: TCase, i: number) => c.floor(i) },
  ];
  const detailPath = routeTables.crm.customerDetail.path;
  const listPathOf = routeTables.crm.customerPage.path;
  // The requests of the signed-in mix (load.bench.ts), each with the handler whose statements the
  // floor replays: bare HTTP (bare-http.ts) running them in one transaction, without the session check.
  const callRecords = createCallRecordService({
    database,
    isMasked: app.services.crm.isMasked,
    store: createRecordingStore({ objects: createLocalStore(dataDir), secret: 'crm-bench' }),
  });
  const callCensus = createCallCensusService({ database });
  const DAY = 86_400_000;
  const lastDays = (days: number): [number, number] => {
    const todayStart = shanghaiDayStart(new Date()).getTime();
    return [todayStart - (days - 1) * DAY, todayStart + DAY - 1];
  };
  type TVariant = {
    path: string;
    body: Record<string, unknown> | null;
    handle: (ctx: TRequestContext) => Promise<unknown>;
  };
  const r = routeTables;
  const listOf = (body: Record<string, unknown>): TVariant => ({
    path: r.crm.customerPage.path,
    body,
    handle: (ctx) => app.services.crm.customer.page(ctx, 'private', r.crm.customerPage.request.parse(body)),
  });
  const casesOf = async (who: TWho) => {
    const listed = (await post(listPathOf, who.token, { page: 1, limit: 50 })).records as {
      id: number;
      mobile: string;
    }[];
    // The mobile as he sees it may be masked: the customers' own, read from the table.
    const mobiles = rowsOf<{ mobile: string }>(
      await db.execute(
        sql`select mobile from customers where id = any(${`{${listed.map((x) => x.id).join(',')}}`}::bigint[])`,
      ),
    ).map((x) => x.mobile);
    const month = { page: 1, limit: 20, startRange: lastDays(30) };
    const week = { startRange: lastDays(7) };
    const kinds: { label: string; variants: TVariant[] }[] = [
      {
        label: '我的客户 page 1',
        variants: [listOf({ page: 1, limit: 20 })],
      },
      {
        label: '客户详情',
        variants: listed.slice(0, 20).map((x) => ({
          path: `${detailPath}?id=${x.id}`,
          body: null,
          handle: (ctx) => app.services.crm.customer.detail(ctx, x.id, 'private'),
        })),
      },
      {
        label: '通话记录, a month',
        variants: [
          {
            path: r.callRecord.getPage.path,
            body: month,
            handle: (ctx) => callRecords.page(ctx, r.callRecord.getPage.request.parse(month)),
          },
        ],
      },
      {
        label: '首页 call figures',
        variants: [
          {
            path: r.callCensus.baseCensus.path,
            body: week,
            handle: (ctx) => callCensus.totals(ctx, r.callCensus.baseCensus.request.parse(week)),
          },
        ],
      },
      {
        label: '我的客户 mobile search',
        variants: mobiles.slice(0, 20).map((mobile) => listOf({ page: 1, limit: 20, mobile })),
      },
    ];
    // One capture at a time: the capture's logger collects whatever its connection sends.
    const built: TCase[] = [];
    for (const k of kinds) {
      const floors: Awaited<ReturnType<typeof bare.prepare>>[] = [];
      let statementCount = 0;
      for (const v of k.variants) {
        const ctx = (tx: TDb): TRequestContext => ({ auth: who.auth, tx, scope: who.scope });
        const statements = await capture(who.tenantId, (tx) => v.handle(ctx(tx)));
        statementCount = Math.max(statementCount, statements.length);
        floors.push(await bare.prepare(who.tenantId, role, statements));
      }
      const call = (at: string, i: number) => {
        const v = k.variants[i % k.variants.length]!;
        return v.body ? postJson(`${at}${v.path}`, who.token, v.body) : getJson(`${at}${v.path}`, who.token);
      };
      built.push({
        // The handler's statements, besides the session's (with BEGIN) and COMMIT.
        label: `${k.label}, ${who.label} (${statementCount} st.)`,
        call,
        floor: async (i: number) => {
          await floors[i % floors.length]!();
          return { code: 0, msg: '' };
        },
      });
    }
    return built;
  };
  const cases: TCase[][] = [];
  for (const who of [managerWho, admin]) cases.push(await casesOf(who));
  console.log(`\nServer CPU per request, ${perRound * 4} sequential requests each in 4 interleaved rounds;`);
  console.log(
    `load average before: ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' / ')}\n`,
  );
  const ratioHeads = [...(nowByTsx ? ['CPU tsx: this / before'] : []), 'CPU built / floor'];
  console.log(
    `| request | ${targets.map((t) => `${t.name}: CPU ms / req | p50 ms`).join(' | ')} | ${ratioHeads.join(' | ')} |`,
  );
  console.log(`|---|${targets.map(() => '---|---').join('|')}|${ratioHeads.map(() => '---').join('|')}|`);
  // BENCH_DETAIL_ONLY=text: only the cases whose label holds it.
  const only = process.env.BENCH_DETAIL_ONLY ?? '';
  for (const c of cases.flat().filter((x) => x.label.includes(only))) {
    const cpu = targets.map(() => 0);
    const times: number[][] = targets.map(() => []);
    // Warm-up: the first requests compile the server's code paths.
    for (const t of targets) {
      for (let i = 0; i < 200; i++) {
        const res = await t.run(c, i);
        if (res.code !== 0) throw new Error(`${c.label} on ${t.name}: ${res.msg}`);
      }
    }
    for (let round = 0; round < 4; round++) {
      for (const [k, t] of targets.entries()) {
        const from = cpuMs(t.pid);
        for (let i = 0; i < perRound; i++) {
          const started = performance.now();
          await t.run(c, i);
          times[k]!.push(performance.now() - started);
        }
        cpu[k]! += cpuMs(t.pid) - from;
      }
    }
    const perRequest = cpu.map((x) => x / (perRound * 4));
    const cells = targets.map((_t, k) => `${perRequest[k]!.toFixed(2)} | ${quantile(times[k]!, 0.5).toFixed(2)}`);
    const ratios = [
      ...(nowByTsx ? [`${(perRequest[1]! / perRequest[2]!).toFixed(2)}x`] : []),
      `${(perRequest[0]! / perRequest[targets.length - 1]!).toFixed(2)}x`,
    ];
    console.log(`| ${c.label} | ${cells.join(' | ')} | ${ratios.join(' | ')} |`);
  }
  console.log(
    `\nload average after: ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' / ')}`,
  );
  if (nowByTsx) {
    nowByTsx.kill('SIGTERM');
    await new Promise((r) => nowByTsx.once('exit', r));
    fs.rmSync(sourcesLink);
  }
}

await statementsOf.end();
await rawPool.end();

if (sections.has('import')) {
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
}

await bare.stop();
for (const child of [server, beforeServer]) {
  if (!child) continue;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}
await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
