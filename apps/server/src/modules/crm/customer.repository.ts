import { and, asc, count, eq, inArray, isNotNull, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { firstRow } from '../../db/first.js';
import { preparedSelect, statementBuilder } from '../../db/prepared.js';
import { callRecords } from '../../db/schema.js';
import type { TDataScope } from '../../db/scope.js';
import { offsetOf } from '../../db/sql.js';
import { tenantRowIs } from '../../db/tenant-rows.js';
import { customers as c, customerCounts as cc } from './crm.schema.js';
import {
  countedCondition,
  customerSelect,
  filterCondition,
  nameOf,
  orderOf,
  poolCondition,
  resolveSearch,
  type TCustomerFull,
  type TFilter,
  type TPaging,
  type TPool,
  type TSort,
  visibleCondition,
} from './customer-filter.repository.js';

/** The rules a customer view needs (crm.view.ts), as the page's statement reads them. */
export type TViewRules = { isPrivacyOn: boolean; releaseNoFollowDays: number; releaseNoDealDays: number };

/** The tenant's rules row as JSON, null when it never saved one (the defaults apply then). */
const viewRulesOf = (tenantId: number | Placeholder) =>
  sql<TViewRules | null>`(select json_build_object('isPrivacyOn', s.is_privacy_on,
    'releaseNoFollowDays', s.release_no_follow_days, 'releaseNoDealDays', s.release_no_deal_days)
    from crm_settings s where s.tenant_id = ${tenantId})`;

/** A row's tags with their names and colours (unknown ids left out). */
const rowTags = sql<
  { id: number; name: string; color: string }[]
>`(select coalesce(json_agg(json_build_object('id', t.id, 'name', t.name,
  'color', t.color)), '[]'::json) from crm_tags t where t.tenant_id = ${c.tenantId} and t.id = any(${c.tagIds}))`;

/**
 * One page of customers matching `where` (its tenant included) with the total and the rules its
 * views need, in one statement (one round trip for a list; the total and the rules are
 * evaluated once, as init plans). The total is summed from customer_counts where `counted` says it
 * holds it, else counted on the customers table alone. The page's ids are read first (an
 * index-only scan where an index gives the order and holds the filtered columns), and the names
 * and tags only for those rows: a deep page skips ids, not look-ups. An empty page (nothing
 * matches, or past the last page) reads the total and the rules on their own.
 */
export const customerPageWhere = async (
  db: TDb,
  tenantId: number,
  where: SQL,
  order: SQL[],
  paging: TPaging,
  counted?: SQL | null,
) => {
  const totalOf = counted
    ? sql<string | number>`(select coalesce(sum(${cc.n}), 0) from ${cc} where ${counted})`
    : sql<string | number>`(select count(*) from ${c} where ${where})`;
  const ids = db
    .select({ id: c.id })
    .from(c)
    .where(where)
    .orderBy(...order)
    .limit(paging.limit)
    .offset(offsetOf(paging));
  const rows = await db
    .select({ ...customerSelect, tags: rowTags, total: totalOf, rules: viewRulesOf(tenantId) })
    .from(c)
    .where(inArray(c.id, ids))
    .orderBy(...order);
  const first = rows[0];
  if (first) return { records: rows, total: Number(first.total), rules: first.rules };
  const [alone] = await db.select({ total: totalOf, rules: viewRulesOf(tenantId) }).from(sql`(select 1) as one`);
  return { records: rows, total: Number(alone?.total ?? 0), rules: alone?.rules ?? null };
};

const viewSelection = {
  ...customerSelect,
  tags: rowTags,
  rules: viewRulesOf(sql.placeholder('tenantId')),
};
/** 客户详情's statement, written once (db/prepared.ts): the same for every customer and tenant. */
const customerView = preparedSelect(
  'crm_customer_view',
  viewSelection,
  statementBuilder
    .select(viewSelection)
    .from(c)
    .where(and(eq(c.tenantId, sql.placeholder('tenantId')), eq(c.id, sql.placeholder('id'))))
    .limit(1),
);

type TPick = { tenantId: number; scope: TDataScope } & (
  | { withPool: boolean; ids: readonly number[] }
  | { filter: TFilter }
);

/** Every statement on the customers table of the pools (the recycle bin has its own repository). */
export const customerRepository = {
  /** A page of one pool, inside the caller's scope, filtered and sorted as the list asks. */
  page: async (
    db: TDb,
    q: { tenantId: number; pool: TPool; scope: TDataScope; filter: TFilter; sort: TSort; paging: TPaging },
  ) => {
    const where = poolCondition(q.tenantId, q.pool, q.scope);
    const filter = filterCondition(q.tenantId, q.filter, await resolveSearch(db, q.tenantId, q.filter));
    return customerPageWhere(
      db,
      q.tenantId,
      filter ? and(where, filter)! : where,
      orderOf(q.sort),
      q.paging,
      countedCondition(q),
    );
  },

  /**
   * 客户详情's one statement: the customer with his names, his tags and the rules his view needs
   * (the page's pieces, for one row), so the detail reads nothing else. Refusals (another pool,
   * out of scope, deleted) are the service's, from the row.
   */
  findView: async (db: TDb, tenantId: number, id: number) => (await customerView(db, { tenantId, id }))[0] ?? null,

  findFull: (db: TDb, tenantId: number, id: number): Promise<TCustomerFull | null> =>
    firstRow(
      db
        .select(customerSelect)
        .from(c)
        .where(tenantRowIs(c, tenantId, id)),
    ),

  /** Rows for a batch action, locked so a concurrent move waits and then sees the new owner. */
  lockMany: (db: TDb, tenantId: number, ids: readonly number[]) =>
    db
      .select()
      .from(c)
      .where(and(eq(c.tenantId, tenantId), inArray(c.id, [...ids])))
      .for('update'),

  /** Ids of every visible customer of a pool matching a filter (the by-condition actions), by id. */
  idsMatching: async (
    db: TDb,
    q: { tenantId: number; pool: TPool; scope: TDataScope; withPool: boolean; filter: TFilter },
  ) =>
    (
      await db
        .select({ id: c.id })
        .from(c)
        .where(
          and(
            poolCondition(q.tenantId, q.pool, q.scope),
            visibleCondition(q.tenantId, q.scope, q.withPool),
            filterCondition(q.tenantId, q.filter, await resolveSearch(db, q.tenantId, q.filter)),
          ),
        )
        .orderBy(asc(c.id))
    ).map((r) => r.id),

  /** Ids of the private-pool customers of one owner inside the scope (a whole hand-over). */
  idsOwnedBy: async (db: TDb, q: { tenantId: number; scope: TDataScope; ownerId: number }) =>
    (
      await db
        .select({ id: c.id })
        .from(c)
        .where(and(poolCondition(q.tenantId, 'private', q.scope), eq(c.ownerId, q.ownerId)))
        .orderBy(asc(c.id))
    ).map((r) => r.id),

  /**
   * Id, name, owner and department of the customers a calling task may take, by id: those among
   * `ids` visible to him, or every customer of his private pool matching a filter.
   */
  cards: async (db: TDb, q: TPick) =>
    db
      .select({ id: c.id, name: c.name, ownerId: c.ownerId, deptId: c.deptId })
      .from(c)
      .where(
        'ids' in q
          ? and(visibleCondition(q.tenantId, q.scope, q.withPool), inArray(c.id, [...q.ids]))
          : and(
              poolCondition(q.tenantId, 'private', q.scope),
              filterCondition(q.tenantId, q.filter, await resolveSearch(db, q.tenantId, q.filter)),
            ),
      )
      .orderBy(asc(c.id)),

  /** Who has this mobile in the tenant: in a pool, with an owner, or in the recycle bin. */
  findByMobile: (db: TDb, tenantId: number, mobile: string) =>
    firstRow(
      db
        .select({ id: c.id, ownerId: c.ownerId, ownerName: nameOf(c.ownerId), deletedAt: c.deletedAt })
        .from(c)
        .where(and(eq(c.tenantId, tenantId), eq(c.mobile, mobile))),
    ),

  insert: async (db: TDb, row: typeof c.$inferInsert) =>
    (await db.insert(c).values(row).returning({ id: c.id }))[0]!.id,

  update: (db: TDb, tenantId: number, ids: readonly number[], set: Partial<typeof c.$inferInsert>) =>
    db
      .update(c)
      .set({ ...set, updatedAt: new Date() })
      .where(and(eq(c.tenantId, tenantId), inArray(c.id, [...ids]))),

  /** To a new owner; the one he had (if any) becomes the previous owner. */
  assign: (db: TDb, tenantId: number, ids: readonly number[], to: { id: number; deptId: number | null }) =>
    customerRepository.update(db, tenantId, ids, {
      ownerId: to.id,
      deptId: to.deptId,
      ownedAt: new Date(),
      releaseRemindedAt: null,
      previousOwnerId: sql`coalesce(${c.ownerId}, ${c.previousOwnerId})` as unknown as number,
    }),

  /** Into the public pool; the owner he had becomes the previous owner. */
  release: (db: TDb, tenantId: number, ids: readonly number[]) =>
    customerRepository.update(db, tenantId, ids, {
      ownerId: null,
      deptId: null,
      previousOwnerId: sql`${c.ownerId}` as unknown as number,
      ownedAt: null,
      poolAt: new Date(),
      releaseRemindedAt: null,
    }),

  /** One more call to the customer: the count, the latest start, and the label the call showed. */
  countCall: (db: TDb, tenantId: number, customerId: number, at: Date, phoneLabel: string | null) =>
    db
      .update(c)
      .set({
        callCount: sql`${c.callCount} + 1`,
        // greatest() skips NULL: the first call sets it, a late record of an older call keeps it.
        lastCallAt: sql`greatest(${c.lastCallAt}, ${at.toISOString()}::timestamptz)`,
        ...(phoneLabel ? { phoneLabel } : {}),
      })
      .where(tenantRowIs(c, tenantId, customerId)),

  /** Takes public-pool customers for one person; only rows still without an owner are taken. */
  claim: async (db: TDb, tenantId: number, ids: readonly number[], owner: { id: number; deptId: number | null }) =>
    (
      await db
        .update(c)
        .set({
          ownerId: owner.id,
          deptId: owner.deptId,
          ownedAt: new Date(),
          releaseRemindedAt: null,
          updatedAt: new Date(),
        })
        .where(and(eq(c.tenantId, tenantId), inArray(c.id, [...ids]), isNull(c.ownerId), isNull(c.deletedAt)))
        .returning({ id: c.id })
    ).map((r) => r.id),

  /** Deleted for good (recycle bin only): the row and, by cascade, its follow-ups, comments, visits and logs. */
  delete: (db: TDb, tenantId: number, ids: readonly number[]) =>
    db.delete(c).where(and(eq(c.tenantId, tenantId), inArray(c.id, [...ids]), isNotNull(c.deletedAt))),

  /**
   * Call records outlive a purged customer (they are billed); they lose the link instead of
   * blocking the delete (their foreign key has no ON DELETE rule).
   */
  unlinkCalls: (db: TDb, tenantId: number, ids: readonly number[]) =>
    db
      .update(callRecords)
      .set({ customerId: null })
      .where(and(eq(callRecords.tenantId, tenantId), inArray(callRecords.customerId, [...ids]))),

  /** How many customers each person owns now (the maxOwned rule counts the private pool). */
  ownedCounts: async (db: TDb, tenantId: number, userIds: readonly number[]) => {
    const map = new Map<number, number>(userIds.map((u) => [u, 0]));
    if (userIds.length === 0) return map;
    const rows = await db
      .select({ ownerId: c.ownerId, n: count() })
      .from(c)
      .where(and(eq(c.tenantId, tenantId), inArray(c.ownerId, [...userIds]), isNull(c.deletedAt)))
      .groupBy(c.ownerId);
    for (const r of rows) if (r.ownerId !== null) map.set(r.ownerId, r.n);
    return map;
  },

  /**
   * 导出客户: the list's pool, scope, filter and sort (or only the chosen ids) as one query for a
   * cursor, with the owner's and department's names.
   */
  exportQuery: (q: {
    tenantId: number;
    pool: TPool;
    scope: TDataScope;
    filter: TFilter;
    ids?: readonly number[];
    sort: TSort;
  }): SQL => {
    const where = and(
      poolCondition(q.tenantId, q.pool, q.scope),
      filterCondition(q.tenantId, q.filter),
      q.ids?.length ? inArray(c.id, [...q.ids]) : undefined,
    )!;
    return sql`select ${c}.*, (select u.real_name from users u where u.id = ${c.ownerId}) as owner_name,
          (select d.name from departments d where d.id = ${c.deptId}) as dept_name
        from ${c} where ${where} order by ${sql.join(orderOf(q.sort), sql`, `)}`;
  },
};
