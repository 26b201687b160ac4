// Seeds the CRM bench database: the demo enterprise plus 1,000,000 customers in it, made in a few
// INSERT … SELECT generate_series statements (about a minute on a 2-core machine).
// Usage: node --import tsx bench/crm.seed.ts   [BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/yunhu_bench]
//        [BENCH_CUSTOMERS=1000000]
// The database is created when missing and never dropped; run it again to top the customers up.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../apps/server/src/db/client.js';
import { openBenchDatabase } from './bench-db.js';

const wanted = Number(process.env.BENCH_CUSTOMERS ?? 1_000_000);

const { database, name, tenantId } = await openBenchDatabase();
const { db } = database;
const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query));
const [{ n: have }] = (await q<{ n: number }>(
  sql`select count(*)::int as n from customers where tenant_id = ${tenantId}`,
)) as [{ n: number }];
const started = Date.now();
const batch = 200_000;
for (let from = have; from < wanted; from += batch) {
  const to = Math.min(wanted, from + batch) - 1;
  // Owners: the demo people who work customers (manager and agents), 1 in 5 customers in the public
  // pool; times spread over two years; a third never followed up; levels and labels mixed.
  await db.execute(sql`
    with owners as (
      select array_agg(u.id order by u.id) as ids, array_agg(u.dept_id order by u.id) as depts
      from users u where u.tenant_id = ${tenantId} and u.username <> 'admin' and u.status = 'active'
    )
    insert into customers (tenant_id, name, name_pinyin, name_initials, mobile, company, source,
      intention_level, phone_label, owner_id, dept_id, owned_at, pool_at, last_follow_at, last_follow_content,
      next_follow_at, is_deal, created_by, created_at, updated_at)
    select ${tenantId}, '压测客户' || g, 'yacekehu' || g, 'yckh' || g,
      '17' || lpad(g::text, 9, '0'),
      case when g % 3 = 0 then '压测公司' || (g % 5000) else '' end,
      (array['官网', '展会', '转介绍', '广告', ''])[1 + g % 5],
      (array['A', 'B', 'C', 'D', 'E'])[1 + (g * 7) % 5],
      (array['connected', 'no_answer', 'busy', null, null])[1 + g % 5],
      case when g % 5 = 0 then null else o.ids[1 + g % array_length(o.ids, 1)] end,
      case when g % 5 = 0 then null else o.depts[1 + g % array_length(o.ids, 1)] end,
      case when g % 5 = 0 then null else now() - (g % 700) * interval '1 day' end,
      case when g % 5 = 0 then now() - (g % 90) * interval '1 day' else null end,
      case when g % 3 = 1 then null else now() - (g % 400) * interval '1 hour' end,
      case when g % 3 = 1 then null else '压测跟进' end,
      case when g % 4 = 0 then now() + (g % 30) * interval '1 day' else null end,
      g % 17 = 0, o.ids[1], now() - (g % 730) * interval '1 day' - (g % 86400) * interval '1 second', now()
    from generate_series(${from}::int, ${to}::int) g, owners o
    on conflict do nothing`);
  console.log(`customers ${to + 1} / ${wanted} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
}
await db.execute(sql`analyze customers`);
const [{ n }] = (await q<{ n: number }>(
  sql`select count(*)::int as n from customers where tenant_id = ${tenantId}`,
)) as [{ n: number }];
console.log(
  `bench database ${name}: ${n} customers in the demo enterprise (${((Date.now() - started) / 1000).toFixed(0)} s)`,
);
await database.close();
