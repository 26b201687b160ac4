// 客户统计 (getCustomerCensus) at 1,000,000 customers, against the database made by bench/crm.seed.ts:
// the census's statements counting the customers (the recount, as the census ran before the kept
// counts) against the kept counts (migration 0067), both in a tenant transaction as the server runs
// them, and the request itself through HTTP; for the administrator (the whole enterprise), a manager
// (his departments) and an agent (his own), over 今天, 近7天, 近30天 and a year. Each case also checks
// that the counts answer exactly what the recount does. Then the totals of 我的客户 and 公海 (page 1,
// no filter) with the EXPLAIN of their count, and the load average over the run. The floor is the same
// tenant transaction around `select 1`: on a shared machine read the ratios, not the milliseconds.
// Usage: BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/bench_census node --import tsx bench/crm.seed.ts
//        BENCH_DATABASE_URL=… node --import tsx bench/customer-census.bench.ts [BENCH_RUNS=21] [BENCH_OLD_RUNS=5]
//        [BENCH_FOLLOWS=500000: follow-ups made first when fewer, spread over a year]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { routeTables } from '@yunhu/contract';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase, rowsOf } from '../apps/server/src/db/client.js';
import type { TDataScope } from '../apps/server/src/db/scope.js';
import { withTenant } from '../apps/server/src/db/tenant.js';
import { customerRepository } from '../apps/server/src/modules/crm/customer.repository.js';
import { censusRepository, type TCensusFigures } from '../apps/server/src/modules/crm-census/crm-census.repository.js';
import { statementCapture } from './bare-http.js';
import { postJson } from './http-client.js';

const benchUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/yunhu_bench';
const runs = Number(process.env.BENCH_RUNS ?? 21);
const oldRuns = Number(process.env.BENCH_OLD_RUNS ?? 5);
const follows = Number(process.env.BENCH_FOLLOWS ?? 500_000);
const DAY = 86_400_000;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-census-bench-'));
process.env.LOG_LEVEL = 'warn';
const config = {
  ...loadConfig({ ...process.env, DATA_DIR: dataDir, WEB_DIST: '', PORT: '0', CRM_RELEASE_JOB_MINUTES: '1440' }),
  isProduction: true,
};
const database = await openDatabase({ databaseUrl: benchUrl, dataDir: null, limits: { statementTimeoutMs: 0 } });
const { db } = database;
const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query));
const [{ n: total }] = (await q<{ n: number }>(sql`select count(*)::int as n from customers`)) as [{ n: number }];
if (total < 100_000) throw new Error('run bench/crm.seed.ts first');

// Follow-ups at scale (the demo seed writes a few hundred): by each customer's owner, over a year.
const [{ n: haveFollows }] = (await q<{ n: number }>(sql`select count(*)::int as n from crm_follow_records`)) as [
  { n: number },
];
if (haveFollows < follows) {
  await db.execute(sql`insert into crm_follow_records (tenant_id, customer_id, user_id, method, content, created_at)
    select c.tenant_id, c.id, c.owner_id, 'phone', '压测跟进', now() - (c.id % 365) * interval '1 day' - (c.id % 86400) * interval '1 second'
    from customers c where c.owner_id is not null and c.deleted_at is null
    order by c.id limit ${follows - haveFollows}`);
  await db.execute(sql`vacuum analyze crm_follow_records`);
  await db.execute(sql`vacuum analyze follow_day_counts`);
}

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
const loadAtStart = load();
const app = await buildApp(config, database);
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

type TWho = { label: string; token: string; tenantId: number; scope: TDataScope };
const signedIn = async (label: string, username: string, password: string): Promise<TWho> => {
  const login = await postJson<{ token: string }>(`${base}${routeTables.auth.login.path}`, '', { username, password });
  const token = login.data.token;
  const auth = (await app.services.auth.authenticate(token))!;
  return { label, token, tenantId: auth.tenantId, scope: await app.services.org.dataScopeOf(auth) };
};
const people = [
  await signedIn('admin (enterprise)', 'admin', 'Admin@2026'),
  await signedIn('manager (his departments)', 'manager', 'Manager@2026'),
  await signedIn('agent (his own)', 'agent01', 'Agent@2026'),
];

/** The web's ranges: Shanghai midnight of the first day to the last millisecond of today. */
const lastDays = (days: number) => {
  const shanghai = Date.now() + 8 * 3_600_000;
  const todayStart = shanghai - (shanghai % DAY) - 8 * 3_600_000;
  return { from: todayStart - (days - 1) * DAY, to: todayStart + DAY - 1 };
};
const ranges = [
  { label: '今天', ...lastDays(1) },
  { label: '近7天', ...lastDays(7) },
  { label: '近30天', ...lastDays(30) },
  { label: '近一年', ...lastDays(365) },
];

const quantile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
};
const timed = async (fn: () => Promise<unknown>) => {
  const started = performance.now();
  await fn();
  return performance.now() - started;
};
const ms = (x: number) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));
const comparable = (f: TCensusFigures) =>
  JSON.stringify({
    ...f,
    newRows: f.newRows.filter((r) => r.n !== 0).sort((a, b) => a.day.localeCompare(b.day)),
    followRows: f.followRows.filter((r) => r.n !== 0).sort((a, b) => a.day.localeCompare(b.day)),
  });

console.log(`database: ${database.kind}, ${total} customers, ${Math.max(haveFollows, follows)} follow-ups`);
console.log(`node ${process.version}, ${os.cpus().length} cores; load average at start ${loadAtStart}\n`);
console.log(
  '| who | range | recount p50 / p95 | kept counts p50 / p95 | recount / kept | floor p50 | kept / floor | HTTP p50 / p95 | exact |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
const httpP50s: number[] = [];
for (const who of people) {
  for (const range of ranges) {
    const query = { tenantId: who.tenantId, scope: who.scope, from: range.from, to: range.to };
    const inTenant = <T>(fn: Parameters<typeof withTenant<T>>[2]) => withTenant(database, who.tenantId, fn);
    const recount = await inTenant((tx) => censusRepository.customerCensusRecount(tx, query));
    const kept = await inTenant((tx) => censusRepository.customerCensus(tx, query));
    const isExact = comparable(recount) === comparable(kept);
    // Interleaved, so the machine's other work weighs on both alike.
    const oldMs: number[] = [];
    const newMs: number[] = [];
    const httpMs: number[] = [];
    const floorMs: number[] = [];
    for (let i = 0; i < runs; i++) {
      // The floor: the same tenant transaction around one `select 1`.
      floorMs.push(await timed(() => inTenant((tx) => tx.execute(sql`select 1`))));
      if (i < oldRuns)
        oldMs.push(await timed(() => inTenant((tx) => censusRepository.customerCensusRecount(tx, query))));
      newMs.push(await timed(() => inTenant((tx) => censusRepository.customerCensus(tx, query))));
      httpMs.push(
        await timed(async () => {
          const res = await postJson(`${base}${routeTables.crm.census.path}`, who.token, {
            from: range.from,
            to: range.to,
          });
          if (res.code !== 0) throw new Error(`census: ${res.msg}`);
        }),
      );
    }
    httpP50s.push(quantile(httpMs, 0.5));
    const p50 = { old: quantile(oldMs, 0.5), kept: quantile(newMs, 0.5), floor: quantile(floorMs, 0.5) };
    console.log(
      `| ${who.label} | ${range.label} | ${ms(p50.old)} / ${ms(quantile(oldMs, 0.95))} ms | ${ms(p50.kept)} / ${ms(quantile(newMs, 0.95))} ms | ${(p50.old / p50.kept).toFixed(0)}× | ${ms(p50.floor)} ms | ${(p50.kept / p50.floor).toFixed(2)}× | ${ms(quantile(httpMs, 0.5))} / ${ms(quantile(httpMs, 0.95))} ms | ${isExact ? 'yes' : 'NO'} |`,
    );
  }
}
console.log(`\nHTTP p50 of every case: at most ${ms(Math.max(...httpP50s))} ms`);

// The census's statements from the counts, with their plans (the administrator, 近30天).
const role = database.hasAppRole ? 'yunhu_app' : 'none';
const captured = statementCapture(benchUrl, role);
const admin = people[0]!;
const explain = async (statements: { sql: string; params: unknown[] }[]) => {
  const out: string[] = [];
  await withTenant(database, admin.tenantId, async (tx) => {
    for (const st of statements) {
      const res = await tx.execute(sql.raw(`explain (analyze, costs off) ${inline(st.sql, st.params)}`));
      out.push(
        rowsOf<{ 'QUERY PLAN': string }>(res)
          .map((r) => r['QUERY PLAN'])
          .join('\n'),
      );
    }
  });
  return out.join('\n\n');
};
/** The statement with its parameters written in, for EXPLAIN through the tenant's transaction. */
const inline = (text: string, params: unknown[]) =>
  text.replace(/\$(\d+)/g, (_m, i: string) => {
    const v = params[Number(i) - 1];
    return v === null ? 'null' : typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
  });
const census = await captured.capture(admin.tenantId, (tx) =>
  censusRepository.customerCensus(tx, { tenantId: admin.tenantId, scope: admin.scope, ...ranges[2]! }),
);
console.log(`\ncensus statements (admin, 近30天): ${census.length}\n\n${await explain(census)}`);

// 我的客户 and 公海: page 1 without a filter, its total included.
console.log('\n| list | who | p50 / p95 |\n|---|---|---|');
for (const pool of ['private', 'public'] as const) {
  for (const who of people.slice(0, 2)) {
    const page = () =>
      withTenant(database, who.tenantId, (tx) =>
        customerRepository.page(tx, {
          tenantId: who.tenantId,
          pool,
          scope: who.scope,
          filter: {},
          sort: { field: 'createdAt', order: 'descend' },
          paging: { page: 1, limit: 20 },
        }),
      );
    const times: number[] = [];
    for (let i = 0; i < runs; i++) times.push(await timed(page));
    console.log(
      `| ${pool === 'private' ? '我的客户' : '公海'} | ${who.label} | ${ms(quantile(times, 0.5))} / ${ms(quantile(times, 0.95))} ms |`,
    );
  }
}
const listStatements = await captured.capture(admin.tenantId, (tx) =>
  customerRepository.page(tx, {
    tenantId: admin.tenantId,
    pool: 'private',
    scope: admin.scope,
    filter: {},
    sort: { field: 'createdAt', order: 'descend' },
    paging: { page: 1, limit: 20 },
  }),
);
const counting = listStatements.filter((st) => /count|sum\(/i.test(st.sql));
console.log(`\n我的客户 total (admin): ${counting.length} statement(s)\n\n${await explain(counting)}`);
console.log(`\nload average at start ${loadAtStart}, at end ${load()}`);

await captured.end();
await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
