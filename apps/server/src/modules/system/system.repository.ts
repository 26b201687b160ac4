import type { TLogResult } from '@yunhu/contract';
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gte,
  ilike,
  inArray,
  isNull,
  lte,
  notExists,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { TDatabase, TDb } from '../../db/client.js';
import { firstRow } from '../../db/first.js';
import { pageOf } from '../../db/page.js';
import { likeOf, newestFirst } from '../../db/sql.js';
import { withTenant } from '../../db/tenant.js';
import { tenantRowIs, tenantRows } from '../../db/tenant-rows.js';
import { batchedRows } from '../../http/xlsx-stream.js';
import {
  brandOptions,
  dictData,
  noticeReads,
  notices,
  noticeTargets,
  operationLogs,
  uploads,
} from './system.schema.js';

export type TLogFilter = {
  userName?: string;
  module?: string;
  result?: TLogResult;
  startTime?: number;
  endTime?: number;
  sortField?: 'createdAt' | 'userName' | 'module';
  sortOrder?: 'ascend' | 'descend';
};

const logWhere = (tenantId: number, f: TLogFilter): SQL => {
  const conds: SQL[] = [eq(operationLogs.tenantId, tenantId)];
  if (f.userName) {
    const like = likeOf(f.userName);
    conds.push(or(ilike(operationLogs.userName, like), ilike(operationLogs.realName, like))!);
  }
  if (f.module) conds.push(eq(operationLogs.module, f.module));
  if (f.result) conds.push(eq(operationLogs.result, f.result));
  if (f.startTime) conds.push(gte(operationLogs.createdAt, new Date(f.startTime)));
  if (f.endTime) conds.push(lte(operationLogs.createdAt, new Date(f.endTime)));
  return and(...conds)!;
};

const logOrder = (f: TLogFilter) => {
  const column = { createdAt: operationLogs.createdAt, userName: operationLogs.userName, module: operationLogs.module }[
    f.sortField ?? 'createdAt'
  ];
  const dir = f.sortOrder === 'ascend' ? asc : desc;
  return [dir(column), dir(operationLogs.id)];
};

/**
 * Notices a tenant's user receives: every 'all' notice and those addressed to the tenant, except
 * another person's own notices.
 */
const noticeAudience = (tenantId: number, userId: number) =>
  and(
    or(
      eq(notices.audience, 'all'),
      exists(
        sql`(select 1 from ${noticeTargets} where ${noticeTargets.noticeId} = ${notices.id} and ${noticeTargets.tenantId} = ${tenantId})`,
      ),
    ),
    or(isNull(notices.userId), eq(notices.userId, userId)),
  )!;

const readBy = (userId: number) =>
  sql`(select 1 from ${noticeReads} where ${noticeReads.noticeId} = ${notices.id} and ${noticeReads.userId} = ${userId})`;

export const systemRepository = {
  insertLog: async (db: TDb, row: typeof operationLogs.$inferInsert) => {
    const [inserted] = await db.insert(operationLogs).values(row).returning({ id: operationLogs.id });
    return inserted!.id;
  },

  settleLog: (db: TDb, tenantId: number, id: number, result: TLogResult, message: string) =>
    db
      .update(operationLogs)
      .set({ result, message })
      .where(tenantRowIs(operationLogs, tenantId, id)),

  logPage: async (db: TDb, tenantId: number, f: TLogFilter, page: number, limit: number) => {
    const where = logWhere(tenantId, f);
    return pageOf(
      db.select({ n: count() }).from(operationLogs).where(where),
      db
        .select()
        .from(operationLogs)
        .where(where)
        .orderBy(...logOrder(f))
        .$dynamic(),
      { page, limit },
    );
  },

  /** Batches of the filtered log, for streaming an export without holding it all in memory. */
  logBatch: (db: TDb, tenantId: number, f: TLogFilter, afterOffset: number, size: number) =>
    db
      .select()
      .from(operationLogs)
      .where(logWhere(tenantId, f))
      .orderBy(...logOrder(f))
      .limit(size)
      .offset(afterOffset),

  /**
   * The filtered log for a download, read after the request's transaction: each batch of 1,000
   * in a short tenant transaction of its own.
   */
  logRows: (database: TDatabase, tenantId: number, f: TLogFilter) =>
    batchedRows((offset) =>
      withTenant(database, tenantId, (tx) => systemRepository.logBatch(tx, tenantId, f, offset, 1000)),
    ),

  findLog: tenantRows(operationLogs).findOne,

  noticePage: async (
    db: TDb,
    tenantId: number,
    userId: number,
    isRead: boolean | undefined,
    page: number,
    limit: number,
  ) => {
    const conds = [noticeAudience(tenantId, userId)];
    if (isRead === true) conds.push(exists(readBy(userId)));
    if (isRead === false) conds.push(notExists(readBy(userId)));
    const where = and(...conds);
    return pageOf(
      db.select({ n: count() }).from(notices).where(where),
      db
        .select({
          id: notices.id,
          title: notices.title,
          content: notices.content,
          publisher: notices.publisher,
          link: notices.link,
          createdAt: notices.createdAt,
          isRead: sql<boolean>`exists ${readBy(userId)}`,
        })
        .from(notices)
        .where(where)
        .orderBy(...newestFirst(notices))
        .$dynamic(),
      { page, limit },
    );
  },

  unreadCount: async (db: TDb, tenantId: number, userId: number) => {
    const [row] = await db
      .select({ n: count() })
      .from(notices)
      .where(and(noticeAudience(tenantId, userId), notExists(readBy(userId))));
    return row?.n ?? 0;
  },

  /** Marks as read the given notices (or all) that the user actually receives. */
  markRead: async (db: TDb, tenantId: number, userId: number, ids: number[] | 'all') => {
    const visible = await db
      .select({ id: notices.id })
      .from(notices)
      .where(
        and(noticeAudience(tenantId, userId), ids === 'all' ? undefined : inArray(notices.id, ids.length ? ids : [-1])),
      );
    if (visible.length === 0) return;
    await db
      .insert(noticeReads)
      .values(visible.map((v) => ({ noticeId: v.id, userId })))
      .onConflictDoNothing();
  },

  /** One person's own notices (audience 'user'), each addressed to his tenant and to him. */
  insertUserNotices: async (
    db: TDb,
    rows: { tenantId: number; userId: number; title: string; content: string; publisher: string; link?: string }[],
  ) => {
    if (rows.length === 0) return;
    const inserted = await db
      .insert(notices)
      .values(
        rows.map((r) => ({
          title: r.title,
          content: r.content,
          publisher: r.publisher,
          link: r.link ?? null,
          audience: 'user',
          userId: r.userId,
        })),
      )
      .returning({ id: notices.id });
    await db.insert(noticeTargets).values(inserted.map((n, i) => ({ noticeId: n.id, tenantId: rows[i]!.tenantId })));
  },

  /** One notice addressed to the given tenants (audience 'tenants'): every user of each sees it in the bell. */
  insertTenantNotice: async (
    db: TDb,
    row: { title: string; content: string; publisher: string; tenantIds: number[] },
  ): Promise<number> => {
    const [inserted] = await db
      .insert(notices)
      .values({ title: row.title, content: row.content, publisher: row.publisher, audience: 'tenants' })
      .returning({ id: notices.id });
    await db.insert(noticeTargets).values(row.tenantIds.map((tenantId) => ({ noticeId: inserted!.id, tenantId })));
    return inserted!.id;
  },

  dictByType: (db: TDb, dictType: string) =>
    db
      .select({ label: dictData.label, value: dictData.value, sort: dictData.sort })
      .from(dictData)
      .where(eq(dictData.dictType, dictType))
      .orderBy(asc(dictData.sort), asc(dictData.id)),

  /** The host's own options, each falling back to the platform default (host ''). */
  brandOptions: async (db: TDb, host: string, withDefaults: boolean) => {
    const rows = await db
      .select()
      .from(brandOptions)
      .where(withDefaults ? or(eq(brandOptions.host, host), eq(brandOptions.host, '')) : eq(brandOptions.host, host));
    const byKey = new Map<string, (typeof rows)[number]>();
    for (const r of rows.sort((a, b) => (a.host === '' ? -1 : 1) - (b.host === '' ? -1 : 1))) byKey.set(r.optionKey, r);
    return [...byKey.values()];
  },

  insertUpload: (db: TDb, row: typeof uploads.$inferInsert) => db.insert(uploads).values(row),

  findUploadByKey: (db: TDb, key: string) => firstRow(db.select().from(uploads).where(eq(uploads.key, key))),
};
