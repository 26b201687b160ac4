import { and, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type TDb } from '../../db/client.js';
import type { TDataScope } from '../../db/scope.js';
import { offsetOf } from '../../db/sql.js';
import { withTenant } from '../../db/tenant.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { otherEnterprise } from '../../test/other-enterprise.js';
import { customers } from './crm.schema.js';
import { crmKit } from './crm.test-kit.js';
import { customerRepository } from './customer.repository.js';
import {
  filterCondition,
  orderOf,
  poolCondition,
  searchIdsCap,
  type TFilter,
  type TPool,
  type TSort,
} from './customer-filter.repository.js';
import { recycleRepository } from './recycle.repository.js';

const all: TDataScope = { kind: 'all' };

/**
 * The customer lists at the repository: keyword, pinyin, initials and mobile searches go
 * through customer_ids_by_keyword (a trigram index where pg_trgm exists) and must find exactly what
 * the plain conditions found, inside the tenant, the pool and the data scope; deep pages read ids
 * first and must equal the old single OFFSET query.
 */
describe('customer list repository', () => {
  let t: TTestApp;
  let kit: Awaited<ReturnType<typeof crmKit>>;
  let tenantId: number;
  let agentId: number;
  let agent4Id: number;
  const ids: Record<string, number> = {};

  const insert = async (tenant: number, key: string, row: Partial<typeof customers.$inferInsert>) => {
    const [r] = await t.database.db
      .insert(customers)
      .values({ tenantId: tenant, name: key, mobile: kit.mobile(), ...row })
      .returning({ id: customers.id });
    ids[key] = r!.id;
  };

  beforeAll(async () => {
    t = await startTestApp();
    kit = await crmKit(t);
    tenantId = kit.tenantId;
    agentId = await kit.userId('agent01');
    agent4Id = await kit.userId('agent04');
    const other = await otherEnterprise(t, { code: 'E990013', username: 'other13', mobile: '13999990013' });
    const base = { namePinyin: 'sunlihua', nameInitials: 'slh' };
    await insert(tenantId, 'mine', {
      name: '孙丽华',
      ...base,
      mobile: '17700001234',
      company: '丽华商贸',
      remark: '老客户介绍 100%满意',
      ownerId: agentId,
    });
    await insert(tenantId, 'pool', { name: '孙立辉', namePinyin: 'sunlihui', nameInitials: 'slh', ownerId: null });
    await insert(tenantId, 'agent4', { name: '孙丽华', ...base, ownerId: agent4Id });
    await insert(tenantId, 'bin', {
      name: '孙丽华',
      ...base,
      ownerId: agentId,
      deletedAt: new Date(),
      deletedBy: agentId,
    });
    await insert(other.tenantId, 'stranger', { name: '孙丽华', ...base, mobile: '17700001234', ownerId: null });
  });
  afterAll(() => t.close());

  const scopeOf = (userId: number): TDataScope => ({ kind: 'limited', userId, deptIds: [] });
  const page = (
    pool: TPool,
    scope: TDataScope,
    filter: TFilter,
    sort: TSort = { field: 'createdAt', order: 'descend' },
  ) =>
    withTenant(t.database, tenantId, (tx) =>
      customerRepository.page(tx, { tenantId, pool, scope, filter, sort, paging: { page: 1, limit: 100 } }),
    );
  const found = async (pool: TPool, scope: TDataScope, filter: TFilter) => {
    const { records, total } = await page(pool, scope, filter);
    const mine = Object.entries(ids)
      .filter(([, id]) => records.some((r) => r.c.id === id))
      .map(([key]) => key);
    expect(total).toBe(records.length);
    return mine.sort();
  };

  it('finds by name, company, remark, pinyin, initials and mobile fragment, as the plain conditions did', async () => {
    expect(await found('private', all, { keyword: '丽华' })).toEqual(['agent4', 'mine']);
    expect(await found('private', all, { keyword: '丽华商贸' })).toEqual(['mine']);
    expect(await found('private', all, { keyword: '老客户介绍' })).toEqual(['mine']);
    expect(await found('private', all, { keyword: 'SunLiHua' })).toEqual(['agent4', 'mine']);
    expect(await found('private', all, { keyword: 'sun lihua' })).toEqual(['agent4', 'mine']);
    expect(await found('private', all, { keyword: 'slh' })).toEqual(['agent4', 'mine']);
    expect(await found('private', all, { keyword: '0001234' })).toEqual(['mine']);
    expect(await found('private', all, { mobile: '0001234' })).toEqual(['mine']);
    expect(await found('private', all, { keyword: '丽华', mobile: '0001234' })).toEqual(['mine']);
    // Initials match from the start only; a literal % is no wildcard.
    expect(await found('private', all, { keyword: 'lh' })).toEqual([]);
    expect(await found('private', all, { keyword: '100%' })).toEqual(['mine']);
    expect(await found('private', all, { keyword: '99%' })).toEqual([]);
    // Digits shorter than 4 search no mobile.
    expect(await found('private', all, { keyword: '234' })).toEqual([]);
    // The trigram index exists on PGlite (pg_trgm loaded by db/client.ts) as on PostgreSQL.
    expect(
      await kit.count(sql`select count(*)::int as n from pg_indexes where indexname = 'customers_search_trgm_idx'`),
    ).toBe(1);
  });

  it('keeps to the tenant, the pool and the data scope', async () => {
    expect(await found('public', all, { keyword: 'slh' })).toEqual(['pool']);
    expect(await found('public', all, { keyword: 'sunlihua' })).toEqual([]);
    expect(await found('private', scopeOf(agentId), { keyword: 'sunlihua' })).toEqual(['mine']);
    expect(await found('private', scopeOf(agent4Id), { keyword: '孙丽华' })).toEqual(['agent4']);
    const bin = await withTenant(t.database, tenantId, (tx) =>
      recycleRepository.page(
        tx,
        { tenantId, userId: agentId, scope: scopeOf(agentId) },
        { keyword: 'slh' },
        { page: 1, limit: 20 },
      ),
    );
    expect(bin.records.map((r) => r.c.id)).toEqual([ids.bin]);
    expect(bin.total).toBe(1);
    const binByMobile = await withTenant(t.database, tenantId, (tx) =>
      recycleRepository.page(
        tx,
        { tenantId, userId: agentId, scope: all },
        { mobile: '0001234' },
        { page: 1, limit: 20 },
      ),
    );
    expect(binByMobile.total).toBe(0);
    // The other enterprise's 孙丽华 with the same mobile is never an answer, even outside its session.
    expect(await found('public', all, { mobile: '17700001234' })).toEqual([]);
    expect(
      await t.database.db
        .select({ id: customers.id })
        .from(customers)
        .where(
          sql`${customers.id} = any(array(select customer_ids_by_keyword(${tenantId}::bigint, '%丽华%', null, null, null, 100)))`,
        ),
    ).not.toContainEqual({ id: ids.stranger });
  });

  it('finds a keyword matching more customers than the index lookup takes by the plain scan, with the same answer', async () => {
    await t.database.db.execute(sql`insert into customers (tenant_id, name, mobile, owner_id)
      select ${tenantId}, '批量客户' || g, '166' || lpad(g::text, 8, '0'), ${agentId}
      from generate_series(1, ${searchIdsCap + 1}) g`);
    const count = (like: string) =>
      kit.count(sql`select count(*)::int as n from customers where tenant_id = ${tenantId} and owner_id = ${agentId}
        and deleted_at is null and name like ${like}`);
    const broad = await page('private', scopeOf(agentId), { keyword: '批量客户' });
    expect(broad.total).toBe(searchIdsCap + 1);
    expect(broad.total).toBe(await count('%批量客户%'));
    const narrow = await page('private', scopeOf(agentId), { keyword: '批量客户77' });
    expect(narrow.total).toBe(await count('%批量客户77%'));
    const byMobile = await page('private', scopeOf(agentId), { mobile: '6600000' });
    expect(byMobile.total).toBe(999);
    await t.database.db.execute(sql`delete from customers where tenant_id = ${tenantId} and name like '批量客户%'`);
  });

  it('keeps customer_counts equal to the customers, group by group, through every kind of write', async () => {
    const groups = `select tenant_id::int, in_bin, owner_id::int, dept_id::int, deleted_by::int, intention_level, n::int`;
    const fromCounts = async () =>
      rowsOf(
        await t.database.db.execute(sql.raw(`${groups} from customer_counts where n <> 0 order by 1, 2, 3, 4, 5, 6`)),
      );
    const fromCustomers = async () =>
      rowsOf(
        await t.database.db.execute(
          sql.raw(`select tenant_id::int, deleted_at is not null as in_bin, owner_id::int, dept_id::int,
            (case when deleted_at is not null then deleted_by end)::int as deleted_by, intention_level, count(*)::int as n
            from customers group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6`),
        ),
      );
    expect(await fromCounts()).toEqual(await fromCustomers());
    const agent = await t.database.db.execute(sql`select dept_id::int as d from users where id = ${agentId}`);
    const deptId = rowsOf<{ d: number }>(agent)[0]!.d;
    // As the server writes: under row-level security, in the tenant's transaction.
    await withTenant(t.database, tenantId, async (tx) => {
      await tx.execute(sql`insert into customers (tenant_id, name, mobile, owner_id, dept_id, intention_level)
        select ${tenantId}::bigint, '计数客户' || g, '155' || lpad(g::text, 8, '0'), case when g % 2 = 0 then ${agentId}::bigint end,
          case when g % 2 = 0 then ${deptId}::bigint end, (array['A', 'B', 'C'])[1 + g % 3]
        from generate_series(1, 30) g`);
      await tx.execute(
        sql`update customers set owner_id = ${agent4Id}, dept_id = null where name like '计数客户%' and owner_id is null and intention_level = 'A'`,
      );
      await tx.execute(
        sql`update customers set owner_id = null, dept_id = null where name like '计数客户%' and intention_level = 'B'`,
      );
      await tx.execute(sql`update customers set intention_level = 'E' where name like '计数客户1%'`);
      await tx.execute(
        sql`update customers set deleted_at = now(), deleted_by = ${agent4Id} where name like '计数客户2%'`,
      );
      await tx.execute(sql`update customers set last_follow_at = now() where name like '计数客户%'`);
    });
    expect(await fromCounts()).toEqual(await fromCustomers());
    await withTenant(t.database, tenantId, async (tx) => {
      await tx.execute(sql`update customers set deleted_at = null, deleted_by = null where name = '计数客户21'`);
      await tx.execute(sql`delete from customers where name like '计数客户2%' and deleted_at is not null`);
    });
    expect(await fromCounts()).toEqual(await fromCustomers());
    // The lists' totals read them: every pool and scope, with and without a level.
    const direct = (where: string) =>
      kit.count(sql.raw(`select count(*)::int as n from customers where tenant_id = ${tenantId} and ${where}`));
    const totalOf = async (pool: TPool, scope: TDataScope, filter: TFilter) => (await page(pool, scope, filter)).total;
    expect(await totalOf('private', all, {})).toBe(await direct('owner_id is not null and deleted_at is null'));
    expect(await totalOf('private', all, { intentionLevels: ['A', 'E'] })).toBe(
      await direct(`owner_id is not null and deleted_at is null and intention_level in ('A', 'E')`),
    );
    expect(await totalOf('private', scopeOf(agentId), {})).toBe(
      await direct(`owner_id = ${agentId} and deleted_at is null`),
    );
    expect(await totalOf('private', { kind: 'limited', userId: agent4Id, deptIds: [deptId] }, {})).toBe(
      await direct(`owner_id is not null and deleted_at is null and (owner_id = ${agent4Id} or dept_id = ${deptId})`),
    );
    expect(await totalOf('private', all, { ownerId: agent4Id })).toBe(
      await direct(`owner_id = ${agent4Id} and deleted_at is null`),
    );
    expect(await totalOf('public', all, { intentionLevels: ['B'] })).toBe(
      await direct(`owner_id is null and deleted_at is null and intention_level = 'B'`),
    );
    const binTotal = async (userId: number, scope: TDataScope) =>
      (
        await withTenant(t.database, tenantId, (tx) =>
          recycleRepository.page(tx, { tenantId, userId, scope }, {}, { page: 1, limit: 5 }),
        )
      ).total;
    expect(await binTotal(agent4Id, scopeOf(agent4Id))).toBe(
      await direct(`deleted_at is not null and (owner_id = ${agent4Id} or deleted_by = ${agent4Id})`),
    );
    expect(await binTotal(agentId, all)).toBe(await direct('deleted_at is not null'));
  });

  it('reads deep pages as the single OFFSET query did, in every sort, with ties', async () => {
    // 23 customers of agent04 made at 5 instants, so most rows tie on the sort column.
    const at = Date.now() - 3_600_000;
    for (let i = 0; i < 23; i++) {
      await insert(tenantId, `deep${i}`, {
        name: `深页客户${i % 4}`,
        ownerId: agent4Id,
        createdAt: new Date(at + (i % 5) * 1000),
        lastFollowAt: i % 3 === 0 ? null : new Date(at + (i % 2) * 1000),
        intentionLevel: 'ABCDE'[i % 5]!,
      });
    }
    const scope = scopeOf(agent4Id);
    const owned = await kit.count(
      sql`select count(*)::int as n from customers where owner_id = ${agent4Id} and deleted_at is null`,
    );
    const old = (tx: TDb, sort: TSort, paging: { page: number; limit: number }) =>
      tx
        .select({ id: customers.id })
        .from(customers)
        .where(and(poolCondition(tenantId, 'private', scope), filterCondition(tenantId, {})))
        .orderBy(...orderOf(sort))
        .limit(paging.limit)
        .offset(offsetOf(paging));
    const sorts: TSort[] = [
      { field: 'createdAt', order: 'descend' },
      { field: 'createdAt', order: 'ascend' },
      { field: 'name', order: 'ascend' },
      { field: 'lastFollowAt', order: 'descend' },
      { field: 'intentionLevel', order: 'descend' },
    ];
    for (const sort of sorts) {
      const seen: number[] = [];
      for (let p = 1; p <= Math.ceil(owned / 5); p++) {
        const paging = { page: p, limit: 5 };
        const [now, before] = await withTenant(t.database, tenantId, async (tx) => [
          await customerRepository.page(tx, { tenantId, pool: 'private', scope, filter: {}, sort, paging }),
          await old(tx, sort, paging),
        ]);
        const got = (now as Awaited<ReturnType<typeof customerRepository.page>>).records;
        expect(
          got.map((r) => r.c.id),
          `${sort.field} ${sort.order} page ${p}`,
        ).toEqual((before as { id: number }[]).map((r) => r.id));
        // The names come with the page's rows.
        for (const r of got) expect(r.ownerName).toBe('刘洋');
        expect((now as { total: number }).total).toBe(owned);
        seen.push(...got.map((r) => r.c.id));
      }
      expect(new Set(seen).size).toBe(owned);
    }
    // Past the last page: no rows, the right total.
    const past = await withTenant(t.database, tenantId, (tx) =>
      customerRepository.page(tx, {
        tenantId,
        pool: 'private',
        scope,
        filter: {},
        sort: { field: 'createdAt', order: 'descend' },
        paging: { page: Math.ceil(owned / 5) + 1, limit: 5 },
      }),
    );
    expect(past).toEqual({ records: [], total: owned, rules: null });
  });

  it('reads the total, the rules and the tags of each row with the page, and the total and rules alone for an empty page', async () => {
    const [tag] = rowsOf<{ id: number }>(
      await t.database.db.execute(
        sql`insert into crm_tags (tenant_id, name, color) values (${tenantId}, '页内标签', '#123456') returning id::int as id`,
      ),
    );
    await insert(tenantId, 'tagged', { name: '带标签客户', ownerId: agentId, tagIds: [tag!.id, 987654321] });
    await t.database.db.execute(sql`insert into crm_settings (tenant_id, is_privacy_on, release_no_follow_days,
        release_no_deal_days) values (${tenantId}, false, 7, 30)
      on conflict (tenant_id) do update set is_privacy_on = false, release_no_follow_days = 7, release_no_deal_days = 30`);
    const read = (filter: TFilter, paging = { page: 1, limit: 100 }) =>
      withTenant(t.database, tenantId, (tx) =>
        customerRepository.page(tx, {
          tenantId,
          pool: 'private',
          scope: all,
          filter,
          sort: { field: 'createdAt', order: 'descend' },
          paging,
        }),
      );
    const rules = { isPrivacyOn: false, releaseNoFollowDays: 7, releaseNoDealDays: 30 };
    const one = await read({ keyword: '带标签客户' });
    expect(one.total).toBe(1);
    expect(one.rules).toEqual(rules);
    expect(one.records.map((r) => r.tags)).toEqual([[{ id: tag!.id, name: '页内标签', color: '#123456' }]]);
    const every = await read({});
    expect(every.total).toBe(
      await kit.count(sql`select count(*)::int as n from customers
      where tenant_id = ${tenantId} and owner_id is not null and deleted_at is null`),
    );
    // Every row carries exactly its own known tags (ids of deleted tags left out), with their names.
    const known = new Map(
      rowsOf<{ id: number; name: string }>(
        await t.database.db.execute(sql`select id::int as id, name from crm_tags where tenant_id = ${tenantId}`),
      ).map((r) => [r.id, r.name]),
    );
    for (const r of every.records) {
      const want = r.c.tagIds.filter((id) => known.has(id)).sort((a, b) => a - b);
      expect([...r.tags].sort((a, b) => a.id - b.id)).toEqual(
        want.map((id) => expect.objectContaining({ id, name: known.get(id) })),
      );
    }
    expect(await read({ keyword: '没有这个客户' })).toEqual({ records: [], total: 0, rules });
    expect(await read({}, { page: 1000, limit: 100 })).toEqual({ records: [], total: every.total, rules });
    await t.database.db.execute(sql`delete from crm_settings where tenant_id = ${tenantId}`);
  });

  it('searches the same without the trigram index (a PostgreSQL without pg_trgm)', async () => {
    await t.database.db.execute(sql`drop index customers_search_trgm_idx`);
    expect(await found('private', all, { keyword: '丽华' })).toEqual(['agent4', 'mine']);
    expect(await found('private', all, { keyword: 'slh' })).toEqual(['agent4', 'mine']);
    expect(await found('private', all, { keyword: 'lh' })).toEqual([]);
    expect(await found('private', all, { mobile: '0001234' })).toEqual(['mine']);
    expect(await found('public', all, { keyword: 'sunlihui' })).toEqual(['pool']);
  });
});
