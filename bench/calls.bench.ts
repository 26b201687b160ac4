// Call records at scale, against the database made by bench/calls.seed.ts
// (10,000,000 call records over 90 days): for one month (30 Asia/Shanghai days),
// 1. the call-record list (getPage: page 1 of 20 with its total) with filters — none, an agent, a
//    call status, a number fragment, all three — and its figures (get-page-count);
// 2. the statistics: per agent (statistics-use-page), by hour (hour-census), by day (census), the
//    totals (base-census), by line (hua-ji-census), by department (local-census) and per day and
//    agent (getCensusDetail), for the administrator (all) and a manager (his department);
// each through the HTTP API (the endpoint path: HTTP, auth, data-scope look-up, SQL, JSON) against
// the raw SQL of the same query in the same run, median and p95 of both, with the EXPLAIN (ANALYZE,
// BUFFERS) of the statements. "Raw" is the repository's own statements (captured as they run) on
// one connection the way the server runs them — a transaction as the role yunhu_app with
// app.tenant_id set, so row-level security applies — without HTTP, auth, the data-scope look-up
// and the JSON. The statistics and the list totals read the hourly roll-up call_hourly_stats
// (docs/decisions/0007), so "raw" is that roll-up SQL too.
// The server runs as its own process (apps/server/src/main.ts); this process's app only resolves
// logins and data scopes for the raw SQL.
// Usage: node --import tsx bench/calls.seed.ts && node --import tsx bench/calls.bench.ts
//        [BENCH_DATABASE_URL=…] [BENCH_RUNS=21] [BENCH_PLANS=0 to leave the plans out]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { routeTables, shanghaiDayStart } from '@yunhu/contract';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase, rowsOf, type TDb } from '../apps/server/src/db/client.js';
import { withTenant } from '../apps/server/src/db/tenant.js';
import { callRecords } from '../apps/server/src/modules/call/call.schema.js';
import {
  callCensusRepository,
  type TCensusScope,
} from '../apps/server/src/modules/call-record/call-census.repository.js';
import { callRecordRepository, callRecordSql } from '../apps/server/src/modules/call-record/call-record.repository.js';
import { benchUrl } from './bench-db.js';
import { benchServerEnv, spawnServer } from './built-server.js';

const runs = Number(process.env.BENCH_RUNS ?? 21);
const showPlans = process.env.BENCH_PLANS !== '0';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-calls-bench-'));
process.env.LOG_LEVEL = 'warn';
const config = {
  ...loadConfig({ ...process.env, DATA_DIR: dataDir, WEB_DIST: '', PORT: '0', CRM_RELEASE_JOB_MINUTES: '1440' }),
  isProduction: true,
};
const database = await openDatabase({ databaseUrl: benchUrl, dataDir: null });
const { db } = database;
// EXPLAIN runs on its own connection with the statement's parameters bound, as the driver sends them.
const explainPool = new pg.Pool({ connectionString: benchUrl, max: 1 });
const [{ n: total }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from call_records`)) as [
  { n: number },
];
if (total < 1_000_000) throw new Error('run bench/calls.seed.ts first');

const app = await buildApp(config, database);
const port = 18000 + Math.floor(Math.random() * 1000);
const { child: server, baseUrl: base } = await spawnServer({
  env: benchServerEnv(benchUrl, port, dataDir),
  stdio: 'ignore',
});
const login = async (username: string, password: string) => {
  const res = await fetch(`${base}/sso/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
};
const quantile = (xs: number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
};
const median = (xs: number[]) => quantile(xs, 0.5);
const people = {
  admin: { username: 'admin', password: 'Admin@2026', who: 'admin (all)' },
  manager: { username: 'manager', password: 'Manager@2026', who: 'manager (dept and below)' },
};
const signedIn = async (p: (typeof people)[keyof typeof people]) => {
  const token = await login(p.username, p.password);
  const auth = (await app.services.auth.authenticate(token))!;
  return { token, auth, scope: await app.services.org.dataScopeOf(auth) };
};
const admin = await signedIn(people.admin);
const manager = await signedIn(people.manager);

// One month: the 30 Asia/Shanghai days before today (the seed's records stop yesterday).
const dayMs = 86_400_000;
const todayStart = shanghaiDayStart(new Date()).getTime();
const month: [number, number] = [todayStart - 30 * dayMs, todayStart - 1];
const [{ id: agentId }] = rowsOf<{ id: number }>(
  await db.execute(sql`select id::int from users where username = 'agent01'`),
) as [{ id: number }];

type TTimes = { p50: number; p95: number };
const timesOf = (xs: number[]): TTimes => ({ p50: median(xs), p95: quantile(xs, 0.95) });
/**
 * Times `raw` (the SQL alone) and the HTTP request `runs` times each, interleaved so both see the
 * same load of the shared machine; fewer runs when one takes seconds. One warm-up of each first.
 */
const measure = async (raw: () => Promise<unknown>, pathName: string, token: string, body: unknown) => {
  const http = async () => {
    const res = await fetch(`${base}${pathName}`, {
      method: 'POST',
      headers: { 'cloud-token': token, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { code: number; msg: string };
    if (json.code !== 0) throw new Error(`${pathName}: ${json.msg}`);
  };
  await raw();
  await http();
  const rawTimes: number[] = [];
  const httpTimes: number[] = [];
  for (let i = 0; i < runs; i++) {
    let started = performance.now();
    await raw();
    rawTimes.push(performance.now() - started);
    started = performance.now();
    await http();
    httpTimes.push(performance.now() - started);
    if (i === 2 && median(rawTimes) > 1000) break;
  }
  return { http: timesOf(httpTimes), raw: timesOf(rawTimes), n: rawTimes.length };
};
const plans: string[] = [];
/** As the server runs its tenant statements: in a transaction, as yunhu_app, with app.tenant_id set. */
const role = database.hasAppRole ? 'yunhu_app' : 'none';
const inTenant = async <T>(client: pg.PoolClient, tenantId: number, fn: () => Promise<T>) => {
  await client.query('begin');
  try {
    await client.query(`select set_config('app.tenant_id', $1, true), set_config('role', $2, true)`, [
      String(tenantId),
      role,
    ]);
    return await fn();
  } finally {
    await client.query('rollback');
  }
};
const explain = async (label: string, q: { sql: string; params: unknown[] }, tenantId: number) => {
  if (!showPlans) return;
  const client = await explainPool.connect();
  try {
    const res = await inTenant(client, tenantId, () =>
      client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${q.sql}`, q.params),
    );
    plans.push(`-- ${label}\n${res.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
  } finally {
    client.release();
  }
};
const row = (cells: (string | number)[]) => console.log(`| ${cells.join(' | ')} |`);
const ms = (x: number) => x.toFixed(1);
const target = (x: number, limit: number) => (x < limit ? 'met' : 'missed');
/** One line of a table: both medians and p95s, the ratio of the medians, the target. */
const resultCells = (m: Awaited<ReturnType<typeof measure>>, limit: number) => [
  ms(m.http.p50),
  ms(m.http.p95),
  ms(m.raw.p50),
  ms(m.raw.p95),
  `${(m.http.p50 / m.raw.p50).toFixed(2)}x`,
  m.n,
  `< ${limit} ms: ${target(m.http.p50, limit)}`,
];
const header = ['HTTP p50 ms', 'HTTP p95 ms', 'raw SQL p50 ms', 'raw SQL p95 ms', 'ratio (p50)', 'runs', 'target'];

/** The database with `execute` recording each statement, so the repository's own SQL can be explained. */
const dialect = new PgDialect();
type TStatement = { sql: string; params: unknown[] };
const capturing = (tx: TDb, captured: TStatement[]) =>
  new Proxy(tx, {
    get(target, prop, receiver) {
      if (prop === 'execute')
        return (q: SQL) => {
          captured.push(dialect.sqlToQuery(q));
          return target.execute(q);
        };
      return Reflect.get(target, prop, receiver);
    },
  }) as TDb;

console.log(`database: ${database.kind}, ${total} call records; node ${process.version}, ${os.cpus().length} cores`);
console.log(`month: ${new Date(month[0]).toISOString()} .. ${new Date(month[1]).toISOString()}, ${runs} runs\n`);

// ---- 1. the call-record list and its figures ------------------------------------------------------
const listCases = [
  { who: admin, label: 'no filter', filter: {} },
  { who: admin, label: 'an agent', filter: { userIds: [agentId] } },
  { who: admin, label: 'status 占线', filter: { callStatus: 3 } },
  { who: admin, label: 'number fragment 8123', filter: { telB: '8123' } },
  { who: admin, label: 'agent + 已接通 + number 8123', filter: { userIds: [agentId], callStatus: 1, telB: '8123' } },
  { who: admin, label: 'status 已接通 + finish 2', filter: { callStatus: 1, finishStatus: 2 } },
  { who: admin, label: 'finish 被叫挂断', filter: { finishStatus: 2 } },
  { who: admin, label: 'duration 1分钟以上', filter: { durationMin: 60 } },
  { who: admin, label: 'agent + 1-3分钟', filter: { userIds: [agentId], durationMin: 60, durationMax: 179 } },
  { who: admin, label: 'duration 45-100 s (off the marks)', filter: { durationMin: 45, durationMax: 100 } },
  { who: admin, label: 'duration 45 s and more (off the marks)', filter: { durationMin: 45 } },
  { who: manager, label: 'duration 45-250 s (off the marks)', filter: { durationMin: 45, durationMax: 250 } },
  { who: manager, label: 'no filter', filter: {} },
  { who: manager, label: 'status 占线', filter: { callStatus: 3 } },
  { who: manager, label: 'finish 主叫挂断 + 30秒以上', filter: { finishStatus: 1, durationMin: 30 } },
  { who: manager, label: 'number fragment 8123', filter: { telB: '8123' } },
];
const nameOf = (who: typeof admin) => (who === admin ? 'admin' : 'manager');
console.log('Call-record list, page 1 of 20 with its total (raw: the total and the page as the server runs them):\n');
row(['who', 'filter', 'matches', ...header]);
row(Array(3 + header.length).fill('---'));
for (const c of listCases) {
  const query = { page: 1, limit: 20, startRange: month, ...c.filter };
  const parsed = routeTables.callRecord.getPage.request.parse(query);
  const where = callRecordSql.condition(c.who.auth.tenantId, c.who.scope, parsed);
  const sort = { field: parsed.sortField, order: parsed.sortOrder };
  const order = callRecordSql.order(sort);
  const totalOf = callRecordSql.total(c.who.auth.tenantId, c.who.scope, parsed);
  let matches = 0;
  const m = await measure(
    async () => {
      matches = (
        await withTenant(database, c.who.auth.tenantId, (tx) =>
          callRecordRepository.page(tx, {
            tenantId: c.who.auth.tenantId,
            scope: c.who.scope,
            filter: parsed,
            sort,
            paging: { page: 1, limit: 20 },
          }),
        )
      ).total;
    },
    routeTables.callRecord.getPage.path,
    c.who.token,
    query,
  );
  row([nameOf(c.who), c.label, matches, ...resultCells(m, 100)]);
  const label = `list, ${nameOf(c.who)}, ${c.label}`;
  if (totalOf !== 'withPage') {
    await explain(
      `${label}: total${totalOf ? ' (roll-up)' : ''}`,
      totalOf
        ? dialect.sqlToQuery(sql`select ${totalOf} as n`)
        : db.select({ n: sql`count(*)` }).from(callRecords).where(where).toSQL(),
      c.who.auth.tenantId,
    );
  }
  await explain(
    `${label}: page${totalOf === 'withPage' ? ' with its total (count(*) over ())' : ''}`,
    db
      .select({ id: callRecords.id, ...(totalOf === 'withPage' ? { n: sql`count(*) over ()` } : {}) })
      .from(callRecords)
      .where(where)
      .orderBy(...order)
      .limit(20)
      .toSQL(),
    c.who.auth.tenantId,
  );
}

const countCases = [
  { who: admin, label: 'no filter', filter: {} },
  { who: admin, label: 'an agent', filter: { userIds: [agentId] } },
  { who: admin, label: 'status 已接通 + 1分钟以上', filter: { callStatus: 1, durationMin: 60 } },
  { who: admin, label: 'duration 45-100 s (off the marks)', filter: { durationMin: 45, durationMax: 100 } },
  { who: manager, label: 'no filter', filter: {} },
];
console.log('\nCall-record figures (get-page-count):\n');
row(['who', 'filter', 'calls', ...header]);
row(Array(3 + header.length).fill('---'));
for (const c of countCases) {
  const query = { startRange: month, ...c.filter };
  const parsed = routeTables.callRecord.getPageCount.request.parse(query);
  const captured: TStatement[] = [];
  let calls = 0;
  const m = await measure(
    async () => {
      calls = (
        await withTenant(database, c.who.auth.tenantId, (tx) =>
          callRecordRepository.sums(captured.length ? tx : capturing(tx, captured), {
            tenantId: c.who.auth.tenantId,
            scope: c.who.scope,
            filter: parsed,
          }),
        )
      ).total;
    },
    routeTables.callRecord.getPageCount.path,
    c.who.token,
    query,
  );
  row([nameOf(c.who), c.label, calls, ...resultCells(m, 100)]);
  if (captured[0]) await explain(`figures, ${nameOf(c.who)}, ${c.label}`, captured[0], c.who.auth.tenantId);
}

// ---- 2. statistics ------------------------------------------------------------------------------
console.log('\nStatistics of the month:\n');
row(['who', 'statistic', ...header]);
row(Array(2 + header.length).fill('---'));
type TStat = {
  label: string;
  route: { path: string };
  body: object;
  run: (tx: TDb, scope: TCensusScope) => Promise<unknown>;
};
const stats: TStat[] = [
  {
    label: 'per agent (statistics-use-page)',
    route: routeTables.callCensus.statisticsUsePage,
    body: { page: 1, limit: 20, sortField: 'callNum', sortOrder: 'descend' },
    run: (tx, s) =>
      callCensusRepository.agentPage(tx, {
        ...s,
        sortField: 'callNum',
        sortOrder: 'descend',
        paging: { page: 1, limit: 20 },
      }),
  },
  {
    label: 'by hour (hour-census)',
    route: routeTables.callCensus.hourCensus,
    body: {},
    run: (tx, s) => callCensusRepository.by(tx, s, 'hour'),
  },
  {
    label: 'by day (census)',
    route: routeTables.callCensus.census,
    body: {},
    run: (tx, s) => callCensusRepository.by(tx, s, 'day'),
  },
  {
    label: 'totals (base-census)',
    route: routeTables.callCensus.baseCensus,
    body: {},
    run: (tx, s) => callCensusRepository.totals(tx, s),
  },
  {
    label: 'by line (hua-ji-census)',
    route: routeTables.callCensus.huaJiCensus,
    body: {},
    run: (tx, s) => callCensusRepository.by(tx, s, 'line'),
  },
  {
    label: 'by department (local-census)',
    route: routeTables.callCensus.localCensus,
    body: {},
    run: (tx, s) => callCensusRepository.by(tx, s, 'dept'),
  },
  {
    label: 'per day and agent (getCensusDetail)',
    route: routeTables.callCensus.getCensusDetail,
    body: { page: 1, limit: 20 },
    run: (tx, s) => callCensusRepository.dayAgentPage(tx, { ...s, paging: { page: 1, limit: 20 } }),
  },
];
for (const who of [admin, manager]) {
  const scope: TCensusScope = { tenantId: who.auth.tenantId, scope: who.scope, filter: { startRange: month } };
  for (const stat of stats) {
    const captured: TStatement[] = [];
    const m = await measure(
      () =>
        withTenant(database, who.auth.tenantId, (tx) =>
          stat.run(captured.length ? tx : capturing(tx, captured), scope),
        ),
      stat.route.path,
      who.token,
      { startRange: month, ...stat.body },
    );
    row([nameOf(who), stat.label, ...resultCells(m, 200)]);
    if (captured[0]) await explain(`${stat.label}, ${nameOf(who)}`, captured[0], who.auth.tenantId);
  }
}

if (showPlans) {
  console.log('\nEXPLAIN (ANALYZE, BUFFERS):\n');
  console.log(plans.join('\n\n'));
}

server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
await app.close();
await explainPool.end();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
