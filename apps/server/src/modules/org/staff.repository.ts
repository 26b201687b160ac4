import { and, asc, count, desc, eq, exists, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { TDatabase, TDb } from '../../db/client.js';
import { firstRow } from '../../db/first.js';
import { pageOf } from '../../db/page.js';
import { scopeCondition, type TDataScope } from '../../db/scope.js';
import { likeOf } from '../../db/sql.js';
import { activeStaffOf } from '../../db/staff.js';
import { withTenant } from '../../db/tenant.js';
import { tenantRowIs } from '../../db/tenant-rows.js';
import { batchedRows } from '../../http/xlsx-stream.js';
import { departments, roles, userRoles, users } from './org.schema.js';

export type TStaffWhere = {
  statuses: readonly string[];
  name?: string;
  mobile?: string;
  /** Resolved department ids (with children when asked). */
  deptIds?: readonly number[];
  roleId?: number;
  scope: TDataScope;
};

const staffWhere = (tenantId: number, w: TStaffWhere): SQL => {
  const conds: (SQL | undefined)[] = [
    eq(users.tenantId, tenantId),
    inArray(users.status, [...w.statuses]),
    scopeCondition(w.scope, { owner: users.id, dept: users.deptId }),
  ];
  if (w.name) {
    const q = w.name.toLowerCase().replace(/\s+/g, '');
    conds.push(
      or(
        ilike(users.realName, likeOf(w.name)),
        ilike(users.username, likeOf(w.name)),
        ...(/^[a-z]+$/.test(q)
          ? [sql`${users.namePinyin} like ${likeOf(q)}`, sql`${users.nameInitials} like ${`${q.replace(/_/g, '')}%`}`]
          : []),
      ),
    );
  }
  if (w.mobile) conds.push(sql`${users.mobile} like ${likeOf(w.mobile)}`);
  if (w.deptIds) conds.push(w.deptIds.length ? inArray(users.deptId, [...w.deptIds]) : sql`false`);
  if (w.roleId) {
    conds.push(
      exists(
        sql`(select 1 from user_roles ur where ur.user_id = "users"."id" and ur.role_id = ${w.roleId} and ur.tenant_id = ${tenantId})`,
      ),
    );
  }
  return and(...conds)!;
};

const staffColumns = {
  id: users.id,
  username: users.username,
  realName: users.realName,
  mobile: users.mobile,
  jobNumber: users.jobNumber,
  deptId: users.deptId,
  deptName: departments.name,
  status: users.status,
  billingEnabled: users.billingEnabled,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
  examineReason: users.examineReason,
  examinedAt: users.examinedAt,
  roles: sql<
    { id: number; name: string }[]
  >`coalesce((select json_agg(json_build_object('id', r.id, 'name', r.name) order by r.id)
    from user_roles ur join roles r on r.tenant_id = ur.tenant_id and r.id = ur.role_id where ur.user_id = "users"."id"), '[]'::json)`,
};

export type TStaffRow = NonNullable<Awaited<ReturnType<typeof staffRepository.find>>>;

const selectStaff = (db: TDb) =>
  db
    .select(staffColumns)
    .from(users)
    .leftJoin(departments, and(eq(departments.tenantId, users.tenantId), eq(departments.id, users.deptId)));

export const staffRepository = {
  page: async (db: TDb, tenantId: number, w: TStaffWhere, page: number, limit: number) => {
    const where = staffWhere(tenantId, w);
    return pageOf(
      db.select({ n: count() }).from(users).where(where),
      selectStaff(db).where(where).orderBy(desc(users.id)).$dynamic(),
      { page, limit },
    );
  },

  /** Batches for a streamed export, in a stable order. */
  batch: (db: TDb, tenantId: number, w: TStaffWhere, offset: number, size: number) =>
    selectStaff(db).where(staffWhere(tenantId, w)).orderBy(asc(users.id)).limit(size).offset(offset),

  /**
   * The filtered staff for a download, read after the request's transaction: each batch of 1,000
   * in a short tenant transaction of its own.
   */
  exportRows: (database: TDatabase, tenantId: number, w: TStaffWhere) =>
    batchedRows((offset) =>
      withTenant(database, tenantId, (tx) => staffRepository.batch(tx, tenantId, w, offset, 1000)),
    ),

  /** A person of the tenant (any status but deleted). */
  find: (db: TDb, tenantId: number, id: number) =>
    firstRow(selectStaff(db).where(and(eq(users.tenantId, tenantId), eq(users.id, id), ne(users.status, 'deleted')))),

  /** What the detail shows beyond the list's columns. */
  detailExtra: (db: TDb, tenantId: number, id: number) =>
    firstRow(
      db
        .select({ headUrl: users.headUrl, mustChangePassword: users.mustChangePassword })
        .from(users)
        .where(tenantRowIs(users, tenantId, id)),
    ),

  findMany: (db: TDb, tenantId: number, ids: readonly number[]) =>
    db
      .select({ id: users.id, deptId: users.deptId, status: users.status })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), inArray(users.id, [...ids]), ne(users.status, 'deleted'))),

  /** Who holds the account name or the mobile, across the platform (both sign in, so both are unique). */
  holderOf: async (db: TDb, by: { username?: string; mobile?: string }, exceptId?: number) => {
    const conds: SQL[] = [];
    if (by.username) conds.push(sql`lower(${users.username}) = lower(${by.username})`);
    if (by.mobile) conds.push(eq(users.mobile, by.mobile));
    if (conds.length === 0) return null;
    const where = exceptId ? and(or(...conds), ne(users.id, exceptId)) : or(...conds);
    return firstRow(db.select({ username: users.username, mobile: users.mobile }).from(users).where(where));
  },

  /** Which of these accounts and mobiles are already used anywhere on the platform. */
  takenAmong: async (db: TDb, usernames: string[], mobiles: string[]) => {
    const lower = usernames.map((u) => u.toLowerCase());
    const rows = await db
      .select({ username: sql<string>`lower(${users.username})`, mobile: users.mobile })
      .from(users)
      .where(
        or(
          lower.length ? inArray(sql`lower(${users.username})`, lower) : sql`false`,
          mobiles.length ? inArray(users.mobile, mobiles) : sql`false`,
        ),
      );
    return { usernames: new Set(rows.map((r) => r.username)), mobiles: new Set(rows.map((r) => r.mobile)) };
  },

  insert: async (db: TDb, row: typeof users.$inferInsert) => (await db.insert(users).values(row).returning())[0]!,

  update: (db: TDb, tenantId: number, ids: readonly number[], set: Partial<typeof users.$inferInsert>) =>
    db
      .update(users)
      .set(set)
      .where(and(eq(users.tenantId, tenantId), inArray(users.id, [...ids]))),

  /**
   * Deleted accounts stay (call records and customers point at them) but free their account name
   * and mobile for someone else, and lose their roles.
   */
  softDelete: async (db: TDb, tenantId: number, ids: readonly number[]) => {
    await db
      .update(users)
      .set({
        status: 'deleted',
        deletedAt: new Date(),
        username: sql`${users.username} || '#del' || ${users.id}`,
        mobile: sql`'del' || ${users.id} || ':' || ${users.mobile}`,
        wechatOpenid: null,
      })
      .where(and(eq(users.tenantId, tenantId), inArray(users.id, [...ids])));
    await db.delete(userRoles).where(and(eq(userRoles.tenantId, tenantId), inArray(userRoles.userId, [...ids])));
  },

  setRoles: async (db: TDb, tenantId: number, userIds: readonly number[], roleIds: readonly number[]) => {
    await db.delete(userRoles).where(and(eq(userRoles.tenantId, tenantId), inArray(userRoles.userId, [...userIds])));
    const rows = userIds.flatMap((userId) => roleIds.map((roleId) => ({ userId, roleId, tenantId })));
    if (rows.length > 0) await db.insert(userRoles).values(rows);
  },

  /** Users of the tenant who named a pinyin-less name (written by paths that do not set it). */
  withoutPinyin: (db: TDb, tenantId: number) =>
    db
      .select({ id: users.id, realName: users.realName })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.namePinyin, ''), ne(users.realName, ''))),

  /** Writes computed pinyin for many people at once: one statement per 1,000 rather than one per person. */
  setPinyin: async (
    db: TDb,
    tenantId: number,
    rows: readonly { id: number; namePinyin: string; nameInitials: string }[],
  ) => {
    for (let i = 0; i < rows.length; i += 1000) {
      const values = rows
        .slice(i, i + 1000)
        .map((r) => sql`(${r.id}::bigint, ${r.namePinyin}::text, ${r.nameInitials}::text)`);
      await db.execute(sql`update users u set name_pinyin = v.p, name_initials = v.i
        from (values ${sql.join(values, sql`, `)}) as v(id, p, i)
        where u.id = v.id and u.tenant_id = ${tenantId}`);
    }
  },

  userCount: async (db: TDb, tenantId: number) =>
    (await db.select({ n: count() }).from(users).where(eq(users.tenantId, tenantId)))[0]?.n ?? 0,

  /** Inserts users, skipping any whose account or mobile is taken meanwhile; answers the inserted ones. */
  insertUsersSkippingTaken: (db: TDb, rows: (typeof users.$inferInsert)[]) =>
    rows.length
      ? db.insert(users).values(rows).onConflictDoNothing().returning({ id: users.id, mobile: users.mobile })
      : Promise.resolve([]),

  grantRoles: (db: TDb, rows: (typeof userRoles.$inferInsert)[]) =>
    rows.length ? db.insert(userRoles).values(rows).onConflictDoNothing() : Promise.resolve(),
};

/**
 * The enterprise's active administrators (an active person holding an active administrator role):
 * notices and SMS meant for "the enterprise" reach them.
 */
export const activeAdministrators = (db: TDb, tenantId: number) =>
  db
    .selectDistinct({ userId: users.id, mobile: users.mobile })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.tenantId, users.tenantId), eq(userRoles.userId, users.id)))
    .innerJoin(roles, and(eq(roles.tenantId, userRoles.tenantId), eq(roles.id, userRoles.roleId)))
    .where(and(activeStaffOf(tenantId), eq(roles.isAdmin, true), eq(roles.status, 'active')));

/** Which of these users hold an active administrator role. */
export const adminHoldersAmong = async (db: TDb, tenantId: number, ids: readonly number[]) =>
  ids.length === 0
    ? []
    : (
        await db
          .selectDistinct({ userId: userRoles.userId })
          .from(userRoles)
          .innerJoin(roles, and(eq(roles.tenantId, userRoles.tenantId), eq(roles.id, userRoles.roleId)))
          .where(and(eq(userRoles.tenantId, tenantId), inArray(userRoles.userId, [...ids]), eq(roles.isAdmin, true)))
      ).map((r) => r.userId);
