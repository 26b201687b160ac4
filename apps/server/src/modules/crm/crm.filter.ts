import type { customerSortFields, ZCustomerFilter } from '@yunhu/contract';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { scopeCondition, type TDataScope } from '../../db/scope.js';
import { deptSubtree, likeOf } from '../../db/sql.js';
import { customers as c } from './crm.schema.js';

export type TPool = 'private' | 'public';
/** The filter after validation (ids coerced to numbers). */
export type TFilter = z.output<typeof ZCustomerFilter>;

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

/** Every filter of ZCustomerFilter as SQL on the customers table. */
export const filterCondition = (tenantId: number, f: TFilter): SQL | undefined => {
  const conds: (SQL | undefined)[] = [];
  if (f.keyword) {
    const like = likeOf(f.keyword);
    const q = f.keyword.toLowerCase().replace(/\s+/g, '');
    conds.push(
      or(
        sql`${c.name} ilike ${like}`,
        sql`${c.company} ilike ${like}`,
        sql`${c.remark} ilike ${like}`,
        // 张三 by `zhangsan` or `zs` (DESIGN.md section 7); digits also search the mobile.
        ...(/^[a-z]+$/.test(q) ? [sql`${c.namePinyin} like ${likeOf(q)}`, sql`${c.nameInitials} like ${`${q}%`}`] : []),
        ...(/^\d{4,11}$/.test(q) ? [sql`${c.mobile} like ${likeOf(q)}`] : []),
      ),
    );
  }
  if (f.mobile) conds.push(sql`${c.mobile} like ${likeOf(f.mobile)}`);
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

const sortColumns: Record<(typeof customerSortFields)[number], AnyPgColumn> = {
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
export const orderOf = (field: (typeof customerSortFields)[number], order: 'ascend' | 'descend'): SQL[] => {
  const column = sortColumns[field];
  const isAsc = order === 'ascend';
  const main = isAsc ? asc(column) : nullableSorts.has(field) ? sql`${column} desc nulls last` : desc(column);
  return [main, isAsc ? asc(c.id) : desc(c.id)];
};
