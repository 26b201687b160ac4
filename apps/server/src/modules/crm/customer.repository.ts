import type { customerSortFields, ZCustomerFilter } from '@yunhu/contract';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { rowsOf, type TDb } from '../../db/client.js';
import { callRecords } from '../../db/schema.js';
import { scopeCondition, type TDataScope } from '../../db/scope.js';
import { deptSubtree, likeOf, offsetOf } from '../../db/sql.js';
import { customers as c, customerCounts as cc } from './crm.schema.js';

export type TPool = 'private' | 'public';
/** The filter after validation (ids coerced to numbers). */
export type TFilter = z.output<typeof ZCustomerFilter>;
export type TSort = { field: (typeof customerSortFields)[number]; order: 'ascend' | 'descend' };
export type TPaging = { page: number; limit: number };
export type TCustomerRow = typeof c.$inferSelect;
export type TCustomerFull = {
  c: TCustomerRow;
  ownerName: string | null;
  deptName: string | null;
  previousOwnerName: string | null;
  deletedByName: string | null;
};

export const nameOf = (column: AnyPgColumn) =>
  sql<string | null>`(select u.real_name from users u where u.id = ${column})`;

/**
 * A customer with the names a view needs. The names are scalar subqueries, so a page query reads
 * them only for the rows it returns and its plan stays on the customers indexes.
 */
export const customerSelect = {
  c,
  ownerName: nameOf(c.ownerId),
  deptName: sql<string | null>`(select d.name from departments d where d.id = ${c.deptId})`,
  previousOwnerName: nameOf(c.previousOwnerId),
  deletedByName: nameOf(c.deletedBy),
};

/**
 * The pool a list shows (DESIGN.md section 4): the private pool is every owned customer inside the
 * caller's data scope (by the customer's owner and the department he had when he got it); the
 * public pool is every customer without an owner of the tenant. The recycle bin is neither.
 */
export const poolCondition = (tenantId: number, pool: TPool, scope: TDataScope): SQL =>
  pool === 'private'
    ? and(
        eq(c.tenantId, tenantId),
        isNotNull(c.ownerId),
        isNull(c.deletedAt),
        scopeCondition(scope, { owner: c.ownerId, dept: c.deptId }),
      )!
    : and(eq(c.tenantId, tenantId), isNull(c.ownerId), isNull(c.deletedAt))!;

/**
 * The customers a person may act on (not in the recycle bin): his private pool within his data
 * scope, and the public pool when he may see it (`withPool`, a rule of his role).
 */
export const visibleCondition = (tenantId: number, scope: TDataScope, withPool: boolean): SQL =>
  and(
    eq(c.tenantId, tenantId),
    isNull(c.deletedAt),
    or(
      and(isNotNull(c.ownerId), scopeCondition(scope, { owner: c.ownerId, dept: c.deptId })),
      withPool ? isNull(c.ownerId) : undefined,
    ),
  )!;

const range = (column: AnyPgColumn, r: readonly [number | null, number | null] | undefined): SQL[] => {
  if (!r) return [];
  const out: SQL[] = [];
  if (r[0] !== null) out.push(gte(column, new Date(r[0])));
  if (r[1] !== null) out.push(lte(column, new Date(r[1])));
  return out;
};

const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/** A custom-field condition on the jsonb values: text contains, any of the choices, a number/date range. */
const customCondition = (cond: NonNullable<TFilter['custom']>[number]): SQL[] => {
  const key = String(cond.fieldId);
  const value = sql`(${c.customValues} -> ${key})`;
  const out: SQL[] = [];
  if (cond.text) out.push(sql`(${c.customValues} ->> ${key}) ilike ${likeOf(cond.text)}`);
  // `?|` matches a single-choice string as well as an element of a multiple-choice array.
  if (cond.anyOf?.length) out.push(sql`jsonb_exists_any(${value}, ${textArray(cond.anyOf)})`);
  if (cond.range) {
    // Only numbers (and dates, kept as epoch ms) compare; the CASE keeps the cast from failing on text.
    const num = sql`(case when jsonb_typeof(${value}) = 'number' then (${c.customValues} ->> ${key})::numeric end)`;
    if (cond.range[0] !== null) out.push(sql`${num} >= ${cond.range[0]}`);
    if (cond.range[1] !== null) out.push(sql`${num} <= ${cond.range[1]}`);
  }
  return out;
};

/** The keyword's patterns (DESIGN.md section 7): 张三 by `zhangsan` (pinyin) or `zs` (initials, from the start); digits also search the mobile. */
const keywordPatterns = (keyword: string) => {
  const q = keyword.toLowerCase().replace(/\s+/g, '');
  const isLetters = /^[a-z]+$/.test(q);
  const isDigits = /^\d{4,11}$/.test(q);
  return {
    pattern: likeOf(keyword),
    pinyin: isLetters ? likeOf(q) : null,
    initials: isLetters ? `${q}%` : null,
    mobile: isDigits ? likeOf(q) : null,
    compact: q,
  };
};

/** The keyword as plain conditions: name, company or remark contain it, or the pinyin, initials or mobile do. */
const keywordScan = (keyword: string): SQL => {
  const k = keywordPatterns(keyword);
  return or(
    sql`${c.name} ilike ${k.pattern}`,
    sql`${c.company} ilike ${k.pattern}`,
    sql`${c.remark} ilike ${k.pattern}`,
    ...(k.pinyin ? [sql`${c.namePinyin} like ${k.pinyin}`, sql`${c.nameInitials} like ${k.initials}`] : []),
    ...(k.mobile ? [sql`${c.mobile} like ${k.mobile}`] : []),
  )!;
};

/** Ids found through the search index above this many: the plain scan costs less than looking them up. */
export const searchIdsCap = 10_000;

/** A trigram index only serves a pattern holding three letters or digits in a row. */
const hasTrigram = (s: string) => /[\p{L}\p{N}]{3,}/u.test(s);

/**
 * The ids of the tenant's customers a keyword or a mobile fragment finds, through
 * customer_ids_by_keyword (migration 0032): a trigram index over the searchable text where pg_trgm
 * exists. LIKE cannot use an index under row-level security (it is not leakproof), so the match runs
 * there as the table's owner, confined to the session's tenant; the ids come back as a parameter of
 * the list's own statements, where the policy, the pool, the data scope and the other filters apply.
 * Null when no index can serve it (fewer than three letters or digits in a row) or it finds more than
 * searchIdsCap customers: then the list scans with the plain conditions, as before the index.
 */
const searchIds = async (
  db: TDb,
  tenantId: number,
  p: { pattern: string | null; pinyin: string | null; initials: string | null; mobile: string | null },
  text: string,
): Promise<number[] | null> => {
  if (!hasTrigram(text)) return null;
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`select id::int as id from customer_ids_by_keyword(${tenantId}::bigint, ${p.pattern}::text,
      ${p.pinyin}::text, ${p.initials}::text, ${p.mobile}::text, ${searchIdsCap + 1}::int) as id`),
  );
  return rows.length > searchIdsCap ? null : rows.map((r) => Number(r.id));
};

/** The keyword and mobile-fragment conditions of a filter, resolved to ids where the search index serves them. */
export type TSearch = { keyword?: SQL; mobile?: SQL };

const idsIn = (ids: number[]): SQL => sql`${c.id} = any(${`{${ids.join(',')}}`}::bigint[])`;

/** Looks the filter's keyword and mobile fragment up in the search index (see searchIds). */
export const resolveSearch = async (
  db: TDb,
  tenantId: number,
  f: { keyword?: string; mobile?: string },
): Promise<TSearch> => {
  const out: TSearch = {};
  if (f.keyword) {
    const k = keywordPatterns(f.keyword);
    const ids = await searchIds(db, tenantId, k, `${f.keyword.toLowerCase()} ${k.compact}`);
    if (ids) out.keyword = idsIn(ids);
  }
  if (f.mobile) {
    const ids = await searchIds(
      db,
      tenantId,
      { pattern: null, pinyin: null, initials: null, mobile: likeOf(f.mobile) },
      f.mobile,
    );
    if (ids) out.mobile = idsIn(ids);
  }
  return out;
};

/** The keyword condition: the ids the index found, else the plain conditions. */
export const keywordCondition = (keyword: string, search?: TSearch): SQL => search?.keyword ?? keywordScan(keyword);

/** The mobile-fragment condition: the ids the index found, else the plain condition. */
export const mobileCondition = (fragment: string, search?: TSearch): SQL =>
  search?.mobile ?? sql`${c.mobile} like ${likeOf(fragment)}`;

/**
 * Every filter of ZCustomerFilter as SQL on the customers table; `search` (resolveSearch) turns the
 * keyword and the mobile fragment into ids found by the index.
 */
export const filterCondition = (tenantId: number, f: TFilter, search?: TSearch): SQL | undefined => {
  const conds: (SQL | undefined)[] = [];
  if (f.keyword) conds.push(keywordCondition(f.keyword, search));
  if (f.mobile) conds.push(mobileCondition(f.mobile, search));
  if (f.company) conds.push(sql`${c.company} ilike ${likeOf(f.company)}`);
  if (f.intentionLevels?.length) conds.push(inArray(c.intentionLevel, f.intentionLevels));
  if (f.isDeal !== undefined) conds.push(eq(c.isDeal, f.isDeal));
  if (f.phoneLabels?.length) conds.push(inArray(c.phoneLabel, f.phoneLabels));
  // The GIN index on tag_ids answers `&&` (any of).
  if (f.tagIds?.length) {
    conds.push(
      sql`${c.tagIds} && array[${sql.join(
        f.tagIds.map((id) => sql`${id}`),
        sql`, `,
      )}]::bigint[]`,
    );
  }
  if (f.source) conds.push(sql`${c.source} ilike ${likeOf(f.source)}`);
  if (f.ownerId) conds.push(eq(c.ownerId, f.ownerId));
  if (f.deptId) conds.push(sql`${c.deptId} in ${deptSubtree(tenantId, f.deptId)}`);
  if (f.isProtected !== undefined) conds.push(eq(c.isProtected, f.isProtected));
  conds.push(...range(c.createdAt, f.createdRange));
  conds.push(...range(c.lastFollowAt, f.lastFollowRange));
  conds.push(...range(c.nextFollowAt, f.nextFollowRange));
  if (f.isNeverFollowed === true) conds.push(isNull(c.lastFollowAt));
  if (f.isNeverFollowed === false) conds.push(isNotNull(c.lastFollowAt));
  conds.push(...range(c.lastCallAt, f.lastCallRange));
  if (f.isNeverCalled === true) conds.push(isNull(c.lastCallAt));
  if (f.isNeverCalled === false) conds.push(isNotNull(c.lastCallAt));
  for (const cond of f.custom ?? []) conds.push(...customCondition(cond));
  return and(...conds);
};

const sortColumns: Record<TSort['field'], AnyPgColumn> = {
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
  lastFollowAt: c.lastFollowAt,
  nextFollowAt: c.nextFollowAt,
  lastCallAt: c.lastCallAt,
  poolAt: c.poolAt,
  name: c.name,
  intentionLevel: c.intentionLevel,
};

const nullableSorts = new Set(['lastFollowAt', 'nextFollowAt', 'lastCallAt', 'poolAt']);

/**
 * The whitelisted sort and the id keeping pages stable. Columns that are never empty sort plainly,
 * so `created_at desc` walks customers_tenant_owner_idx backwards; empty follow-up times go last.
 */
export const orderOf = ({ field, order }: TSort): SQL[] => {
  const column = sortColumns[field];
  const isAsc = order === 'ascend';
  const main = isAsc ? asc(column) : nullableSorts.has(field) ? sql`${column} desc nulls last` : desc(column);
  return [main, isAsc ? asc(c.id) : desc(c.id)];
};

/** Filters a total may read from customer_counts; with any other filter the customers are counted. */
const countedFilters = new Set(['intentionLevels', 'ownerId']);
/** Keys of a list query that filter nothing. */
const pagingKeys = new Set(['page', 'limit', 'sortField', 'sortOrder']);
const isNoFilter = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * Where customer_counts holds a list's total: the pool (or the recycle bin) inside the data scope,
 * by level or owner; null when the filter asks more (the customers are counted then).
 */
export const countedCondition = (
  q: { tenantId: number; scope: TDataScope } & ({ pool: TPool; filter: TFilter } | { binOf: number }),
): SQL | null => {
  const scoped = scopeCondition(q.scope, { owner: cc.ownerId, dept: cc.deptId });
  if ('binOf' in q) {
    return and(
      eq(cc.tenantId, q.tenantId),
      eq(cc.inBin, true),
      q.scope.kind === 'all' ? undefined : or(scoped, eq(cc.deletedBy, q.binOf)),
    )!;
  }
  const f = q.filter as Record<string, unknown>;
  if (!Object.entries(f).every(([k, v]) => isNoFilter(v) || pagingKeys.has(k) || countedFilters.has(k))) return null;
  return and(
    eq(cc.tenantId, q.tenantId),
    eq(cc.inBin, false),
    q.pool === 'private' ? and(isNotNull(cc.ownerId), scoped) : isNull(cc.ownerId),
    q.filter.intentionLevels?.length ? inArray(cc.intentionLevel, q.filter.intentionLevels) : undefined,
    q.filter.ownerId ? eq(cc.ownerId, q.filter.ownerId) : undefined,
  )!;
};

/** The rules a customer view needs (crm.view.ts), as the page's statement reads them. */
export type TViewRules = { isPrivacyOn: boolean; releaseNoFollowDays: number; releaseNoDealDays: number };

/** The tenant's rules row as JSON, null when it never saved one (the defaults apply then). */
const viewRulesOf = (tenantId: number) =>
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

  findFull: async (db: TDb, tenantId: number, id: number): Promise<TCustomerFull | null> =>
    (
      await db
        .select(customerSelect)
        .from(c)
        .where(and(eq(c.tenantId, tenantId), eq(c.id, id)))
        .limit(1)
    )[0] ?? null,

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
  findByMobile: async (db: TDb, tenantId: number, mobile: string) =>
    (
      await db
        .select({ id: c.id, ownerId: c.ownerId, ownerName: nameOf(c.ownerId), deletedAt: c.deletedAt })
        .from(c)
        .where(and(eq(c.tenantId, tenantId), eq(c.mobile, mobile)))
        .limit(1)
    )[0] ?? null,

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
      .where(and(eq(c.tenantId, tenantId), eq(c.id, customerId))),

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
