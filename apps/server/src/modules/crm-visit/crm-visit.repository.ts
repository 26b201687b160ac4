import type { crmSettingsRoutes, TParsedRequestOf } from '@yunhu/contract';
import { and, count, desc, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { firstRow } from '../../db/first.js';
import { pageOf } from '../../db/page.js';
import { customers, crmReturnVisits as v } from '../../db/schema.js';
import type { TDataScope } from '../../db/scope.js';
import { likeOf } from '../../db/sql.js';
import { tenantRowIs } from '../../db/tenant-rows.js';
import { type TPaging, visibleCondition } from '../crm/index.js';

/** Whose visits: the tenant, his data scope and whether he may see the public pool (visit.service.ts). */
export type TVisitsOf = { tenantId: number; scope: TDataScope; withPool: boolean };

/** The visit list's filters as the contract validated them (paging aside). */
export type TVisitFilter = Omit<TParsedRequestOf<(typeof crmSettingsRoutes)['visitPage']>, 'page' | 'limit'>;

/** The visits of the customers he may open (their customer decides), then the list's filters. */
const whereOf = (of: TVisitsOf, f: Partial<TVisitFilter> = {}): SQL => {
  const conds: (SQL | undefined)[] = [
    eq(v.tenantId, of.tenantId),
    visibleCondition(of.tenantId, of.scope, of.withPool),
  ];
  if (f.customerId) conds.push(eq(v.customerId, f.customerId));
  if (f.keyword) {
    // 张三 by `zhangsan`/`zs`.
    const k = f.keyword.toLowerCase().replace(/\s+/g, '');
    conds.push(
      or(
        sql`${customers.name} ilike ${likeOf(f.keyword)}`,
        ...(/^[a-z]+$/.test(k)
          ? [sql`${customers.namePinyin} like ${likeOf(k)}`, sql`${customers.nameInitials} like ${`${k}%`}`]
          : []),
      ),
    );
  }
  if (f.mobile) conds.push(sql`${customers.mobile} like ${likeOf(f.mobile)}`);
  if (f.result) conds.push(eq(v.result, f.result));
  if (f.userId) conds.push(eq(v.userId, f.userId));
  if (f.range?.[0] != null) conds.push(gte(v.visitAt, new Date(f.range[0])));
  if (f.range?.[1] != null) conds.push(lte(v.visitAt, new Date(f.range[1])));
  return and(...conds)!;
};

/** A visit with its customer and the names the list shows (names as scalar subqueries, read for the page only). */
const visitSelect = {
  v,
  customerName: customers.name,
  customerMobile: customers.mobile,
  userName: sql<string | null>`(select u.real_name from users u where u.id = ${v.userId})`,
  deptName: sql<string | null>`(select d.name from departments d where d.id = ${v.deptId})`,
};

export type TVisitFull = {
  v: typeof v.$inferSelect;
  customerName: string;
  customerMobile: string;
  userName: string | null;
  deptName: string | null;
};

/**
 * The SQL of 回访 (return-visit). Every query joins the visit to its customer, because the
 * customer decides who may see it (visit.service.ts).
 */
export const visitRepository = {
  /** Newest visit first; crm_visits_tenant_idx (tenant_id, visit_at) read backwards gives the order. */
  page: async (db: TDb, of: TVisitsOf, filter: TVisitFilter, paging: TPaging) => {
    const where = whereOf(of, filter);
    return pageOf(
      db
        .select({ n: count() })
        .from(v)
        .innerJoin(customers, and(eq(customers.tenantId, v.tenantId), eq(customers.id, v.customerId)))
        .where(where),
      db
        .select(visitSelect)
        .from(v)
        .innerJoin(customers, and(eq(customers.tenantId, v.tenantId), eq(customers.id, v.customerId)))
        .where(where)
        .orderBy(desc(v.visitAt), desc(v.id))
        .$dynamic(),
      paging,
    );
  },

  /** How many visits of the filter have each result. */
  resultCounts: async (db: TDb, of: TVisitsOf, filter: TVisitFilter) =>
    new Map(
      (
        await db
          .select({ result: v.result, n: count() })
          .from(v)
          .innerJoin(customers, and(eq(customers.tenantId, v.tenantId), eq(customers.id, v.customerId)))
          .where(whereOf(of, filter))
          .groupBy(v.result)
      ).map((r) => [r.result, r.n]),
    ),

  find: (db: TDb, tenantId: number, id: number): Promise<TVisitFull | null> =>
    firstRow(
      db
        .select(visitSelect)
        .from(v)
        .innerJoin(customers, and(eq(customers.tenantId, v.tenantId), eq(customers.id, v.customerId)))
        .where(tenantRowIs(v, tenantId, id)),
    ),

  insert: async (db: TDb, row: typeof v.$inferInsert) =>
    (await db.insert(v).values(row).returning({ id: v.id }))[0]!.id,

  /** Those of the chosen visits he may see, locked until the delete that follows. */
  lockIds: async (db: TDb, of: TVisitsOf, ids: readonly number[]) =>
    (
      await db
        .select({ id: v.id })
        .from(v)
        .innerJoin(customers, and(eq(customers.tenantId, v.tenantId), eq(customers.id, v.customerId)))
        .where(and(whereOf(of), inArray(v.id, [...ids])))
        .for('update', { of: v })
    ).map((r) => r.id),

  delete: (db: TDb, tenantId: number, ids: readonly number[]) =>
    db.delete(v).where(and(eq(v.tenantId, tenantId), inArray(v.id, [...ids]))),
};
