import type { TBlackLevel } from '@yunhu/contract';
import { and, asc, count, desc, eq, gt, inArray, isNull, like, lte, or, type SQL, sql } from 'drizzle-orm';
import { attemptLogPage, type TAttemptFilter } from '../../db/attempt-log.js';
import { rowsOf, type TDatabase, type TDb } from '../../db/client.js';
import { firstRow } from '../../db/first.js';
import { pageOf } from '../../db/page.js';
import type { TDataScope } from '../../db/scope.js';
import { dateRange, likeOf } from '../../db/sql.js';
import { withTenant } from '../../db/tenant.js';
import { batchedRows } from '../../http/xlsx-stream.js';
import { blacklistIntercepts, numberBlacklist, platformNumberBlacklist } from './blacklist.schema.js';

export type TEntryRow = typeof platformNumberBlacklist.$inferSelect;
export type TEntryInsert = Omit<typeof platformNumberBlacklist.$inferInsert, 'id'>;

/**
 * One of the two lists, as the queries below see it. Both tables have the same entry columns (the
 * enterprise's one has tenant_id on top), so one set of queries serves both: the enterprise's
 * table is read through the platform table's column set, plus its tenant condition and the
 * tenant id it adds to every insert.
 */
export type TList = {
  level: TBlackLevel;
  table: typeof platformNumberBlacklist;
  /** The rows of this list (the tenant filter), undefined for the platform's. */
  owns: SQL | undefined;
  extra: { tenantId?: number };
};

export const tenantList = (tenantId: number): TList => ({
  level: 'tenant',
  table: numberBlacklist as unknown as typeof platformNumberBlacklist,
  owns: eq(numberBlacklist.tenantId, tenantId),
  extra: { tenantId },
});

export const platformList: TList = { level: 'platform', table: platformNumberBlacklist, owns: undefined, extra: {} };

/** Not expired at `now`: no expiry, or one still ahead. */
const isLive = (t: typeof platformNumberBlacklist, now: Date) => or(isNull(t.expiresAt), gt(t.expiresAt, now));

export type TEntryFilter = {
  number?: string;
  source?: string;
  status?: 'active' | 'expired';
  reason?: string;
  range?: [number | null, number | null];
  ids?: number[];
};

const filterOf = (list: TList, f: TEntryFilter, now: Date) => {
  const t = list.table;
  return and(
    list.owns,
    f.ids?.length ? inArray(t.id, f.ids) : undefined,
    f.number ? like(t.number, likeOf(f.number)) : undefined,
    f.source ? eq(t.source, f.source) : undefined,
    f.reason ? like(t.reason, likeOf(f.reason)) : undefined,
    f.status === 'active' ? isLive(t, now) : undefined,
    f.status === 'expired' ? lte(t.expiresAt, now) : undefined,
    ...dateRange(t.createdAt, f.range),
  );
};

/**
 * One batch of the export, in the list's default order, after the last row of the previous batch
 * (keyset: each batch costs the same however deep into the list it is). `cursor` is the row's
 * created_at as PostgreSQL prints it: a JS Date would drop its microseconds.
 */
const exportBatch = (
  db: TDb,
  list: TList,
  f: TEntryFilter,
  now: Date,
  after: { cursor: string; id: number } | null,
  limit: number,
) =>
  db
    .select({ row: list.table, cursor: sql<string>`${list.table.createdAt}::text` })
    .from(list.table)
    .where(
      and(
        filterOf(list, f, now),
        after
          ? sql`(${list.table.createdAt}, ${list.table.id}) < (${after.cursor}::timestamptz, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(desc(list.table.createdAt), desc(list.table.id))
    .limit(limit);

/** The SQL of the black-lists and the intercept log. */
export const blacklistRepository = {
  /**
   * Of these normalised numbers, those on the enterprise's list or the platform's and not expired at
   * `now`, with the list: one statement for both (an import checks a chunk of mobiles at once).
   */
  liveLevels: async (
    db: TDb,
    tenantId: number,
    numbers: string[],
    now: Date,
  ): Promise<{ number: string; level: TBlackLevel }[]> => {
    if (numbers.length === 0) return [];
    const wanted = sql`(select jsonb_array_elements_text(${JSON.stringify(numbers)}::jsonb))`;
    const t = numberBlacklist;
    const p = platformNumberBlacklist;
    const rows = await db.execute(sql`
      select ${t.number} as number, 'tenant' as level from ${t}
        where ${t.tenantId} = ${tenantId} and ${t.number} in ${wanted}
          and (${t.expiresAt} is null or ${t.expiresAt} > ${now.toISOString()}::timestamptz)
      union all
      select ${p.number}, 'platform' from ${p}
        where ${p.number} in ${wanted}
          and (${p.expiresAt} is null or ${p.expiresAt} > ${now.toISOString()}::timestamptz)`);
    return rowsOf<{ number: string; level: TBlackLevel }>(rows);
  },

  /** The entries naming these numbers, with only what adding needs (expired ones too). */
  listed: async (db: TDb, list: TList, numbers: string[]) =>
    numbers.length === 0
      ? []
      : db
          .select({ id: list.table.id, number: list.table.number, expiresAt: list.table.expiresAt })
          .from(list.table)
          .where(and(list.owns, inArray(list.table.number, numbers))),

  /** Every entry (expired ones too) naming one of these numbers. */
  byNumbers: async (db: TDb, list: TList, numbers: string[]): Promise<TEntryRow[]> =>
    numbers.length === 0
      ? []
      : db
          .select()
          .from(list.table)
          .where(and(list.owns, inArray(list.table.number, numbers))),

  byId: (db: TDb, list: TList, id: number): Promise<TEntryRow | null> =>
    firstRow(
      db
        .select()
        .from(list.table)
        .where(and(list.owns, eq(list.table.id, id))),
    ),

  page: async (
    db: TDb,
    list: TList,
    q: TEntryFilter & {
      page: number;
      limit: number;
      sortField?: 'createdAt' | 'number' | 'expiresAt';
      sortOrder?: 'ascend' | 'descend';
    },
    now: Date,
  ) => {
    const t = list.table;
    const where = filterOf(list, q, now);
    const dir = q.sortOrder === 'ascend' ? asc : desc;
    const order =
      q.sortField === 'number'
        ? [dir(t.number)]
        : q.sortField === 'expiresAt'
          ? [
              sql`${t.expiresAt} ${sql.raw(q.sortOrder === 'ascend' ? 'asc nulls last' : 'desc nulls first')}`,
              desc(t.id),
            ]
          : [dir(t.createdAt), dir(t.id)];
    const page = await pageOf(
      db.select({ n: count() }).from(t).where(where),
      db
        .select()
        .from(t)
        .where(where)
        .orderBy(...order)
        .$dynamic(),
      q,
    );
    return { rows: page.records, total: page.total };
  },

  /**
   * The rows of the export, read when it is sent (after the request's transaction): keyset
   * batches, each its own short query, nothing held between them. The enterprise's list is read
   * under its tenant wall, the platform's (no tenant, no row policy) plainly.
   */
  exportRows: (database: TDatabase, list: TList, tenantId: number, f: TEntryFilter, now: Date) => {
    let after: { cursor: string; id: number } | null = null;
    return batchedRows(async () => {
      const batch =
        list.level === 'tenant'
          ? await withTenant(database, tenantId, (tx) => exportBatch(tx, list, f, now, after, 1000))
          : await exportBatch(database.db, list, f, now, after, 1000);
      const tail = batch.at(-1);
      if (tail) after = { cursor: tail.cursor, id: tail.row.id };
      return batch.map((b) => b.row);
    });
  },

  insert: async (db: TDb, list: TList, rows: TEntryInsert[]): Promise<number[]> =>
    rows.length === 0
      ? []
      : (
          await db
            .insert(list.table)
            .values(rows.map((r) => ({ ...r, ...list.extra })))
            .returning({ id: list.table.id })
        ).map((r) => r.id),

  update: async (db: TDb, list: TList, id: number, set: Partial<TEntryInsert>): Promise<TEntryRow | null> =>
    (
      await db
        .update(list.table)
        .set(set)
        .where(and(list.owns, eq(list.table.id, id)))
        .returning()
    )[0] ?? null,

  remove: async (db: TDb, list: TList, ids: number[]): Promise<number> =>
    (
      await db
        .delete(list.table)
        .where(and(list.owns, inArray(list.table.id, ids)))
        .returning({ id: list.table.id })
    ).length,

  insertIntercept: async (db: TDb, row: typeof blacklistIntercepts.$inferInsert) =>
    (await db.insert(blacklistIntercepts).values(row).returning({ id: blacklistIntercepts.id }))[0]!.id,

  /** 黑名单拦截: the refused attempts within the data scope (the caller and his department). */
  interceptPage: (db: TDb, tenantId: number, scope: TDataScope, q: TAttemptFilter) =>
    attemptLogPage(
      db,
      blacklistIntercepts,
      {
        id: blacklistIntercepts.id,
        number: blacklistIntercepts.number,
        level: blacklistIntercepts.level,
        reason: blacklistIntercepts.reason,
        via: blacklistIntercepts.via,
        createdAt: blacklistIntercepts.createdAt,
      },
      { tenantId, scope, filter: q },
    ),
};
