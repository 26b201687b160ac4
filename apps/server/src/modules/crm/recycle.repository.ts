import type { crmRoutes, TParsedRequestOf } from '@yunhu/contract';
import { and, desc, eq, gte, inArray, isNotNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { scopeCondition, type TDataScope } from '../../db/scope.js';
import { customers as c } from './crm.schema.js';
import { customerPageWhere, customerRepository } from './customer.repository.js';
import {
  countedCondition,
  keywordCondition,
  mobileCondition,
  resolveSearch,
  type TPaging,
} from './customer-filter.repository.js';

/** Whose recycle bin: the tenant, the person (he sees what he deleted himself) and his data scope. */
export type TBinOf = { tenantId: number; userId: number; scope: TDataScope };

/** The recycle bin's filters as the contract validated them (paging aside). */
export type TRecycleFilter = Omit<TParsedRequestOf<(typeof crmRoutes)['recyclePage']>, 'page' | 'limit'>;

/**
 * The recycle bin a person sees (spec section 4): rows whose owner was inside his data scope and
 * rows he deleted himself; everything for the 'all' scope.
 */
const binCondition = ({ tenantId, userId, scope }: TBinOf): SQL =>
  and(
    eq(c.tenantId, tenantId),
    isNotNull(c.deletedAt),
    scope.kind === 'all'
      ? undefined
      : or(scopeCondition(scope, { owner: c.ownerId, dept: c.deptId }), eq(c.deletedBy, userId)),
  )!;

/** The statements of the recycle bin. */
export const recycleRepository = {
  /** Newest deletion first. */
  page: async (db: TDb, bin: TBinOf, f: TRecycleFilter, paging: TPaging) => {
    const conds: (SQL | undefined)[] = [binCondition(bin)];
    const search = await resolveSearch(db, bin.tenantId, f);
    // The keyword and the mobile fragment search as the pools' lists do (an index where pg_trgm exists).
    if (f.keyword) conds.push(keywordCondition(f.keyword, search));
    if (f.mobile) conds.push(mobileCondition(f.mobile, search));
    if (f.deletedRange?.[0] != null) conds.push(gte(c.deletedAt, new Date(f.deletedRange[0])));
    if (f.deletedRange?.[1] != null) conds.push(lte(c.deletedAt, new Date(f.deletedRange[1])));
    // Without a search or a time range its total is read from customer_counts.
    const counted =
      f.keyword || f.mobile || f.deletedRange?.[0] != null || f.deletedRange?.[1] != null
        ? null
        : countedCondition({ tenantId: bin.tenantId, scope: bin.scope, binOf: bin.userId });
    return customerPageWhere(db, bin.tenantId, and(...conds)!, [desc(c.deletedAt), desc(c.id)], paging, counted);
  },

  /** Whether this person sees the customer in his recycle bin. */
  has: async (db: TDb, bin: TBinOf, id: number) =>
    (
      await db
        .select({ id: c.id })
        .from(c)
        .where(and(binCondition(bin), eq(c.id, id)))
    ).length > 0,

  /** The chosen rows of his recycle bin, locked until the recovery or purge that follows. */
  lock: (db: TDb, bin: TBinOf, ids: readonly number[]) =>
    db
      .select()
      .from(c)
      .where(and(binCondition(bin), inArray(c.id, [...ids])))
      .for('update'),

  /** Every id of his recycle bin, by id (emptying it). */
  ids: async (db: TDb, bin: TBinOf) =>
    (await db.select({ id: c.id }).from(c).where(binCondition(bin)).orderBy(c.id)).map((r) => r.id),

  /** Back with his owner: the release clock starts again, as after any other hand-over. */
  restoreToOwner: (db: TDb, tenantId: number, ids: readonly number[]) =>
    customerRepository.update(db, tenantId, ids, {
      deletedAt: null,
      deletedBy: null,
      ownedAt: new Date(),
      releaseRemindedAt: null,
    }),

  /** Back into the public pool; the owner he had becomes the previous owner. */
  restoreToPool: (db: TDb, tenantId: number, ids: readonly number[]) =>
    customerRepository.update(db, tenantId, ids, {
      deletedAt: null,
      deletedBy: null,
      previousOwnerId: sql`coalesce(${c.ownerId}, ${c.previousOwnerId})` as unknown as number,
      ownerId: null,
      deptId: null,
      ownedAt: null,
      poolAt: new Date(),
      releaseRemindedAt: null,
    }),
};
