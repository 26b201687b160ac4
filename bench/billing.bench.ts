// Billing at scale (docs/decisions/0018-billing.md): with `--records N` call
// records of the demo enterprise (default 10,000,000, over the 90 days before today; the database of
// bench/calls.seed.ts, or records of its own when fewer are there) and a charge for each charged one
// (call_charges: the seed's records have none, so the charged records without one get theirs here,
// set-based, 1,000,000 records a statement, then the day roll-up billing_daily is rebuilt from them
// and both are vacuumed and analyzed; no ledger rows — none of the pages below reads the ledger):
// 1. 消费明细 (consumePage: page 1 of 20 with its total, a department's, a deep page of a line),
//    账单 (billPage) and 账单分析 (billAnalysis), this month and last month, for the administrator,
//    each through HTTP (the server as its own process,
//    apps/server/src/main.ts: HTTP, auth, data-scope look-up, validation, JSON) against the
//    repository's own statements raw in a tenant transaction (row-level security on), interleaved in
//    the same run: median, p95, ratio; the EXPLAIN (ANALYZE, BUFFERS) of every statement at the end;
// 2. charging's added cost on ingestion: the carrier callback's ingestion (ingestCarrier) of calls
//    on a free line (rating only: what ingestion did before billing, a price look-up) against a line
//    charged from a package and a line charged to the balance, interleaved, median per call.
// Usage: node --import tsx bench/billing.bench.ts [--records 10000000] [--runs 21] [--calls 200]
//        [--only ingestion|pages] [--plans 0] [--warmup 200 (requests of each column before a case)]
//        [BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/yunhu_bench_calls]
// Rows are added until N records are there (never removed).

import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { routeTables, shanghaiDay } from '@yunhu/contract';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { startBareServer, statementCapture } from './bare-http.js';
import { benchServerEnv, spawnServer } from './built-server.js';
import { postJson } from './http-client.js';

const { values: args } = parseArgs({
  options: {
    records: { type: 'string', default: '10000000' },
    runs: { type: 'string', default: '21' },
    calls: { type: 'string', default: '200' },
    only: { type: 'string', default: '' },
    plans: { type: 'string', default: '1' },
    warmup: { type: 'string', default: '200' },
  },
});
const wanted = Number(args.records);
const runs = Number(args.runs);
const ingestCalls = Number(args.calls);
const warmup = Number(args.warmup);
process.env.BENCH_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/yunhu_bench_calls';
process.env.LOG_LEVEL = 'warn';
const { benchUrl, openBenchDatabase } = await import('./bench-db.js');
const { buildApp } = await import('../apps/server/src/app.js');
const { loadConfig } = await import('../apps/server/src/config.js');
const { withTenant } = await import('../apps/server/src/db/tenant.js');
const { rowsOf } = await import('../apps/server/src/db/client.js');
type TDb = import('../apps/server/src/db/client.js').TDb;
const { billingRepository } = await import('../apps/server/src/modules/billing/billing.repository.js');
const { monthRange } = await import('../apps/server/src/modules/billing/billing.service.js');

const { database, name, tenantId } = await openBenchDatabase();
const { db } = database;
const client = new pg.Client({ connectionString: benchUrl });
await client.connect();
const one = async <T>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows[0] as T;
const started = Date.now();
const seconds = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;

// ---- seed: call records, their charges and the day roll-up ---------------------------------------------
// The ingestion alone (--only ingestion) neither seeds nor counts: it may run beside a seed.
const counts = args.only === 'ingestion' ? { records: 0, charges: 0, daily: 0 } : await seed();

async function seed() {
  const { have } = await one<{ have: number }>(`select count(*)::int as have from call_records where tenant_id = $1`, [
    tenantId,
  ]);
  await client.query(`set synchronous_commit = off`);
  if (have < wanted) {
    const { people } = await one<{ people: number }>(
      `select count(*)::int as people from users where tenant_id = $1 and status = 'active' and username <> 'admin'`,
      [tenantId],
    );
    const batch = 1_000_000;
    for (let from = have; from < wanted; from += batch) {
      const to = Math.min(wanted, from + batch) - 1;
      // 35 % connected with an exponential talk time (mean about 95 s), charged at the line's price per
      // started minute (their charges follow below, as for the records of bench/calls.seed.ts).
      await client.query(
        `with people as (
         select array_agg(id order by id) as ids, array_agg(dept_id order by id) as depts from users
         where tenant_id = $1 and status = 'active' and username <> 'admin'
       ), ls as (select array_agg(id order by id) as ids, array_agg(price_per_minute order by id) as prices from lines),
       g as (
         select g, 1 + floor(random() * $4)::int as who, 1 + floor(random() * 3)::int as line, random() as s, random() as t,
           1 + floor(random() * 90)::int as day, floor(random() * 36000)::int + 32400 as sec
         from generate_series($2::int, $3::int) g
       ), c as (
         select g.*, case when s < 0.35 then 1 when s < 0.8 then 2 when s < 0.92 then 3 else 4 end as status,
           case when s < 0.35 then least(3600, 3 + floor(-ln(1 - t) * 92))::int else 0 end as duration,
           date_trunc('day', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai'
             - day * interval '1 day' + sec * interval '1 second' as start_time
         from g
       )
       insert into call_records (tenant_id, user_id, dept_id, line_id, bind_id, tel_a, tel_b, call_status,
         finish_status, duration, start_time, end_time, postage)
       select $1, p.ids[who], p.depts[who], ls.ids[1 + (line - 1) % array_length(ls.ids, 1)], 'bb-' || g, '',
         '139' || lpad((g % 100000000)::text, 8, '0'), status, 2, duration, start_time,
         start_time + duration * interval '1 second', ceil(duration / 60.0)::int * ls.prices[1 + (line - 1) % array_length(ls.ids, 1)]
       from c, people p, ls`,
        [tenantId, from, to, people],
      );
      console.log(`call records ${to + 1} / ${wanted} (${seconds()})`);
    }
  }
  // The charge of every charged record that has none (the records of bench/calls.seed.ts and the ones
  // above): at the line's price per started minute (the record's postage), the first 40 % of its
  // seconds from a package, the rest from the balance; set-based, 1,000,000 records a statement.
  const { missing } = await one<{ missing: number }>(
    `select count(*)::int as missing from call_records r where r.tenant_id = $1 and r.postage > 0 and r.duration > 0
     and not exists (select 1 from call_charges c where c.record_id = r.id)`,
    [tenantId],
  );
  if (missing > 0) {
    const { lo, hi } = await one<{ lo: number; hi: number }>(
      `select min(id)::bigint as lo, max(id)::bigint as hi from call_records where tenant_id = $1`,
      [tenantId],
    );
    const batch = 1_000_000;
    for (let from = Number(lo); from <= Number(hi); from += batch) {
      await client.query(
        `insert into call_charges (record_id, tenant_id, user_id, dept_id, line_id, start_time, duration, billed_seconds,
         units, unit_price, increment_seconds, amount, packet_seconds, balance_amount, paid_by, is_allocated)
       select id, tenant_id, user_id, dept_id, line_id, start_time, duration, units * 60, units, postage / units, 60,
         postage, units * 24, postage - (postage * 4) / 10,
         jsonb_build_object('packets', jsonb_build_array(jsonb_build_object('packetId', 1, 'name', '压测包',
           'seconds', units * 24)), 'balance', postage - (postage * 4) / 10), true
       from (select r.*, ceil(r.duration / 60.0)::int as units from call_records r
         where r.tenant_id = $1 and r.id >= $2 and r.id < $3 and r.postage > 0 and r.duration > 0) r
       on conflict (record_id) do nothing`,
        [tenantId, from, from + batch],
      );
      console.log(`charges of records up to id ${Math.min(Number(hi), from + batch - 1)} (${seconds()})`);
    }
    await client.query(`delete from billing_daily where tenant_id = $1`, [tenantId]);
    await client.query(
      `insert into billing_daily (tenant_id, day, line_id, dept_id, user_id, calls, duration, billed_seconds, amount,
       packet_seconds, balance_amount)
     select tenant_id, (start_time at time zone 'Asia/Shanghai')::date, line_id, dept_id, user_id, count(*),
       sum(duration), sum(billed_seconds), sum(amount), sum(packet_seconds), sum(balance_amount)
     from call_charges where tenant_id = $1 group by 1, 2, 3, 4, 5`,
      [tenantId],
    );
    for (const table of ['call_charges', 'billing_daily']) await client.query(`vacuum (analyze) ${table}`);
    console.log(`${missing} charges made, the day roll-up rebuilt, vacuumed and analyzed (${seconds()})`);
  }
  return await one<{ records: number; charges: number; daily: number }>(
    `select (select count(*)::int from call_records where tenant_id = $1) as records,
     (select count(*)::int from call_charges where tenant_id = $1) as charges,
     (select count(*)::int from billing_daily where tenant_id = $1) as daily`,
    [tenantId],
  );
}

// ---- the app: in this process for the ingestion and the raw statements' scopes, HTTP in its own ----------
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-billing-bench-'));
const config = {
  ...loadConfig({ ...process.env, DATA_DIR: dataDir, WEB_DIST: '', CRM_RELEASE_JOB_MINUTES: '1440' }),
  isProduction: true,
};
const app = await buildApp(config, database);
await app.ready();

const quantile = (xs: number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
};
const median = (xs: number[]) => quantile(xs, 0.5);
const p95 = (xs: number[]) => quantile(xs, 0.95);
const time = async (fn: () => Promise<unknown>) => {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
};

console.log(
  `\n${name}: ${counts.records} call records, ${counts.charges} charges, ${counts.daily} day rows; ` +
    `node ${process.version}, ${os.cpus().length} cores, load ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
);

if (args.only !== 'ingestion') {
  const port = 18000 + Math.floor(Math.random() * 1000);
  const { child: server, baseUrl: base } = await spawnServer({
    env: benchServerEnv(benchUrl, port, dataDir),
    stdio: 'ignore',
  });
  const signedIn = async (username: string, password: string) => {
    const res = await fetch(`${base}/sso/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    const token = ((await res.json()) as { data: { token: string } }).data.token;
    const auth = (await app.services.auth.authenticate(token))!;
    return { token, auth, scope: await app.services.org.dataScopeOf(auth) };
  };
  const admin = await signedIn('admin', 'Admin@2026');

  // This month (Asia/Shanghai) so far, and the whole month before it.
  const month = shanghaiDay(Date.now()).slice(0, 7);
  const lastMonth = monthRange(month).prev.first.slice(0, 7);
  const monthStart = Date.parse(`${month}-01T00:00:00+08:00`);
  const pick = async (q: SQL) => rowsOf<{ id: number }>(await db.execute(q))[0]?.id;
  const deptId = (await pick(sql`select dept_id::int as id from users where username = 'agent04'`))!;
  const lineId = (await pick(sql`select line_id::int as id from call_charges where tenant_id = ${tenantId}
    and start_time >= ${new Date(monthStart).toISOString()} group by line_id order by count(*) desc limit 1`))!;

  // The repository's statements, recorded as they run, for their EXPLAIN.
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

  type TWho = typeof admin;
  type TCase = { name: string; who: TWho; path: string; body: object; raw: (tx: TDb, who: TWho) => Promise<unknown> };
  const consume = (who: TWho, filter: object, page: number) => (tx: TDb) =>
    billingRepository.consumePage(
      tx,
      { tenantId, scope: who.scope, filter: { from: monthStart, ...filter } },
      { page, limit: 20 },
    );
  const analysis = (m: string) => async (tx: TDb, who: TWho) => {
    const range = monthRange(m);
    await billingRepository.totals(tx, tenantId, who.scope, range);
    await billingRepository.totals(tx, tenantId, who.scope, range.prev);
    await billingRepository.analysis(tx, tenantId, who.scope, range);
  };
  const bill = (m: string) => (tx: TDb, who: TWho) =>
    billingRepository.billRows(tx, tenantId, who.scope, monthRange(m), {}, { page: 1, limit: 20 });
  const consumePath = routeTables.billing.consumePage.path;
  const cases: TCase[] = [
    {
      // The floor: one primary-key read, so the HTTP column shows what every request costs beyond its SQL.
      name: 'floor: 余额提醒 settings (one primary-key read)',
      who: admin,
      path: routeTables.billing.settingsGet.path,
      body: {},
      raw: (tx) => billingRepository.settings(tx, tenantId),
    },
    {
      name: '消费明细 page 1/20 + total, this month',
      who: admin,
      path: consumePath,
      body: { page: 1, limit: 20, from: monthStart },
      raw: consume(admin, {}, 1),
    },
    {
      name: '消费明细 page 1/20 + total, this month, one department',
      who: admin,
      path: consumePath,
      body: { page: 1, limit: 20, from: monthStart, deptId },
      raw: consume(admin, { deptId }, 1),
    },
    {
      name: '消费明细 page 250/20 (offset 4,980) + total, this month, one line',
      who: admin,
      path: consumePath,
      body: { page: 250, limit: 20, from: monthStart, lineId },
      raw: consume(admin, { lineId }, 250),
    },
    {
      name: '账单 (line × department), this month',
      who: admin,
      path: routeTables.billing.billPage.path,
      body: { page: 1, limit: 20, month },
      raw: bill(month),
    },
    {
      name: '账单 (line × department), last month',
      who: admin,
      path: routeTables.billing.billPage.path,
      body: { page: 1, limit: 20, month: lastMonth },
      raw: bill(lastMonth),
    },
    {
      name: '账单分析 (totals, month over month, by day/line/dept/person), this month',
      who: admin,
      path: routeTables.billing.billAnalysis.path,
      body: { month },
      raw: analysis(month),
    },
    {
      name: '账单分析, last month',
      who: admin,
      path: routeTables.billing.billAnalysis.path,
      body: { month: lastMonth },
      raw: analysis(lastMonth),
    },
  ];

  const plans: string[] = [];
  const explainPool = new pg.Pool({ connectionString: benchUrl, max: 1 });
  const explain = async (label: string, q: TStatement) => {
    const c = await explainPool.connect();
    try {
      await c.query('begin');
      await c.query(`select set_config('app.tenant_id', $1, true), set_config('role', $2, true)`, [
        String(tenantId),
        database.hasAppRole ? 'yunhu_app' : 'none',
      ]);
      const res = await c.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${q.sql}`, q.params);
      plans.push(`-- ${label}\n${res.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
    } finally {
      await c.query('rollback');
      c.release();
    }
  };

  // The bare HTTP server (bare-http.ts): the same statements behind the least an HTTP server does.
  const role = database.hasAppRole ? 'yunhu_app' : 'none';
  const statements = statementCapture(benchUrl, role);
  const bare = await startBareServer(benchUrl, config.databaseLimits.poolMax);
  console.log(`month ${month} (last month ${lastMonth}), ${runs} runs each, HTTP, raw and bare HTTP interleaved\n`);
  console.log(
    '| query | HTTP p50 ms | HTTP p95 | raw SQL p50 ms | raw p95 | bare HTTP p50 ms | ratio (p50) | bare / raw | HTTP / bare | < 200 ms, ≤ 1.5x |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const c of cases) {
    const bareRun = await bare.prepare(tenantId, role, await statements.capture(tenantId, (tx) => c.raw(tx, c.who)));
    const http = async () => {
      const json = await postJson(`${base}${c.path}`, c.who.token, c.body);
      if (json.code !== 0) throw new Error(`${c.path}: ${json.msg}`);
    };
    const raw = () => withTenant(database, tenantId, (tx) => c.raw(tx, c.who));
    // Warm-up, the same for the three columns: the connections' plans kept (migration 0061) and the
    // request's code optimised by V8, as in a server that has been up a while (four runs
    // alternating 10 and 200 rounds showed no difference beyond the machine's noise).
    for (let i = 0; i < warmup; i++) {
      await http();
      await raw();
      await bareRun();
    }
    const h: number[] = [];
    const r: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < runs; i++) {
      h.push(await time(http));
      r.push(await time(raw));
      b.push(await time(bareRun));
    }
    const [hm, rm, bm] = [median(h), median(r), median(b)];
    const met = c.name.startsWith('floor') ? '—' : hm < 200 && hm / rm <= 1.5 ? 'met' : 'missed';
    console.log(
      `| ${c.name} | ${hm.toFixed(1)} | ${p95(h).toFixed(1)} | ${rm.toFixed(1)} | ${p95(r).toFixed(1)} | ${bm.toFixed(1)} | ${(hm / rm).toFixed(2)}x | ${(bm / rm).toFixed(2)}x | ${(hm / bm).toFixed(2)}x | ${met} |`,
    );
    if (args.plans !== '0') {
      const captured: TStatement[] = [];
      await withTenant(database, tenantId, (tx) => c.raw(capturing(tx, captured), c.who));
      for (const [i, q] of captured.entries()) await explain(`${c.name}: statement ${i + 1}`, q);
    }
  }
  if (plans.length) console.log(`\nPlans (EXPLAIN ANALYZE, BUFFERS):\n\n${plans.join('\n\n')}`);
  await explainPool.end();
  await statements.end();
  await bare.stop();
  server.kill('SIGTERM');
}

// ---- ingestion: a free line (rating only) against charging from a package and from the balance --------
if (args.only !== 'pages') {
  const agent = rowsOf<{ id: number; dept_id: number | null }>(
    await db.execute(sql`select id::int, dept_id::int from users where username = 'agent01'`),
  )[0]!;
  const newLine = async (label: string, price: number) => {
    const row = rowsOf<{ id: number }>(
      await db.execute(
        sql`insert into lines (name, mode, price_per_minute) values (${`压测${label}${crypto.randomUUID().slice(0, 4)}`}, 0, ${price}) returning id::int`,
      ),
    )[0]!;
    return row.id;
  };
  const free = await newLine('免费', 0);
  const packetLine = await newLine('套餐', 12);
  const balanceLine = await newLine('余额', 12);
  await db.execute(sql`insert into packets (tenant_id, line_id, name, total_minutes, price, bought_at, expire_at)
  values (${tenantId}, ${packetLine}, '压测包', 1000000, 0, now(), now() + interval '30 days')`);
  const ingest = async (lineId: number) => {
    const bindId = `bench-${crypto.randomUUID()}`;
    await db.execute(sql`insert into call_binds (tenant_id, bind_id, user_id, dept_id, line_id, line_mode, tel_b, state)
    values (${tenantId}, ${bindId}, ${agent.id}, ${agent.dept_id}, ${lineId}, 0, '13900000000', 'ringing')`);
    const end = Date.now();
    return time(() =>
      app.call.callbacks.ingestCarrier({
        callId: `bench-${bindId}`,
        bindId,
        outcome: 'connected',
        telA: '13800000002',
        telB: '13900000000',
        telX: '',
        startTime: end - 95_000,
        answerTime: end - 90_000,
        endTime: end,
        finishStatus: 2,
        recordingKey: null,
      } as Parameters<typeof app.call.callbacks.ingestCarrier>[0]),
    );
  };
  const lanes = { free: [] as number[], packet: [] as number[], balance: [] as number[] };
  for (let i = 0; i < 10; i++) await Promise.all([ingest(free), ingest(packetLine), ingest(balanceLine)]);
  for (let i = 0; i < ingestCalls; i++) {
    lanes.free.push(await ingest(free));
    lanes.packet.push(await ingest(packetLine));
    lanes.balance.push(await ingest(balanceLine));
  }
  const floor = median(lanes.free);
  console.log(`\ningestion of one carrier callback, ${ingestCalls} calls each, interleaved (median per call):`);
  console.log('| line | p50 | p95 | against the free line |\n|---|---|---|---|');
  for (const [lane, xs] of Object.entries(lanes)) {
    console.log(
      `| ${lane} | ${median(xs).toFixed(2)} ms | ${p95(xs).toFixed(2)} ms | ${(median(xs) / floor).toFixed(2)}x |`,
    );
  }
}
await app.close();
await client.end();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
