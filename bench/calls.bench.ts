// Call records at scale (issue 6, Performance), against the database made by bench/calls.seed.ts
// (10,000,000 call records over 90 days): for one month (30 Asia/Shanghai days),
// 1. the call-record list (getPage: page 1 of 20 with its total) with filters — an agent, a call
//    status, a number fragment, all three — through the HTTP API vs the same SQL run raw;
// 2. the per-agent statistics (statistics-use-page) and the calls-by-hour chart (hour-census)
//    through HTTP vs the same SQL raw (the repository's own statements, captured);
// each with the median of both, the ratio and the EXPLAIN (ANALYZE, BUFFERS) of the statements.
// "Raw" is the same statements on one connection the way the server runs them (a transaction as
// the role yunhu_app with app.tenant_id set, so row-level security applies), without HTTP, auth,
// the data-scope look-up and the JSON;
// 3. the same two statistics over an hourly roll-up of the records (a shape the server does not
//    have yet; the table bench_call_hours is made in the bench database only), to show what meets
//    the target.
// The server runs as its own process (apps/server/src/main.ts); this process's app only resolves
// logins and data scopes for the raw SQL.
// Usage: node --import tsx bench/calls.seed.ts && node --import tsx bench/calls.bench.ts
//        [BENCH_DATABASE_URL=…] [BENCH_RUNS=11] [BENCH_PLANS=0 to leave the plans out]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { routeTables } from '@yunhu/contract';
import autocannon from 'autocannon';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase, rowsOf, type TDb } from '../apps/server/src/db/client.js';
import { withTenant } from '../apps/server/src/db/tenant.js';
import { callRepository } from '../apps/server/src/modules/call/call.repository.js';
import { callRecords } from '../apps/server/src/modules/call/call.schema.js';
import { callCensusRepository, type TCensusScope } from '../apps/server/src/modules/call/call-census.repository.js';
import { recordCondition, recordOrder } from '../apps/server/src/modules/call/call-record.filter.js';
import { benchUrl } from './bench-db.js';

const runs = Number(process.env.BENCH_RUNS ?? 11);
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
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
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
// A failed run takes its server down with it.
process.on('exit', () => server.kill('SIGTERM'));
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
const login = async (username: string, password: string) => {
  const res = await fetch(`${base}/sso/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
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
const todayStart = Math.floor((Date.now() + 8 * 3_600_000) / dayMs) * dayMs - 8 * 3_600_000;
const month: [number, number] = [todayStart - 30 * dayMs, todayStart - 1];
const [{ id: agentId }] = rowsOf<{ id: number }>(
  await db.execute(sql`select id::int from users where username = 'agent01'`),
) as [{ id: number }];

/** Times `raw` (the SQL alone) and the HTTP request `runs` times each; fewer runs when one takes seconds. */
const measure = async (raw: () => Promise<unknown>, pathName: string, token: string, body: unknown) => {
  const rawTimes: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await raw();
    rawTimes.push(performance.now() - started);
    if (i === 2 && median(rawTimes) > 1000) break;
  }
  const http = await autocannon({
    url: `${base}${pathName}`,
    method: 'POST',
    headers: { 'cloud-token': token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    connections: 1,
    amount: rawTimes.length,
    timeout: 60,
  });
  if (http.non2xx || http.errors) throw new Error(`${pathName} failed`);
  return { http: http.latency.p50, raw: median(rawTimes), n: rawTimes.length };
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

console.log(`database: ${database.kind}, ${total} call records; node ${process.version}, ${os.cpus().length} cores`);
console.log(`month: ${new Date(month[0]).toISOString()} .. ${new Date(month[1]).toISOString()}, ${runs} runs\n`);

// ---- 1. the call-record list ------------------------------------------------------------------------
const listCases = [
  { who: admin, label: 'an agent', filter: { userIds: [agentId] } },
  { who: admin, label: 'status 占线', filter: { callStatus: 3 } },
  { who: admin, label: 'number fragment 8123', filter: { telB: '8123' } },
  { who: admin, label: 'agent + 已接通 + number 8123', filter: { userIds: [agentId], callStatus: 1, telB: '8123' } },
  { who: manager, label: 'status 占线', filter: { callStatus: 3 } },
];
console.log('Call-record list, page 1 of 20 with its total:\n');
row(['who', 'filter', 'matches', 'HTTP p50 ms', 'raw SQL p50 ms (count + page)', 'ratio', 'runs']);
row(['---', '---', '---', '---', '---', '---', '---']);
for (const c of listCases) {
  const query = { page: 1, limit: 20, startRange: month, ...c.filter };
  const parsed = routeTables.callDetail.getPage.request.parse(query);
  const where = recordCondition(c.who.auth.tenantId, c.who.scope, parsed);
  const order = recordOrder(parsed.sortField, parsed.sortOrder);
  let matches = 0;
  const m = await measure(
    async () => {
      matches = (
        await withTenant(database, c.who.auth.tenantId, (tx) => callRepository.recordPage(tx, where, 1, 20, order))
      ).total;
    },
    routeTables.callDetail.getPage.path,
    c.who.token,
    query,
  );
  row([
    c.who === admin ? 'admin' : 'manager',
    c.label,
    matches,
    m.http,
    ms(m.raw),
    `${(m.http / m.raw).toFixed(2)}x`,
    m.n,
  ]);
  await explain(
    `list count, ${c.who === admin ? 'admin' : 'manager'}, ${c.label}`,
    db.select({ n: sql`count(*)` }).from(callRecords).where(where).toSQL(),
    c.who.auth.tenantId,
  );
  await explain(
    `list page, ${c.who === admin ? 'admin' : 'manager'}, ${c.label}`,
    db
      .select({ id: callRecords.id })
      .from(callRecords)
      .where(where)
      .orderBy(...order)
      .limit(20)
      .toSQL(),
    c.who.auth.tenantId,
  );
}

// ---- 2. statistics through the server ---------------------------------------------------------------
/** The database with `execute` recording each statement, so the repository's own SQL can be explained. */
const dialect = new PgDialect();
const capturing = (tx: TDb, captured: { sql: string; params: unknown[] }[]) =>
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
console.log('\nStatistics of the month:\n');
row(['who', 'statistic', 'HTTP p50 ms', 'raw SQL p50 ms', 'ratio', 'runs']);
row(['---', '---', '---', '---', '---', '---']);
for (const who of [admin, manager]) {
  const scope: TCensusScope = { tenantId: who.auth.tenantId, scope: who.scope, filter: { startRange: month } };
  const agentQuery = { page: 1, limit: 20, startRange: month, sortField: 'callNum', sortOrder: 'descend' };
  const agentCaptured: { sql: string; params: unknown[] }[] = [];
  const agents = await measure(
    () =>
      withTenant(database, who.auth.tenantId, (tx) =>
        callCensusRepository.agentPage(capturing(tx, agentCaptured), {
          ...scope,
          sortField: 'callNum',
          sortOrder: 'descend',
          limit: 20,
          offset: 0,
        }),
      ),
    routeTables.callCensus.statisticsUsePage.path,
    who.token,
    agentQuery,
  );
  const name = who === admin ? 'admin' : 'manager';
  row([
    name,
    'per agent (statistics-use-page)',
    agents.http,
    ms(agents.raw),
    `${(agents.http / agents.raw).toFixed(2)}x`,
    agents.n,
  ]);
  const hourCaptured: { sql: string; params: unknown[] }[] = [];
  const hours = await measure(
    () =>
      withTenant(database, who.auth.tenantId, (tx) =>
        callCensusRepository.by(capturing(tx, hourCaptured), scope, 'hour'),
      ),
    routeTables.callCensus.hourCensus.path,
    who.token,
    { startRange: month },
  );
  row([name, 'by hour (hour-census)', hours.http, ms(hours.raw), `${(hours.http / hours.raw).toFixed(2)}x`, hours.n]);
  if (who === admin) {
    await explain('per agent, page statement', agentCaptured[0]!, who.auth.tenantId);
    await explain('by hour', hourCaptured[0]!, who.auth.tenantId);
  }
}

// ---- 3. the same statistics over an hourly roll-up ----------------------------------------------------
// One row per (tenant, hour, agent, department, line) with the summed figures: a month is about
// 170,000 rows instead of 3,300,000. Asia/Shanghai has whole-hour offsets, so UTC hours are its hours.
const exists = rowsOf<{ ok: boolean }>(await db.execute(sql`select to_regclass('bench_call_hours') is not null as ok`));
if (!exists[0]?.ok) {
  const started = Date.now();
  await db.execute(sql`create table bench_call_hours as
    select tenant_id, date_trunc('hour', start_time) as hour_start, user_id, dept_id, line_id,
      count(*)::int as call_num, (count(*) filter (where call_status = 1))::int as connected_num,
      sum(duration)::bigint as total_second, sum((duration + 59) / 60)::bigint as total_minute
    from call_records group by 1, 2, 3, 4, 5`);
  await db.execute(sql`create index bench_call_hours_tenant_hour_idx on bench_call_hours (tenant_id, hour_start)
    include (user_id, dept_id, line_id, call_num, connected_num, total_second, total_minute)`);
  // Like every tenant table: row-level security on tenant_id, read by yunhu_app.
  await db.execute(sql`alter table bench_call_hours enable row level security`);
  await db.execute(sql`create policy tenant_isolation on bench_call_hours
    using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)`);
  await db.execute(sql`grant select on bench_call_hours to yunhu_app`);
  await db.execute(sql`vacuum analyze bench_call_hours`);
  console.log(`\n(bench_call_hours made in ${((Date.now() - started) / 1000).toFixed(0)} s)`);
}
const from = new Date(month[0]).toISOString();
const to = new Date(month[1] + 1).toISOString();
const rollups = {
  'per agent': {
    sql: `select user_id, sum(call_num) as call_num, sum(connected_num) as connected_num,
        sum(total_second) as total_second, sum(total_minute) as total_minute
      from bench_call_hours where tenant_id = $1 and hour_start >= $2 and hour_start < $3
      group by user_id order by call_num desc, user_id limit 20`,
    params: [admin.auth.tenantId, from, to],
  },
  'by hour': {
    // Grouped by the hour first (720 groups), then by the hour of the day: the time-zone
    // conversion runs per group, not per row.
    sql: `select extract(hour from h at time zone 'Asia/Shanghai')::int as hour, sum(c) as call_num,
        sum(cc) as connected_num, sum(s) as total_second
      from (select hour_start as h, sum(call_num) as c, sum(connected_num) as cc, sum(total_second) as s
        from bench_call_hours where tenant_id = $1 and hour_start >= $2 and hour_start < $3 group by 1) x
      group by 1 order by 1`,
    params: [admin.auth.tenantId, from, to],
  },
};
console.log('\nThe same statistics over the hourly roll-up (admin, raw SQL):\n');
row(['statistic', 'raw SQL p50 ms', 'runs']);
row(['---', '---', '---']);
for (const [label, q] of Object.entries(rollups)) {
  const times: number[] = [];
  const client = await explainPool.connect();
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await inTenant(client, admin.auth.tenantId, () => client.query(q.sql, q.params));
    times.push(performance.now() - started);
  }
  client.release();
  row([`${label} (roll-up)`, ms(median(times)), times.length]);
  await explain(`${label}, roll-up`, q, admin.auth.tenantId);
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
