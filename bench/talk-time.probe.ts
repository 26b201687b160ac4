// Talk-time ranges off the marks, against the database of bench/calls.seed.ts: the list's
// total as the repository builds it now (whole bands from call_daily_stats, the ends one second at a
// time on call_records_tenant_duration_time_idx) against the count of the records the list ran
// before, without that index (dropped inside the transaction, rolled back), in the same run, as
// yunhu_app with app.tenant_id set; both answers must agree. Median of 7 each, raw SQL, admin scope.
// Usage: node --import tsx bench/talk-time.probe.ts   [BENCH_DATABASE_URL=…] ['[{"durationMin":45,"durationMax":100}]']
import { routeTables, shanghaiDayStart } from '@yunhu/contract';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { callRecordSql } from '../apps/server/src/modules/call-record/call-record.repository.js';
import { benchUrl } from './bench-db.js';

const client = new pg.Client({ connectionString: benchUrl });
await client.connect();
const tenantId = (await client.query<{ id: number }>(`select id::int from tenants where code = 'E100001'`)).rows[0]!.id;
const dayMs = 86_400_000;
const todayStart = shanghaiDayStart(new Date()).getTime();
const month: [number, number] = [todayStart - 30 * dayMs, todayStart - 1];
const dialect = new PgDialect();
const filters = JSON.parse(
  process.argv[2] ?? '[{"durationMin":45,"durationMax":100},{"durationMin":45},{"durationMin":45,"durationMax":250}]',
) as { durationMin?: number; durationMax?: number }[];
const medianOf = async (run: () => Promise<number>) => {
  const times: number[] = [];
  let n = 0;
  for (let i = 0; i < 7; i++) {
    const started = performance.now();
    n = await run();
    times.push(performance.now() - started);
  }
  return { n, ms: times.sort((a, b) => a - b)[3]! };
};

console.log('| range | matches | records counted, no index (ms) | total now (ms) | ratio |');
console.log('| --- | --- | --- | --- | --- |');
for (const f of filters) {
  const parsed = routeTables.callRecord.getPage.request.parse({ page: 1, limit: 20, startRange: month, ...f });
  const total = callRecordSql.total(tenantId, { kind: 'all' }, parsed);
  if (!total || total === 'withPage') throw new Error('the roll-ups do not keep this filter');
  const now = dialect.sqlToQuery(sql`select ${total} as n`);
  const before = dialect.sqlToQuery(
    sql`select count(*) as n from call_records where ${callRecordSql.condition(tenantId, { kind: 'all' }, parsed)}`,
  );
  await client.query('begin');
  try {
    await client.query(`select set_config('app.tenant_id', $1, true), set_config('role', 'yunhu_app', true)`, [
      String(tenantId),
    ]);
    const fresh = await medianOf(async () => Number((await client.query(now.sql, now.params)).rows[0].n));
    await client.query('reset role');
    await client.query('drop index call_records_tenant_duration_time_idx');
    await client.query('set local role yunhu_app');
    const old = await medianOf(async () => Number((await client.query(before.sql, before.params)).rows[0].n));
    if (old.n !== fresh.n) throw new Error(`${JSON.stringify(f)}: ${fresh.n} instead of ${old.n}`);
    const label = `${f.durationMin ?? 0}-${f.durationMax ?? ''} s`;
    console.log(
      `| ${label} | ${fresh.n} | ${old.ms.toFixed(1)} | ${fresh.ms.toFixed(1)} | ${(old.ms / fresh.ms).toFixed(1)}x |`,
    );
  } finally {
    await client.query('rollback');
  }
}
await client.end();
