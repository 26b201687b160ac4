import { and, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDb } from '../../db/client.js';
import type { TDataScope } from '../../db/scope.js';
import { offsetOf } from '../../db/sql.js';
import { withTenant } from '../../db/tenant.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { otherEnterprise } from '../../test/other-enterprise.js';
import { customers } from './crm.schema.js';
import { crmKit } from './crm.test-kit.js';
import {
  customerRepository,
  filterCondition,
  orderOf,
  poolCondition,
  type TFilter,
  type TPool,
  type TSort,
} from './customer.repository.js';
import { recycleRepository } from './recycle.repository.js';

const all: TDataScope = { kind: 'all' };

/**
 * The customer lists at the repository (issue 13): keyword, pinyin, initials and mobile searches go
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
          sql`${customers.id} = any(array(select customer_ids_by_keyword(${tenantId}::bigint, '%丽华%', null, null, null)))`,
        ),
    ).not.toContainEqual({ id: ids.stranger });
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
    expect(past).toEqual({ records: [], total: owned });
  });
});
