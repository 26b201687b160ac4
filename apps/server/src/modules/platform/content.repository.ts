import { and, count, eq, ilike, inArray, ne, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { firstRow, hasRow } from '../../db/first.js';
import { pageOf } from '../../db/page.js';
import { brandOptions, noticeReads, notices, noticeTargets, tenants } from '../../db/schema.js';
import { likeOf, newestFirst } from '../../db/sql.js';
import { enterpriseContracts as contracts } from './content.schema.js';

export type TContractRow = typeof contracts.$inferSelect & { enterpriseName: string };

/**
 * A notice with the enterprises it is addressed to and how many people have read it. The outer
 * id is spelt out: Drizzle writes a lone column unqualified, and inside the subquery `id` would be
 * the joined tenant's.
 */
const noticeSelect = (db: TDb) =>
  db
    .select({
      notice: notices,
      targets: sql<
        { id: number; name: string }[]
      >`coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name) order by t.id)
        from ${noticeTargets} nt join ${tenants} t on t.id = nt.tenant_id where nt.notice_id = "notices"."id"), '[]'::json)`,
      readCount: sql<number>`(select count(*)::int from ${noticeReads} r where r.notice_id = "notices"."id")`,
    })
    .from(notices);

/** SQL of the platform's contracts, notices and brand settings. Only platform services call it. */
export const contentRepository = {
  tenant: (db: TDb, id: number) => firstRow(db.select().from(tenants).where(eq(tenants.id, id))),

  /** An enterprise (never the platform itself), or null. */
  enterprise: (db: TDb, id: number) =>
    firstRow(
      db
        .select()
        .from(tenants)
        .where(and(eq(tenants.id, id), eq(tenants.isSuper, false))),
    ),

  /** Which of `ids` are enterprises. */
  enterpriseIds: async (db: TDb, ids: number[]) =>
    (
      await db
        .select({ id: tenants.id })
        .from(tenants)
        .where(and(inArray(tenants.id, ids), eq(tenants.isSuper, false)))
    ).map((r) => r.id),

  contractOf: async (db: TDb, tenantId: number): Promise<TContractRow | null> => {
    const row = await firstRow(
      db
        .select({ c: contracts, enterpriseName: tenants.name })
        .from(contracts)
        .innerJoin(tenants, eq(tenants.id, contracts.tenantId))
        .where(eq(contracts.tenantId, tenantId)),
    );
    return row && { ...row.c, enterpriseName: row.enterpriseName };
  },

  contractNoTakenByOther: (db: TDb, contractNo: string, tenantId: number) =>
    hasRow(
      db
        .select({ id: contracts.id })
        .from(contracts)
        .where(and(eq(contracts.contractNo, contractNo), ne(contracts.tenantId, tenantId))),
    ),

  upsertContract: (db: TDb, row: typeof contracts.$inferInsert) =>
    db
      .insert(contracts)
      .values(row)
      .onConflictDoUpdate({ target: contracts.tenantId, set: { ...row, updatedAt: new Date() } }),

  noticePage: async (db: TDb, title: string | undefined, page: number, limit: number) => {
    // A person's own notices (CRM reminders) are not the platform's to manage.
    const where = and(ne(notices.audience, 'user'), title ? ilike(notices.title, likeOf(title)) : undefined);
    return pageOf(
      db.select({ n: count() }).from(notices).where(where),
      noticeSelect(db)
        .where(where)
        .orderBy(...newestFirst(notices))
        .$dynamic(),
      { page, limit },
    );
  },

  noticeById: (db: TDb, id: number) => firstRow(noticeSelect(db).where(eq(notices.id, id))),

  insertNotice: async (db: TDb, row: typeof notices.$inferInsert) =>
    (await db.insert(notices).values(row).returning())[0]!,

  insertTargets: (db: TDb, noticeId: number, tenantIds: number[]) =>
    db.insert(noticeTargets).values(tenantIds.map((tenantId) => ({ noticeId, tenantId }))),

  /** Deletes the notices (their targets and read marks go with them); returns the ids deleted. */
  deleteNotices: async (db: TDb, ids: number[]) =>
    (await db.delete(notices).where(inArray(notices.id, ids)).returning({ id: notices.id })).map((r) => r.id),

  /** Every brand option the console reads (the back end's internal `fws` records are not shown). */
  brandRows: (db: TDb, host?: string) =>
    db
      .select()
      .from(brandOptions)
      .where(and(ne(brandOptions.optionType, 'fws'), host === undefined ? undefined : eq(brandOptions.host, host))),

  upsertBrand: (db: TDb, host: string, optionKey: string, optionValue: string) =>
    db
      .insert(brandOptions)
      .values({ host, optionKey, optionValue })
      .onConflictDoUpdate({ target: [brandOptions.host, brandOptions.optionKey], set: { optionValue } }),

  deleteBrand: (db: TDb, host: string, optionKey?: string) =>
    db
      .delete(brandOptions)
      .where(
        and(
          eq(brandOptions.host, host),
          ne(brandOptions.optionType, 'fws'),
          optionKey === undefined ? undefined : eq(brandOptions.optionKey, optionKey),
        ),
      )
      .returning({ id: brandOptions.id }),
};
