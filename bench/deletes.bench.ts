// Deletes at scale, against the database of bench/calls.seed.ts (call records of the demo
// enterprise): the recycle bin's purge of 1,000 customers with 5 calls each, and of one customer
// with 20 calls and with 2,000, as the purge runs them (recycle.service.ts purgeIds: lock the rows,
// unlink their call records, delete them; ON DELETE rules and foreign-key checks follow), in one
// transaction as yunhu_app with app.tenant_id set. Twice in the same run: with the indexes before migration 0033
// (a customer's calls indexed by (tenant_id, customer_id, start_time) alone: each deleted customer's
// foreign-key check reads the whole table) and after it ((customer_id, start_time)). The bench puts
// the database back as migrated at the end.
// Usage: node --import tsx bench/deletes.bench.ts   [BENCH_DATABASE_URL=…] [BENCH_RUNS=3]
import pg from 'pg';
import { rowsOf } from '../apps/server/src/db/client.js';
import { withTenant } from '../apps/server/src/db/tenant.js';
import { customerRepository } from '../apps/server/src/modules/crm/customer.repository.js';
import { recycleRepository } from '../apps/server/src/modules/crm/recycle.repository.js';
import { benchUrl, openBenchDatabase } from './bench-db.js';

const runs = Number(process.env.BENCH_RUNS ?? 3);
const { database, tenantId } = await openBenchDatabase();
const admin = new pg.Client({ connectionString: benchUrl });
await admin.connect();
await admin.query(`set maintenance_work_mem = '256MB'`);
await admin.query(`set max_parallel_maintenance_workers = 0`);
const one = async <T>(text: string, params: unknown[] = []) => (await admin.query(text, params)).rows[0] as T;
const { n: records } = await one<{ n: number }>(`select count(*)::int as n from call_records`);
if (records < 1_000_000) throw new Error('run bench/calls.seed.ts first');

const indexState = {
  before: [
    `create index if not exists call_records_tenant_customer_time_idx on call_records (tenant_id, customer_id, start_time)`,
    `drop index if exists call_records_customer_time_idx`,
  ],
  after: [
    `create index if not exists call_records_customer_time_idx on call_records (customer_id, start_time) where customer_id is not null`,
    `drop index if exists call_records_tenant_customer_time_idx`,
  ],
};

/** `customers` customers in the recycle bin with `calls` call records each (records of nobody yet). */
const binWith = async (customers: number, calls: number) => {
  const { rows } = await admin.query<{ id: number }>(
    `insert into customers (tenant_id, name, mobile, deleted_at)
     select $1, '删除压测' || g, '1' || lpad(floor(random() * 1e10)::bigint::text, 10, '0'), now()
     from generate_series(1, $2::int) g returning id::int`,
    [tenantId, customers],
  );
  const ids = rows.map((r) => r.id);
  if (calls > 0)
    await admin.query(
      `with c as (select id, row_number() over (order by id) - 1 as k from customers where id = any($1::bigint[])),
       r as (select id, row_number() over () - 1 as k from call_records
             where tenant_id = $2 and customer_id is null limit $3)
     update call_records x set customer_id = c.id from r, c where x.id = r.id and c.k = r.k % $4`,
      [ids, tenantId, customers * calls, customers],
    );
  await admin.query(`vacuum analyze customers`);
  return ids;
};

/** The purge as the recycle bin runs it; answers milliseconds. */
const purge = async (ids: number[]) => {
  const started = performance.now();
  await withTenant(database, tenantId, async (tx) => {
    const found = (await recycleRepository.lock(tx, { tenantId, userId: 0, scope: { kind: 'all' } }, ids)).map(
      (r) => r.id,
    );
    if (found.length !== ids.length) throw new Error(`locked ${found.length} of ${ids.length}`);
    await customerRepository.unlinkCalls(tx, tenantId, found);
    await customerRepository.delete(tx, tenantId, found);
  });
  return performance.now() - started;
};

const cases = [
  { label: 'purge 1,000 customers (5 calls each)', customers: 1000, calls: 5 },
  // The floor: the same transaction with no call to unlink or check.
  { label: 'purge 1 customer without calls (floor)', customers: 1, calls: 0 },
  { label: 'purge 1 customer with 20 calls', customers: 1, calls: 20 },
  { label: 'purge 1 customer with 2,000 calls', customers: 1, calls: 2000 },
];
const results: Record<string, Record<string, number[]>> = {};
for (const state of ['before', 'after'] as const) {
  const t = Date.now();
  for (const statement of indexState[state]) await admin.query(statement);
  console.log(`indexes ${state} migration 0033 in ${((Date.now() - t) / 1000).toFixed(0)} s`);
  for (const c of cases) {
    // Before the index one purge of 1,000 takes a minute or more: once is enough.
    const n = state === 'before' && c.customers > 1 ? 1 : runs;
    for (let i = 0; i < n; i++) {
      const ids = await binWith(c.customers, c.calls);
      const ms = await purge(ids);
      const left = await one<{ n: number }>(`select count(*)::int as n from customers where id = any($1::bigint[])`, [
        ids,
      ]);
      if (left.n !== 0) throw new Error('the purge left customers behind');
      const byState = results[c.label] ?? {};
      byState[state] = [...(byState[state] ?? []), ms];
      results[c.label] = byState;
    }
  }
}
// As migrated (0033), whatever the state found.
for (const statement of indexState.after) await admin.query(statement);
await admin.query(`vacuum analyze call_records`);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
console.log(`\ndatabase: ${records} call records; ${runs} runs after (1 before for the 1,000), median ms\n`);
console.log('| delete | before 0033 (ms) | after 0033 (ms) | ratio |');
console.log('| --- | --- | --- | --- |');
for (const c of cases) {
  const r = results[c.label]!;
  const before = median(r.before!);
  const after = median(r.after!);
  console.log(`| ${c.label} | ${before.toFixed(0)} | ${after.toFixed(1)} | ${(before / after).toFixed(0)}x |`);
}
const plan = rowsOf<{ 'QUERY PLAN': string }>(
  await admin.query(`explain select 1 from only call_records x where customer_id = 1 for key share of x`),
);
console.log(`\nthe foreign-key check's plan now: ${plan.map((p) => p['QUERY PLAN'].trim()).join(' / ')}`);
await admin.end();
await database.close();
