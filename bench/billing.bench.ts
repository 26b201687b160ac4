// Billing at scale (issue 16, Performance; docs/decisions/0018-billing.md): with `--records N` call
// records of the demo enterprise (default 10,000,000, over the 90 days before today; 35 % connected
// and charged: a call_charges row each and the day roll-up billing_daily), for the current month
// 1. 消费明细 (consumePage: page 1 of 20 and its total), 账单 (billPage) and 账单分析 (billAnalysis)
//    for the administrator, each through the endpoint (app.inject: auth, the binder's transaction and
//    data-scope look-up, validation, JSON; no TCP) against the repository's own statements raw in a
//    tenant transaction (row-level security on), interleaved in the same run: median, p95, ratio;
// 2. charging's added cost on ingestion: the carrier callback's ingestion (ingestCarrier) of calls
//    on a free line (rating only: what ingestion did before billing, a price look-up) against a line
//    charged from a package and a line charged to the balance, interleaved, median per call.
// Usage: node --import tsx bench/billing.bench.ts [--records 200000] [--runs 21] [--calls 200]
//        [--only ingestion] (charging's cost alone: part 2, without the page queries)
//        [BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/yunhu_billing_bench]
// The database is its own (never the shared yunhu_bench); rows are added until N are there.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { routeTables } from '@yunhu/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';

const { values: args } = parseArgs({
  options: {
    records: { type: 'string', default: '10000000' },
    runs: { type: 'string', default: '21' },
    calls: { type: 'string', default: '200' },
    only: { type: 'string', default: '' },
  },
});
const wanted = Number(args.records);
const runs = Number(args.runs);
const ingestCalls = Number(args.calls);
process.env.BENCH_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/yunhu_billing_bench';
process.env.LOG_LEVEL = 'warn';
const { benchUrl, openBenchDatabase } = await import('./bench-db.js');
const { buildApp } = await import('../apps/server/src/app.js');
const { loadConfig } = await import('../apps/server/src/config.js');
const { withTenant } = await import('../apps/server/src/db/tenant.js');
const { rowsOf } = await import('../apps/server/src/db/client.js');
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
const { have } = await one<{ have: number }>(
  `select count(*)::int as have from call_records where tenant_id = $1 and bind_id like 'bb-%'`,
  [tenantId],
);
if (have < wanted) {
  await client.query(`set synchronous_commit = off`);
  const { people } = await one<{ people: number }>(
    `select count(*)::int as people from users where tenant_id = $1 and status = 'active' and username <> 'admin'`,
    [tenantId],
  );
  const batch = 1_000_000;
  for (let from = have; from < wanted; from += batch) {
    const to = Math.min(wanted, from + batch) - 1;
    // 35 % connected with an exponential talk time (mean about 95 s), charged at the line's price per
    // started minute: the first 40 % of a charged call's seconds from a package, the rest from the balance.
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
       ), rec as (
         insert into call_records (tenant_id, user_id, dept_id, line_id, bind_id, tel_a, tel_b, call_status,
           finish_status, duration, start_time, end_time, postage)
         select $1, p.ids[who], p.depts[who], ls.ids[line], 'bb-' || g, '', '139' || lpad((g % 100000000)::text, 8, '0'),
           status, 2, duration, start_time, start_time + duration * interval '1 second',
           ceil(duration / 60.0)::int * ls.prices[line]
         from c, people p, ls
         returning id, tenant_id, user_id, dept_id, line_id, start_time, duration, postage
       )
       insert into call_charges (record_id, tenant_id, user_id, dept_id, line_id, start_time, duration, billed_seconds,
         units, unit_price, increment_seconds, amount, packet_seconds, balance_amount, paid_by, is_allocated)
       select id, tenant_id, user_id, dept_id, line_id, start_time, duration, ceil(duration / 60.0)::int * 60,
         ceil(duration / 60.0)::int, postage / ceil(duration / 60.0)::int, 60, postage,
         (ceil(duration / 60.0)::int * 24), (postage - (postage * 4) / 10),
         jsonb_build_object('packets', jsonb_build_array(jsonb_build_object('packetId', 1, 'name', '压测包',
           'seconds', ceil(duration / 60.0)::int * 24)), 'balance', postage - (postage * 4) / 10), true
       from rec where duration > 0`,
      [tenantId, from, to, people],
    );
    console.log(`call records ${to + 1} / ${wanted} (${seconds()})`);
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
  for (const table of ['call_records', 'call_charges', 'billing_daily'])
    await client.query(`vacuum (analyze) ${table}`);
  console.log(`seeded and analyzed (${seconds()})`);
}
const counts = await one<{ records: number; charges: number; daily: number }>(
  `select (select count(*)::int from call_records where tenant_id = $1) as records,
     (select count(*)::int from call_charges where tenant_id = $1) as charges,
     (select count(*)::int from billing_daily where tenant_id = $1) as daily`,
  [tenantId],
);

// ---- the app, signed in as the administrator -----------------------------------------------------------
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-billing-bench-'));
const config = {
  ...loadConfig({ ...process.env, DATA_DIR: dataDir, WEB_DIST: '', CRM_RELEASE_JOB_MINUTES: '1440' }),
  isProduction: true,
};
const app = await buildApp(config, database);
await app.ready();
const signIn = await app.inject({
  method: 'POST',
  url: '/sso/login',
  payload: { username: 'admin', password: 'Admin@2026' },
  remoteAddress: '10.77.0.1',
});
const token = (signIn.json() as { data: { token: string } }).data.token;
const month = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 7);
const monthStart = Date.parse(`${month}-01T00:00:00+08:00`);
const scope = { kind: 'all' } as const;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))]!;
const time = async (fn: () => Promise<unknown>) => {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
};

type TCase = { name: string; http: () => Promise<unknown>; raw: () => Promise<unknown> };
const route = (path: string, payload: object) => async () => {
  const res = await app.inject({ method: 'POST', url: path, headers: { 'cloud-token': token }, payload });
  const body = res.json() as { code: number; msg: string };
  if (body.code !== 0) throw new Error(`${path}: ${body.msg}`);
};
const inTenant =
  <T>(fn: (tx: Parameters<Parameters<typeof withTenant>[2]>[0]) => Promise<T>) =>
  () =>
    withTenant(database, tenantId, fn);
const cases: TCase[] = [
  {
    name: '消费明细 page 1/20 + total, this month',
    http: route(routeTables.billing.consumePage.path, { page: 1, limit: 20, from: monthStart }),
    raw: inTenant((tx) =>
      billingRepository.consumePage(tx, { tenantId, scope, filter: { from: monthStart } }, { page: 1, limit: 20 }),
    ),
  },
  {
    name: '账单 (line × department), this month',
    http: route(routeTables.billing.billPage.path, { page: 1, limit: 20, month }),
    raw: inTenant((tx) =>
      billingRepository.billRows(tx, tenantId, scope, monthRange(month), {}, { page: 1, limit: 20 }),
    ),
  },
  {
    name: '账单分析 (totals, last month, by day/line/dept/person)',
    http: route(routeTables.billing.billAnalysis.path, { month }),
    raw: inTenant(async (tx) => {
      const range = monthRange(month);
      await billingRepository.totals(tx, tenantId, scope, range);
      await billingRepository.totals(tx, tenantId, scope, range.prev);
      await billingRepository.analysis(tx, tenantId, scope, range);
    }),
  },
];

console.log(
  `\n${name}: ${counts.records} call records, ${counts.charges} charges, ${counts.daily} day rows; month ${month}`,
);
if (args.only !== 'ingestion')
  console.log('| query | endpoint p50 | p95 | raw p50 | p95 | ratio |\n|---|---|---|---|---|---|');
for (const c of args.only === 'ingestion' ? [] : cases) {
  await c.http();
  await c.raw();
  const h: number[] = [];
  const r: number[] = [];
  for (let i = 0; i < runs; i++) {
    h.push(await time(c.http));
    r.push(await time(c.raw));
  }
  const [hm, rm] = [median(h), median(r)];
  console.log(
    `| ${c.name} | ${hm.toFixed(1)} ms | ${p95(h).toFixed(1)} | ${rm.toFixed(1)} ms | ${p95(r).toFixed(1)} | ${(hm / rm).toFixed(2)}x |`,
  );
}

// ---- ingestion: a free line (rating only) against charging from a package and from the balance --------
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
const base = median(lanes.free);
console.log(`\ningestion of one carrier callback, ${ingestCalls} calls each, interleaved (median per call):`);
console.log('| line | p50 | p95 | against the free line |\n|---|---|---|---|');
for (const [lane, xs] of Object.entries(lanes)) {
  console.log(
    `| ${lane} | ${median(xs).toFixed(2)} ms | ${p95(xs).toFixed(2)} ms | ${(median(xs) / base).toFixed(2)}x |`,
  );
}
await app.close();
await client.end();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
