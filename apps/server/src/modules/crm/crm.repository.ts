import { and, asc, count, desc, eq, gte, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import {
  callRecords,
  crmCustomFields,
  crmReturnVisits,
  crmSettings,
  crmTags,
  departments,
  users,
} from '../../db/schema.js';
import type { TDataScope } from '../../db/scope.js';
import { likeOf } from '../../db/sql.js';
import { activeStaffOf } from '../../db/staff.js';
import { crmChangeLogs, crmComments, crmFollowRecords, crmOwnerLogs } from './crm.schema.js';
import { nameOf } from './customer-filter.repository.js';

export type { TCustomerFull, TCustomerRow } from './customer-filter.repository.js';
export type TOwnerLogInsert = typeof crmOwnerLogs.$inferInsert;
export type TChange = { field: string; label: string; from: string; to: string };

/** The statements every CRM service shares: logs, tags, fields, staff, the settings row and the timeline. */
export const crmRepository = {
  /** The tenant's CRM rules row, if it ever saved one (crm.rules.ts supplies the defaults). */
  settings: async (db: TDb, tenantId: number) =>
    (await db.select().from(crmSettings).where(eq(crmSettings.tenantId, tenantId)))[0] ?? null,

  /** The privacy switch alone (null: the tenant never saved his rules, the defaults apply). */
  isPrivacyOn: async (db: TDb, tenantId: number) =>
    (
      await db
        .select({ isPrivacyOn: crmSettings.isPrivacyOn })
        .from(crmSettings)
        .where(eq(crmSettings.tenantId, tenantId))
    )[0]?.isPrivacyOn ?? null,

  /**
   * The settings row (if any) and the tenant's tags in one statement: what every customer view
   * needs (crm.context viewContext; one round trip of a list instead of two).
   */
  viewRules: async (db: TDb, tenantId: number) => {
    const [row] = await db
      .select({
        settings: crmSettings,
        tags: sql<{ id: number | string; name: string; color: string }[]>`coalesce((select json_agg(json_build_object(
          'id', t.id, 'name', t.name, 'color', t.color)) from ${crmTags} t where t.tenant_id = ${tenantId}), '[]'::json)`,
      })
      .from(sql`(select 1) as one`)
      .leftJoin(crmSettings, eq(crmSettings.tenantId, tenantId));
    return { settings: row?.settings ?? null, tags: row?.tags ?? [] };
  },

  /** Locks the person's row: one claim at a time per person (the daily limit). */
  lockPerson: (db: TDb, tenantId: number, userId: number) =>
    db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.tenantId, tenantId)))
      .for('update'),

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

  /** Active staff inside the data scope matching a name, for the assignee picker. */
  activeStaff: (db: TDb, tenantId: number, scope: TDataScope, keyword?: string) => {
    const conds: (SQL | undefined)[] = [activeStaffOf(tenantId, scope)];
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
      .leftJoin(departments, and(eq(departments.tenantId, users.tenantId), eq(departments.id, users.deptId)))
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
