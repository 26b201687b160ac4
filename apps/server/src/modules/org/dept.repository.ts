import { and, asc, count, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { rowsOf } from '../../db/client.js';
import { firstRow, hasRow } from '../../db/first.js';
import { departments, users } from './org.schema.js';

/** Statuses of people who still belong to a department (applications included, deleted and rejected not). */
export const memberStatuses = ['active', 'disabled', 'pending'];

const live = (tenantId: number) => and(eq(departments.tenantId, tenantId), isNull(departments.deletedAt));

export const deptRepository = {
  /** Every live department of the tenant with its direct staff count. */
  list: (db: TDb, tenantId: number) =>
    db
      .select({
        id: departments.id,
        parentId: departments.parentId,
        name: departments.name,
        sort: departments.sort,
        // Correlated subqueries name the outer table explicitly: drizzle leaves single-table columns unqualified.
        staffCount: sql<number>`(select count(*)::int from users u where u.tenant_id = "departments"."tenant_id"
          and u.dept_id = "departments"."id" and u.status in ('active', 'disabled', 'pending'))`,
      })
      .from(departments)
      .where(live(tenantId))
      .orderBy(asc(departments.sort), asc(departments.id)),

  find: (db: TDb, tenantId: number, id: number) =>
    firstRow(
      db
        .select()
        .from(departments)
        .where(and(live(tenantId), eq(departments.id, id))),
    ),

  /** The departments and all their descendants (deleted ones included: old rows may still point at them). */
  withDescendants: async (db: TDb, tenantId: number, rootIds: readonly number[]): Promise<number[]> => {
    if (rootIds.length === 0) return [];
    const roots = sql.join(
      rootIds.map((id) => sql`${id}`),
      sql`, `,
    );
    const rows = rowsOf<{ id: string | number }>(
      await db.execute(sql`with recursive d(id) as (
          select id from departments where tenant_id = ${tenantId} and id in (${roots})
          union
          select c.id from departments c join d on c.parent_id = d.id where c.tenant_id = ${tenantId}
        ) select id from d`),
    );
    return rows.map((r) => Number(r.id));
  },

  /** The ancestors of a department, nearest first (for paths and loop checks). */
  ancestors: async (db: TDb, tenantId: number, id: number) =>
    rowsOf<{ id: string | number; name: string; depth: number }>(
      await db.execute(sql`with recursive a(id, parent_id, name, depth) as (
          select id, parent_id, name, 0 from departments where tenant_id = ${tenantId} and id = ${id}
          union all
          select p.id, p.parent_id, p.name, a.depth + 1 from departments p join a on p.id = a.parent_id
          where p.tenant_id = ${tenantId} and a.depth < 64
        ) select id, name, depth from a order by depth`),
    ).map((r) => ({ id: Number(r.id), name: r.name }) as const),

  siblingNameTaken: async (db: TDb, tenantId: number, parentId: number | null, name: string, exceptId?: number) => {
    const conds = [
      live(tenantId),
      parentId === null ? isNull(departments.parentId) : eq(departments.parentId, parentId),
      eq(departments.name, name),
    ];
    if (exceptId) conds.push(ne(departments.id, exceptId));
    return hasRow(
      db
        .select({ id: departments.id })
        .from(departments)
        .where(and(...conds)),
    );
  },

  childCount: async (db: TDb, tenantId: number, id: number) =>
    (
      await db
        .select({ n: count() })
        .from(departments)
        .where(and(live(tenantId), eq(departments.parentId, id)))
    )[0]?.n ?? 0,

  staffCount: async (db: TDb, tenantId: number, id: number) =>
    (
      await db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.tenantId, tenantId), eq(users.deptId, id), inArray(users.status, memberStatuses)))
    )[0]?.n ?? 0,

  insert: async (db: TDb, row: typeof departments.$inferInsert) =>
    (await db.insert(departments).values(row).returning())[0]!,

  update: async (db: TDb, tenantId: number, id: number, set: Partial<typeof departments.$inferInsert>) =>
    (
      await db
        .update(departments)
        .set(set)
        .where(and(live(tenantId), eq(departments.id, id)))
        .returning()
    )[0] ?? null,

  softDelete: (db: TDb, tenantId: number, id: number) =>
    db
      .update(departments)
      .set({ deletedAt: new Date() })
      .where(and(live(tenantId), eq(departments.id, id))),

  liveRootCount: async (db: TDb, tenantId: number) =>
    (
      await db
        .select({ n: count() })
        .from(departments)
        .where(and(live(tenantId), isNull(departments.parentId)))
    )[0]?.n ?? 0,

  /** Ids not live in the tenant among `ids`. */
  missing: async (db: TDb, tenantId: number, ids: readonly number[]) => {
    if (ids.length === 0) return [];
    const found = await db
      .select({ id: departments.id })
      .from(departments)
      .where(and(live(tenantId), inArray(departments.id, [...ids])));
    const seen = new Set(found.map((r) => r.id));
    return ids.filter((id) => !seen.has(id));
  },
};
