// Seeds the CRM bench database: the demo enterprise plus 1,000,000 customers in it, made in a few
// INSERT … SELECT generate_series statements (about a minute on a 2-core machine).
// Usage: node --import tsx bench/crm.seed.ts   [BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/yunhu_bench]
//        [BENCH_CUSTOMERS=1000000]
// The database is created when missing and never dropped; run it again to top the customers up.
// 3 in 100 customers have a real name (孙丽华, sunlihua, slh: 200 names, ~150 customers each, in the
// private pool, the public pool and the recycle bin) for the pinyin and initials searches; the others
// are 压测客户<g> (yacekehu<g>, yckh<g>). 1 in 50 is in the
// recycle bin (deleted by its owner's first colleague, over the last 60 days).
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
    , names as (
      select array['孙', '李', '王', '张', '刘', '陈', '杨', '赵', '黄', '周'] as s,
        array['sun', 'li', 'wang', 'zhang', 'liu', 'chen', 'yang', 'zhao', 'huang', 'zhou'] as sp,
        array['丽华', '建国', '秀英', '志强', '海燕', '伟', '敏', '静', '立新', '晓东',
          '国庆', '红梅', '文杰', '春生', '玉兰', '子轩', '雨桐', '浩然', '思远', '佳怡'] as n,
        array['lihua', 'jianguo', 'xiuying', 'zhiqiang', 'haiyan', 'wei', 'min', 'jing', 'lixin', 'xiaodong',
          'guoqing', 'hongmei', 'wenjie', 'chunsheng', 'yulan', 'zixuan', 'yutong', 'haoran', 'siyuan', 'jiayi'] as np,
        array['lh', 'jg', 'xy', 'zq', 'hy', 'w', 'm', 'j', 'lx', 'xd',
          'gq', 'hm', 'wj', 'cs', 'yl', 'zx', 'yt', 'hr', 'sy', 'jy'] as ni
    )
    insert into customers (tenant_id, name, name_pinyin, name_initials, mobile, company, source,
      intention_level, phone_label, owner_id, dept_id, owned_at, pool_at, last_follow_at, last_follow_content,
      next_follow_at, is_deal, created_by, created_at, updated_at, deleted_at, deleted_by)
    select ${tenantId},
      case when g % 100 = 3 then s[1 + (g / 100) % 10] || n[1 + (g / 1000) % 20] else '压测客户' || g end,
      case when g % 100 = 3 then sp[1 + (g / 100) % 10] || np[1 + (g / 1000) % 20] else 'yacekehu' || g end,
      case when g % 100 = 3 then left(sp[1 + (g / 100) % 10], 1) || ni[1 + (g / 1000) % 20] else 'yckh' || g end,
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
      g % 17 = 0, o.ids[1], now() - (g % 730) * interval '1 day' - (g % 86400) * interval '1 second', now(),
      case when g % 50 = 11 then now() - (g % 60) * interval '1 day' - (g % 3600) * interval '1 second' end,
      case when g % 50 = 11 then o.ids[1 + (g + 1) % array_length(o.ids, 1)] end
    from generate_series(${from}::int, ${to}::int) g, owners o, names
    on conflict do nothing`);
  console.log(`customers ${to + 1} / ${wanted} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
}
// Real names in the public pool and the recycle bin too (g % 100 = 10: pool; 61: bin), written
// over the numbered ones by mobile (its last 9 digits are g), so an older bench database gets them too.
await db.execute(sql`
  with names as (
    select array['孙', '李', '王', '张', '刘', '陈', '杨', '赵', '黄', '周'] as s,
      array['sun', 'li', 'wang', 'zhang', 'liu', 'chen', 'yang', 'zhao', 'huang', 'zhou'] as sp,
      array['丽华', '建国', '秀英', '志强', '海燕', '伟', '敏', '静', '立新', '晓东',
        '国庆', '红梅', '文杰', '春生', '玉兰', '子轩', '雨桐', '浩然', '思远', '佳怡'] as n,
      array['lihua', 'jianguo', 'xiuying', 'zhiqiang', 'haiyan', 'wei', 'min', 'jing', 'lixin', 'xiaodong',
        'guoqing', 'hongmei', 'wenjie', 'chunsheng', 'yulan', 'zixuan', 'yutong', 'haoran', 'siyuan', 'jiayi'] as np,
      array['lh', 'jg', 'xy', 'zq', 'hy', 'w', 'm', 'j', 'lx', 'xd',
        'gq', 'hm', 'wj', 'cs', 'yl', 'zx', 'yt', 'hr', 'sy', 'jy'] as ni
  ), g as (
    select id, substr(mobile, 3)::int as g from customers
    where tenant_id = ${tenantId} and mobile like '17%' and right(mobile, 2) in ('10', '61') and name like '压测客户%'
  )
  update customers c set name = s[1 + (g / 100) % 10] || n[1 + (g / 1000) % 20],
    name_pinyin = sp[1 + (g / 100) % 10] || np[1 + (g / 1000) % 20],
    name_initials = left(sp[1 + (g / 100) % 10], 1) || ni[1 + (g / 1000) % 20]
  from g, names where c.id = g.id`);
// Every table the seeds filled, vacuumed (the visibility map makes index-only scans index-only;
// autovacuum is off on the bench server) and analysed.
await db.execute(sql`vacuum analyze`);
const [{ n }] = (await q<{ n: number }>(
  sql`select count(*)::int as n from customers where tenant_id = ${tenantId}`,
)) as [{ n: number }];
console.log(
  `bench database ${name}: ${n} customers in the demo enterprise (${((Date.now() - started) / 1000).toFixed(0)} s)`,
);
await database.close();
