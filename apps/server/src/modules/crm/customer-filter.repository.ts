import type { customerSortFields, ZCustomerFilter } from '@yunhu/contract';
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { rowsOf, type TDb } from '../../db/client.js';
import { scopeCondition, type TDataScope } from '../../db/scope.js';
import { dateRange, deptSubtree, likeOf } from '../../db/sql.js';
import { customers as c, customerCounts as cc } from './crm.schema.js';

// The conditions of the customer lists: the pools and the data scope, the filter's fields, the
// keyword and mobile searches through the search index, the sort, and what a total may count.

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
  if (f.importBatchId) conds.push(eq(c.importBatchId, f.importBatchId));
  if (f.deptId) conds.push(sql`${c.deptId} in ${deptSubtree(tenantId, f.deptId)}`);
  if (f.isProtected !== undefined) conds.push(eq(c.isProtected, f.isProtected));
  conds.push(...dateRange(c.createdAt, f.createdRange));
  conds.push(...dateRange(c.lastFollowAt, f.lastFollowRange));
  conds.push(...dateRange(c.nextFollowAt, f.nextFollowRange));
  if (f.isNeverFollowed === true) conds.push(isNull(c.lastFollowAt));
  if (f.isNeverFollowed === false) conds.push(isNotNull(c.lastFollowAt));
  conds.push(...dateRange(c.lastCallAt, f.lastCallRange));
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

/** The column a whitelisted sort orders by. */
export const sortColumnOf = (field: TSort['field']) => sortColumns[field];
/** Whether a sort's column may be empty (empty values then come last, whichever the direction). */
export const isNullableSort = (field: TSort['field']) => nullableSorts.has(field);

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
