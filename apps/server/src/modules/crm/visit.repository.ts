import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { customers, crmReturnVisits as v } from './crm.schema.js';

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
 * customer decides who may see it (visit.service.ts); `where` always carries the tenant.
 */
export const visitRepository = {
  /** Newest visit first; crm_visits_tenant_idx (tenant_id, visit_at) read backwards gives the order. */
  page: async (db: TDb, where: SQL, page: number, limit: number) => {
    const [total] = await db
      .select({ n: count() })
      .from(v)
      .innerJoin(customers, eq(customers.id, v.customerId))
      .where(where);
    const records = await db
      .select(visitSelect)
      .from(v)
      .innerJoin(customers, eq(customers.id, v.customerId))
      .where(where)
      .orderBy(desc(v.visitAt), desc(v.id))
      .limit(limit)
      .offset((page - 1) * limit);
    return { records, total: total?.n ?? 0 };
  },

  /** How many visits of the filter have each result. */
  resultCounts: async (db: TDb, where: SQL) =>
    new Map(
      (
        await db
          .select({ result: v.result, n: count() })
          .from(v)
          .innerJoin(customers, eq(customers.id, v.customerId))
          .where(where)
          .groupBy(v.result)
      ).map((r) => [r.result, r.n]),
    ),

  find: async (db: TDb, tenantId: number, id: number): Promise<TVisitFull | null> =>
    (
      await db
        .select(visitSelect)
        .from(v)
        .innerJoin(customers, eq(customers.id, v.customerId))
        .where(and(eq(v.tenantId, tenantId), eq(v.id, id)))
    )[0] ?? null,

  insert: async (db: TDb, row: typeof v.$inferInsert) =>
    (await db.insert(v).values(row).returning({ id: v.id }))[0]!.id,

  /** The visits of the condition, locked until the delete that follows. */
  lockIds: async (db: TDb, where: SQL) =>
    (
      await db
        .select({ id: v.id })
        .from(v)
        .innerJoin(customers, eq(customers.id, v.customerId))
        .where(where)
        .for('update', { of: v })
    ).map((r) => r.id),

  delete: (db: TDb, tenantId: number, ids: readonly number[]) =>
    db.delete(v).where(and(eq(v.tenantId, tenantId), inArray(v.id, [...ids]))),
};
