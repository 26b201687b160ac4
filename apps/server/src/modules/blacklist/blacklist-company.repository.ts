import { and, count, desc, eq, inArray, like, or } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { pageOf } from '../../db/page.js';
import { likeOf } from '../../db/sql.js';
import { companyBlacklist as t } from './blacklist.schema.js';

export type TCompanyBlackRow = typeof t.$inferSelect;
export type TCompanyBlackInsert = Omit<typeof t.$inferInsert, 'id' | 'createdAt'>;

export type TCompanyBlackFilter = { keyword?: string; ids?: number[] };

const filterOf = (tenantId: number, f: TCompanyBlackFilter) =>
  and(
    eq(t.tenantId, tenantId),
    f.ids?.length ? inArray(t.id, f.ids) : undefined,
    f.keyword ? or(like(t.name, likeOf(f.keyword)), like(t.creditCode, likeOf(f.keyword.toUpperCase()))) : undefined,
  );

/** The SQL of the company black-list; every statement names the tenant. */
export const companyBlacklistRepository = {
  page: (db: TDb, tenantId: number, q: TCompanyBlackFilter & { page: number; limit: number }) =>
    pageOf(
      db.select({ n: count() }).from(t).where(filterOf(tenantId, q)),
      db.select().from(t).where(filterOf(tenantId, q)).orderBy(desc(t.createdAt), desc(t.id)).$dynamic(),
      q,
    ),

  /** The download's rows, newest first, at most `limit`. */
  rows: (db: TDb, tenantId: number, f: TCompanyBlackFilter, limit: number) =>
    db.select().from(t).where(filterOf(tenantId, f)).orderBy(desc(t.createdAt), desc(t.id)).limit(limit),

  /** The entries naming any of these credit codes or name keys. */
  naming: async (db: TDb, tenantId: number, codes: string[], keys: string[]): Promise<TCompanyBlackRow[]> => {
    const byCode = codes.filter(Boolean);
    const byKey = keys.filter(Boolean);
    if (byCode.length === 0 && byKey.length === 0) return [];
    return db
      .select()
      .from(t)
      .where(
        and(
          eq(t.tenantId, tenantId),
          or(
            byCode.length ? inArray(t.creditCode, [...new Set(byCode)]) : undefined,
            byKey.length ? inArray(t.nameKey, [...new Set(byKey)]) : undefined,
          ),
        ),
      );
  },

  /**
   * Writes the row unless its code or name is listed already (then null): the unique indexes decide,
   * so of parallel adds of one company exactly one is written and the others wait for it and get null.
   */
  insert: async (db: TDb, row: TCompanyBlackInsert): Promise<TCompanyBlackRow | null> =>
    (await db.insert(t).values(row).onConflictDoNothing().returning())[0] ?? null,

  remove: async (db: TDb, tenantId: number, ids: number[]) =>
    (
      await db
        .delete(t)
        .where(and(eq(t.tenantId, tenantId), inArray(t.id, ids)))
        .returning({ id: t.id })
    ).length,
};
