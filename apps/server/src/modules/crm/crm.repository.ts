import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/client.js';
import { likeOf } from '../../db/sql.js';
import { callRecords } from '../call/call.schema.js';
import { departments, users } from '../org/org.schema.js';
import {
  crmChangeLogs,
  crmComments,
  crmCustomFields,
  crmFollowRecords,
  crmOwnerLogs,
  crmReturnVisits,
  crmTags,
  customers,
} from './crm.schema.js';

const nameOf = (column: AnyPgColumn) => sql<string | null>`(select u.real_name from users u where u.id = ${column})`;

/**
 * A customer with the names a view needs. The names are scalar subqueries, so a page query reads
 * them only for the rows it returns and its plan stays on the customers indexes.
 */
const customerSelect = {
  c: customers,
  ownerName: nameOf(customers.ownerId),
  deptName: sql<string | null>`(select d.name from departments d where d.id = ${customers.deptId})`,
  previousOwnerName: nameOf(customers.previousOwnerId),
  deletedByName: nameOf(customers.deletedBy),
};

export type TCustomerRow = typeof customers.$inferSelect;
export type TCustomerFull = {
  c: TCustomerRow;
  ownerName: string | null;
  deptName: string | null;
  previousOwnerName: string | null;
  deletedByName: string | null;
};
export type TOwnerLogInsert = typeof crmOwnerLogs.$inferInsert;
export type TChange = { field: string; label: string; from: string; to: string };

export const crmRepository = {
  page: async (db: TDb, where: SQL, order: SQL[], page: number, limit: number) => {
    // Counted on the customers table alone: no join is needed to know how many match.
    const [total] = await db.select({ n: count() }).from(customers).where(where);
    const records = await db
      .select(customerSelect)
      .from(customers)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset((page - 1) * limit);
    return { records, total: total?.n ?? 0 };
  },

  findFull: async (db: TDb, tenantId: number, id: number): Promise<TCustomerFull | null> =>
    (
      await db
        .select(customerSelect)
        .from(customers)
        .where(and(eq(customers.tenantId, tenantId), eq(customers.id, id)))
        .limit(1)
    )[0] ?? null,

  /** Rows for a batch action, locked so a concurrent move waits and then sees the new owner. */
  lockMany: (db: TDb, tenantId: number, ids: readonly number[]) =>
    db
      .select()
      .from(customers)
      .where(and(eq(customers.tenantId, tenantId), inArray(customers.id, [...ids])))
      .for('update'),

  /** Ids (with owners) of every customer matching a condition, for the by-condition actions. */
  idsWhere: async (db: TDb, where: SQL) =>
    (await db.select({ id: customers.id }).from(customers).where(where).orderBy(asc(customers.id))).map((r) => r.id),

  /** Id, name, owner and department of every customer matching a condition (a calling task's pick), by id. */
  cardsWhere: (db: TDb, where: SQL) =>
    db
      .select({ id: customers.id, name: customers.name, ownerId: customers.ownerId, deptId: customers.deptId })
      .from(customers)
      .where(where)
      .orderBy(asc(customers.id)),

  /** Who has this mobile in the tenant: in a pool, with an owner, or in the recycle bin. */
  findByMobile: async (db: TDb, tenantId: number, mobile: string) =>
    (
      await db
        .select({
          id: customers.id,
          ownerId: customers.ownerId,
          ownerName: nameOf(customers.ownerId),
          deletedAt: customers.deletedAt,
        })
        .from(customers)
        .where(and(eq(customers.tenantId, tenantId), eq(customers.mobile, mobile)))
        .limit(1)
    )[0] ?? null,

  insert: async (db: TDb, row: typeof customers.$inferInsert) =>
    (await db.insert(customers).values(row).returning({ id: customers.id }))[0]!.id,

  update: (db: TDb, tenantId: number, ids: readonly number[], set: Partial<typeof customers.$inferInsert>) =>
    db
      .update(customers)
      .set({ ...set, updatedAt: new Date() })
      .where(and(eq(customers.tenantId, tenantId), inArray(customers.id, [...ids]))),

  /** One more call to the customer: the count, the latest start, and the label the call showed. */
  countCall: (db: TDb, tenantId: number, customerId: number, at: Date, phoneLabel: string | null) =>
    db
      .update(customers)
      .set({
        callCount: sql`${customers.callCount} + 1`,
        // greatest() skips NULL: the first call sets it, a late record of an older call keeps it.
        lastCallAt: sql`greatest(${customers.lastCallAt}, ${at.toISOString()}::timestamptz)`,
        ...(phoneLabel ? { phoneLabel } : {}),
      })
      .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId))),

  /** Takes public-pool customers for one person; only rows still without an owner are taken. */
  claim: async (db: TDb, tenantId: number, ids: readonly number[], owner: { id: number; deptId: number | null }) =>
    (
      await db
        .update(customers)
        .set({
          ownerId: owner.id,
          deptId: owner.deptId,
          ownedAt: new Date(),
          releaseRemindedAt: null,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(customers.tenantId, tenantId),
            inArray(customers.id, [...ids]),
            isNull(customers.ownerId),
            isNull(customers.deletedAt),
          ),
        )
        .returning({ id: customers.id })
    ).map((r) => r.id),

  delete: (db: TDb, tenantId: number, ids: readonly number[]) =>
    db
      .delete(customers)
      .where(and(eq(customers.tenantId, tenantId), inArray(customers.id, [...ids]), isNotNull(customers.deletedAt))),

  /**
   * Call records outlive a purged customer (they are billed); they lose the link instead of
   * blocking the delete (their foreign key has no ON DELETE rule).
   */
  unlinkCalls: (db: TDb, tenantId: number, ids: readonly number[]) =>
    db
      .update(callRecords)
      .set({ customerId: null })
      .where(and(eq(callRecords.tenantId, tenantId), inArray(callRecords.customerId, [...ids]))),

  /** How many customers each person owns now (the maxOwned rule counts the private pool). */
  ownedCounts: async (db: TDb, tenantId: number, userIds: readonly number[]) => {
    const map = new Map<number, number>(userIds.map((u) => [u, 0]));
    if (userIds.length === 0) return map;
    const rows = await db
      .select({ ownerId: customers.ownerId, n: count() })
      .from(customers)
      .where(
        and(eq(customers.tenantId, tenantId), inArray(customers.ownerId, [...userIds]), isNull(customers.deletedAt)),
      )
      .groupBy(customers.ownerId);
    for (const r of rows) if (r.ownerId !== null) map.set(r.ownerId, r.n);
    return map;
  },

  /** Claims this person made since a moment (the daily claim limit). */
  claimsSince: async (db: TDb, tenantId: number, userId: number, since: Date) =>
    (
      await db
        .select({ n: count() })
        .from(crmOwnerLogs)
        .where(
          and(
            eq(crmOwnerLogs.tenantId, tenantId),
            eq(crmOwnerLogs.operatorId, userId),
            eq(crmOwnerLogs.action, 'claim'),
            gte(crmOwnerLogs.createdAt, since),
          ),
        )
    )[0]?.n ?? 0,

  /** When each of these customers last left this person (released, transferred or taken from him). */
  lastLeftAt: async (db: TDb, tenantId: number, userId: number, customerIds: readonly number[], since: Date) => {
    const rows = await db
      .select({ customerId: crmOwnerLogs.customerId, at: sql<Date>`max(${crmOwnerLogs.createdAt})` })
      .from(crmOwnerLogs)
      .where(
        and(
          eq(crmOwnerLogs.tenantId, tenantId),
          inArray(crmOwnerLogs.customerId, [...customerIds]),
          eq(crmOwnerLogs.fromUserId, userId),
          inArray(crmOwnerLogs.action, ['release', 'auto_release', 'transfer', 'allocate']),
          gte(crmOwnerLogs.createdAt, since),
        ),
      )
      .groupBy(crmOwnerLogs.customerId);
    return new Map(rows.map((r) => [r.customerId, new Date(r.at)]));
  },

  insertOwnerLogs: async (db: TDb, rows: TOwnerLogInsert[]) => {
    for (let i = 0; i < rows.length; i += 1000) await db.insert(crmOwnerLogs).values(rows.slice(i, i + 1000));
  },

  insertChangeLogs: async (db: TDb, rows: (typeof crmChangeLogs.$inferInsert)[]) => {
    for (let i = 0; i < rows.length; i += 1000) await db.insert(crmChangeLogs).values(rows.slice(i, i + 1000));
  },

  tags: (db: TDb, tenantId: number) =>
    db
      .select({ id: crmTags.id, name: crmTags.name, color: crmTags.color })
      .from(crmTags)
      .where(eq(crmTags.tenantId, tenantId)),

  customFields: (db: TDb, tenantId: number) =>
    db
      .select()
      .from(crmCustomFields)
      .where(eq(crmCustomFields.tenantId, tenantId))
      .orderBy(asc(crmCustomFields.sort), asc(crmCustomFields.id)),

  /** People of the tenant (not deleted) with their department, for targets and names. */
  staff: (db: TDb, tenantId: number, ids: readonly number[]) =>
    db
      .select({
        id: users.id,
        realName: users.realName,
        deptId: users.deptId,
        deptName: sql<string | null>`(select d.name from departments d where d.id = ${users.deptId})`,
        status: users.status,
      })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), inArray(users.id, [...ids]))),

  /** Active staff matching a name, inside a condition (the data scope), for the assignee picker. */
  activeStaff: (db: TDb, tenantId: number, where: SQL | undefined, keyword?: string) => {
    const conds: (SQL | undefined)[] = [eq(users.tenantId, tenantId), eq(users.status, 'active'), where];
    if (keyword) {
      const like = likeOf(keyword);
      const q = keyword.toLowerCase().replace(/\s+/g, '');
      conds.push(
        or(
          sql`${users.realName} ilike ${like}`,
          sql`${users.username} ilike ${like}`,
          ...(/^[a-z]+$/.test(q)
            ? [sql`${users.namePinyin} like ${likeOf(q)}`, sql`${users.nameInitials} like ${`${q}%`}`]
            : []),
        ),
      );
    }
    return db
      .select({ userId: users.id, realName: users.realName, deptName: departments.name })
      .from(users)
      .leftJoin(departments, eq(departments.id, users.deptId))
      .where(and(...conds))
      .orderBy(asc(users.id))
      .limit(200);
  },

  // ---- Timeline ------------------------------------------------------------------------------

  follows: (db: TDb, tenantId: number, customerId: number) =>
    db
      .select({ r: crmFollowRecords, userName: nameOf(crmFollowRecords.userId) })
      .from(crmFollowRecords)
      .where(and(eq(crmFollowRecords.tenantId, tenantId), eq(crmFollowRecords.customerId, customerId)))
      .orderBy(desc(crmFollowRecords.createdAt))
      .limit(500),

  insertFollow: async (db: TDb, row: typeof crmFollowRecords.$inferInsert) =>
    (await db.insert(crmFollowRecords).values(row).returning())[0]!,

  comments: (db: TDb, tenantId: number, customerId: number) =>
    db
      .select({ r: crmComments, userName: nameOf(crmComments.userId) })
      .from(crmComments)
      .where(and(eq(crmComments.tenantId, tenantId), eq(crmComments.customerId, customerId)))
      .orderBy(desc(crmComments.createdAt))
      .limit(500),

  insertComment: async (db: TDb, row: typeof crmComments.$inferInsert) =>
    (await db.insert(crmComments).values(row).returning())[0]!,

  visits: (db: TDb, tenantId: number, customerId: number) =>
    db
      .select({ r: crmReturnVisits, userName: nameOf(crmReturnVisits.userId) })
      .from(crmReturnVisits)
      .where(and(eq(crmReturnVisits.tenantId, tenantId), eq(crmReturnVisits.customerId, customerId)))
      .orderBy(desc(crmReturnVisits.visitAt))
      .limit(500),

  ownerLogsOf: (db: TDb, tenantId: number, customerId: number) =>
    db
      .select({
        r: crmOwnerLogs,
        operatorName: nameOf(crmOwnerLogs.operatorId),
        fromName: nameOf(crmOwnerLogs.fromUserId),
        toName: nameOf(crmOwnerLogs.toUserId),
      })
      .from(crmOwnerLogs)
      .where(and(eq(crmOwnerLogs.tenantId, tenantId), eq(crmOwnerLogs.customerId, customerId)))
      .orderBy(desc(crmOwnerLogs.createdAt))
      .limit(500),

  changesOf: (db: TDb, tenantId: number, customerId: number) =>
    db
      .select({ r: crmChangeLogs, userName: nameOf(crmChangeLogs.userId) })
      .from(crmChangeLogs)
      .where(and(eq(crmChangeLogs.tenantId, tenantId), eq(crmChangeLogs.customerId, customerId)))
      .orderBy(desc(crmChangeLogs.createdAt))
      .limit(500),

  callsOf: (db: TDb, tenantId: number, customerId: number) =>
    db
      .select({
        id: callRecords.id,
        callStatus: callRecords.callStatus,
        duration: callRecords.duration,
        startTime: callRecords.startTime,
        preRecordUrl: callRecords.preRecordUrl,
        userName: nameOf(callRecords.userId),
      })
      .from(callRecords)
      .where(and(eq(callRecords.tenantId, tenantId), eq(callRecords.customerId, customerId)))
      .orderBy(desc(callRecords.startTime))
      .limit(500),

  // ---- Owner log page --------------------------------------------------------------------------

  ownerLogPage: async (db: TDb, where: SQL, page: number, limit: number) => {
    const [total] = await db.select({ n: count() }).from(crmOwnerLogs).where(where);
    const records = await db
      .select({
        r: crmOwnerLogs,
        customerName: sql<string>`(select c.name from customers c where c.id = ${crmOwnerLogs.customerId})`,
        operatorName: nameOf(crmOwnerLogs.operatorId),
        fromName: nameOf(crmOwnerLogs.fromUserId),
        toName: nameOf(crmOwnerLogs.toUserId),
      })
      .from(crmOwnerLogs)
      .where(where)
      .orderBy(desc(crmOwnerLogs.createdAt), desc(crmOwnerLogs.id))
      .limit(limit)
      .offset((page - 1) * limit);
    return { records, total: total?.n ?? 0 };
  },

  // ---- Census ----------------------------------------------------------------------------------

  countWhere: async (db: TDb, where: SQL) => (await db.select({ n: count() }).from(customers).where(where))[0]?.n ?? 0,

  groupCount: (db: TDb, where: SQL, column: SQL) =>
    db
      .select({ key: sql<string | null>`${column}`, n: count() })
      .from(customers)
      .where(where)
      .groupBy(sql`1`)
      .orderBy(desc(count()))
      .limit(100),

  perDay: (db: TDb, table: typeof customers | typeof crmFollowRecords, where: SQL) =>
    db
      .select({
        day: sql<string>`to_char(${table.createdAt} at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`,
        n: count(),
      })
      .from(table)
      .where(where)
      .groupBy(sql`1`),

  staffNames: async (db: TDb, tenantId: number, ids: readonly number[]) =>
    new Map(
      ids.length
        ? (
            await db
              .select({ id: users.id, realName: users.realName })
              .from(users)
              .where(and(eq(users.tenantId, tenantId), inArray(users.id, [...ids])))
          ).map((u) => [u.id, u.realName])
        : [],
    ),
};
