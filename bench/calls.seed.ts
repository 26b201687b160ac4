// Seeds the call-record bench: 200 more agents in the demo enterprise and
// 10,000,000 call records of its people over the last 90 days, made inside PostgreSQL by
// INSERT … SELECT generate_series in batches of 1,000,000. Into an empty table the secondary indexes
// are dropped first and built again after the load (much faster than maintaining them row by row),
// then the table is analyzed. The hourly roll-up call_hourly_stats (docs/decisions/0007) follows by
// itself, and so does the daily one (call_daily_stats): their triggers add each 1,000,000-row
// statement as one grouped upsert. Every table filled is vacuumed (for index-only scans) and
// analyzed at the end.
// Usage: node --import tsx bench/calls.seed.ts   [BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/yunhu_bench]
//        [BENCH_CALLS=10000000] [BENCH_AGENTS=200]
// Shares the database of bench/crm.seed.ts (created with the demo enterprise when missing, never
// dropped); run it again to top the records up. The dial requests (call_binds) are not made (another
// 10,000,000 rows with four indexes): the statistics' bindNum is 0 here and its half of each
// statistic reads an empty range of call_binds_tenant_created_idx.
import pg from 'pg';
import { benchUrl, openBenchDatabase } from './bench-db.js';

const wantedCalls = Number(process.env.BENCH_CALLS ?? 10_000_000);
const wantedAgents = Number(process.env.BENCH_AGENTS ?? 200);
const days = 90;

const { database, name, tenantId } = await openBenchDatabase();
await database.close();
// One plain connection: session settings (synchronous_commit, maintenance_work_mem) hold for every statement.
const client = new pg.Client({ connectionString: benchUrl });
await client.connect();
const one = async <T>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows[0] as T;
await client.query(`set synchronous_commit = off`);
await client.query(`set maintenance_work_mem = '512MB'`);
// Index builds use one core: the machine is shared.
await client.query(`set max_parallel_maintenance_workers = 0`);
const started = Date.now();
const seconds = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;

// ---- agents: 压测坐席001… in the two sales departments, sharing agent01's password -----------------
await client.query(
  `insert into users (tenant_id, username, mobile, password_hash, real_name, dept_id, status, name_pinyin,
     name_initials, job_number)
   select $1, 'bench' || lpad(i::text, 3, '0'), '166' || lpad(i::text, 8, '0'), a.password_hash,
     '压测坐席' || lpad(i::text, 3, '0'), case when i % 2 = 1 then a.dept_id else b.dept_id end, 'active',
     'yacezuoxi' || i, 'yczx' || i, 'B' || lpad(i::text, 4, '0')
   from generate_series(1, $2::int) i,
     (select password_hash, dept_id from users where username = 'agent01') a,
     (select dept_id from users where username = 'agent04') b
   on conflict do nothing`,
  [tenantId, wantedAgents],
);
const { people } = await one<{ people: number }>(
  `select count(*)::int as people from users where tenant_id = $1 and status = 'active' and username <> 'admin'`,
  [tenantId],
);

// ---- call records -------------------------------------------------------------------------------------
const { have } = await one<{ have: number }>(`select count(*)::int as have from call_records where tenant_id = $1`, [
  tenantId,
]);
const rebuilt: { indexname: string; indexdef: string }[] = [];
if (have < 100_000 && wantedCalls - have > 1_000_000) {
  const { rows } = await client.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes
     where schemaname = 'public' and tablename = 'call_records' and indexname <> 'call_records_pkey'`,
  );
  for (const r of rows) await client.query(`drop index ${r.indexname}`);
  rebuilt.push(...rows);
}
const batch = 1_000_000;
for (let from = have; from < wantedCalls; from += batch) {
  const to = Math.min(wantedCalls, from + batch) - 1;
  // Who: any active person but the administrator, evenly. When: one of the 90 days before today, Beijing
  // office hours mostly (the hour list weighs 9-12 and 14-18). How: 35 % connected with an
  // exponential talk time (mean about 95 s), 45 % not answered, 12 % busy, 8 % failed. The charge
  // is the line's price per started minute.
  await client.query(
    `with people as (
       select array_agg(id order by id) as ids, array_agg(dept_id order by id) as depts,
         array_agg(mobile order by id) as mobiles
       from users where tenant_id = $1 and status = 'active' and username <> 'admin'
     ), ls as (
       select array_agg(id order by id) as ids, array_agg(price_per_minute order by id) as prices from lines
     ), g as (
       select g, 1 + floor(random() * $4)::int as who, 1 + floor(random() * 2)::int as line,
         random() as s, random() as t,
         (array[8, 9, 9, 9, 10, 10, 10, 10, 11, 11, 11, 12, 13, 14, 14, 14, 15, 15, 15, 15, 16, 16, 16, 17, 17,
           17, 18, 19, 20, 21])[1 + floor(random() * 30)::int] as hour,
         1 + floor(random() * $5)::int as day, floor(random() * 3600)::int as sec, 5 + floor(random() * 25)::int as ring
       from generate_series($2::int, $3::int) g
     ), c as (
       select g.*, case when s < 0.35 then 1 when s < 0.80 then 2 when s < 0.92 then 3 else 4 end as status,
         case when s < 0.35 then least(3600, 3 + floor(-ln(1 - t) * 92))::int else 0 end as duration,
         date_trunc('day', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai'
           - day * interval '1 day' + hour * interval '1 hour' + sec * interval '1 second' as start_time
       from g
     )
     insert into call_records (tenant_id, user_id, dept_id, line_id, bind_id, tel_a, tel_b, tel_x, call_status,
       finish_status, call_type, duration, start_time, end_time, postage)
     select $1, p.ids[who], p.depts[who], ls.ids[1 + (line - 1) % array_length(ls.ids, 1)], 'bench-' || g,
       p.mobiles[who], '1' || (3 + g % 7) || lpad(((g::bigint * 7919 + 104729) % 1000000000)::text, 9, '0'), '',
       status, case status when 1 then 1 + g % 2 when 2 then 3 when 3 then 2 else 4 end, 1, duration,
       start_time, start_time + (ring + duration) * interval '1 second',
       ceil(duration / 60.0)::int * ls.prices[1 + (line - 1) % array_length(ls.ids, 1)]
     from c, people p, ls`,
    [tenantId, from, to, people, days],
  );
  console.log(`call records ${to + 1} / ${wantedCalls} (${seconds()})`);
}
const loaded = seconds();
for (const r of rebuilt) {
  const t = Date.now();
  await client.query(r.indexdef);
  console.log(`index ${r.indexname} built in ${((Date.now() - t) / 1000).toFixed(0)} s`);
}
// Every table the seed fills, vacuumed and analyzed: the lists' counts are index-only
// scans, which skip the heap only for pages the visibility map marks all-visible, and a fresh
// load has none marked (8-12x slower lists without it). The bench machines run with autovacuum
// off, as some users will (the server's maintenance job, src/db/maintenance.ts, keeps it up after).
// The roll-ups first get rewritten compactly: each 1,000,000-row statement updated every one of
// their rows once more, leaving them 4-5x their size (call_daily_stats 308 MB for 66 MB of rows at
// 5,000,000 records), which the talk-time totals then read (150 ms instead of 47 for 1分钟以上).
for (const table of ['call_hourly_stats', 'call_daily_stats']) await client.query(`vacuum (full) ${table}`);
for (const table of ['call_records', 'call_hourly_stats', 'call_daily_stats', 'users']) {
  const t = Date.now();
  await client.query(`vacuum (analyze) ${table}`);
  console.log(`vacuum analyze ${table} in ${((Date.now() - t) / 1000).toFixed(0)} s`);
}
const { n } = await one<{ n: number }>(`select count(*)::int as n from call_records where tenant_id = $1`, [tenantId]);
console.log(
  `bench database ${name}: ${n} call records of ${people} people in the demo enterprise ` +
    `(rows loaded at ${loaded}, indexed and analyzed at ${seconds()})`,
);
await client.end();
