import { and, asc, eq, ilike, inArray, ne, sql } from 'drizzle-orm';
import { rowsByKeys } from '../../db/by-keys.js';
import type { TDb } from '../../db/client.js';
import { firstRow, hasRow } from '../../db/first.js';
import { likeOf } from '../../db/sql.js';
import { tenantRowIs } from '../../db/tenant-rows.js';
import { roleDepts, roles, userRoles, users } from './org.schema.js';

/** People holding a role: everyone but deleted accounts. */
const holders = sql`(select count(*)::int from user_roles ur join users u on u.tenant_id = ur.tenant_id and u.id = ur.user_id
  where ur.role_id = "roles"."id" and u.status <> 'deleted')`;

const roleColumns = {
  id: roles.id,
  name: roles.name,
  remark: roles.remark,
  dataScope: roles.dataScope,
  isAdmin: roles.isAdmin,
  status: roles.status,
  permissions: roles.permissions,
  createdAt: roles.createdAt,
  userCount: sql<number>`${holders}`,
};

/** What a role grants its holders, for the checks of an assignment and the import. */
const grantColumns = {
  id: roles.id,
  name: roles.name,
  isAdmin: roles.isAdmin,
  status: roles.status,
  dataScope: roles.dataScope,
};

export const roleRepository = {
  list: (db: TDb, tenantId: number, f: { name?: string; status?: string }) => {
    const conds = [eq(roles.tenantId, tenantId)];
    if (f.name) conds.push(ilike(roles.name, likeOf(f.name)));
    if (f.status) conds.push(eq(roles.status, f.status));
    return db
      .select(roleColumns)
      .from(roles)
      .where(and(...conds))
      .orderBy(asc(roles.id));
  },

  find: (db: TDb, tenantId: number, id: number) =>
    firstRow(
      db
        .select(roleColumns)
        .from(roles)
        .where(tenantRowIs(roles, tenantId, id)),
    ),

  findMany: (db: TDb, tenantId: number, ids: readonly number[]) =>
    rowsByKeys(ids, (keys) =>
      db
        .select(grantColumns)
        .from(roles)
        .where(and(eq(roles.tenantId, tenantId), inArray(roles.id, keys))),
    ),

  /** Every role of the tenant by name (the import matches role names). */
  byName: async (db: TDb, tenantId: number) =>
    new Map((await db.select(grantColumns).from(roles).where(eq(roles.tenantId, tenantId))).map((r) => [r.name, r])),

  nameTaken: async (db: TDb, tenantId: number, name: string, exceptId?: number) => {
    const conds = [eq(roles.tenantId, tenantId), eq(roles.name, name)];
    if (exceptId) conds.push(ne(roles.id, exceptId));
    return hasRow(
      db
        .select({ id: roles.id })
        .from(roles)
        .where(and(...conds)),
    );
  },

  insert: async (db: TDb, row: typeof roles.$inferInsert) => (await db.insert(roles).values(row).returning())[0]!,

  /** Inserts the roles whose name the tenant does not use yet (roles_tenant_name_idx); others are left alone. */
  insertMissing: async (db: TDb, rows: (typeof roles.$inferInsert)[]) => {
    if (rows.length > 0) await db.insert(roles).values(rows).onConflictDoNothing();
  },

  /** The tenant's first administrator role. */
  adminRoleOf: async (db: TDb, tenantId: number) =>
    (
      await firstRow(
        db
          .select({ id: roles.id })
          .from(roles)
          .where(and(eq(roles.tenantId, tenantId), eq(roles.isAdmin, true)))
          .orderBy(asc(roles.id)),
      )
    )?.id ?? null,

  update: (db: TDb, tenantId: number, id: number, set: Partial<typeof roles.$inferInsert>) =>
    db
      .update(roles)
      .set(set)
      .where(tenantRowIs(roles, tenantId, id)),

  delete: (db: TDb, tenantId: number, id: number) => db.delete(roles).where(tenantRowIs(roles, tenantId, id)),

  userCount: async (db: TDb, tenantId: number, id: number) =>
    (
      await db
        .select({ n: sql<number>`${holders}` })
        .from(roles)
        .where(tenantRowIs(roles, tenantId, id))
    )[0]?.n ?? 0,

  deptIds: async (db: TDb, tenantId: number, roleIds: readonly number[]) =>
    roleIds.length === 0
      ? []
      : (
          await db
            .selectDistinct({ deptId: roleDepts.deptId })
            .from(roleDepts)
            .where(and(eq(roleDepts.tenantId, tenantId), inArray(roleDepts.roleId, [...roleIds])))
        ).map((r) => r.deptId),

  replaceDepts: async (db: TDb, tenantId: number, roleId: number, deptIds: readonly number[]) => {
    await db.delete(roleDepts).where(and(eq(roleDepts.tenantId, tenantId), eq(roleDepts.roleId, roleId)));
    if (deptIds.length > 0) {
      await db.insert(roleDepts).values(deptIds.map((deptId) => ({ roleId, deptId, tenantId })));
    }
  },

  /** The active roles a user holds, with what data scope resolution needs. */
  activeRolesOf: (db: TDb, tenantId: number, userId: number) =>
    db
      .select({ id: roles.id, dataScope: roles.dataScope, isAdmin: roles.isAdmin })
      .from(userRoles)
      .innerJoin(roles, and(eq(roles.tenantId, userRoles.tenantId), eq(roles.id, userRoles.roleId)))
      .where(and(eq(userRoles.tenantId, tenantId), eq(userRoles.userId, userId), eq(roles.status, 'active'))),

  /** The people (not deleted) holding a role: whose data scope a change of the role changes. */
  holderIds: async (db: TDb, tenantId: number, roleId: number) =>
    (
      await db
        .select({ id: users.id })
        .from(userRoles)
        .innerJoin(users, and(eq(users.tenantId, userRoles.tenantId), eq(users.id, userRoles.userId)))
        .where(and(eq(userRoles.tenantId, tenantId), eq(userRoles.roleId, roleId), ne(users.status, 'deleted')))
    ).map((r) => r.id),

  /** The departments of some users of the tenant (data scope resolution of people other than the caller). */
  deptsOfUsers: (db: TDb, tenantId: number, userIds: readonly number[]) =>
    rowsByKeys(userIds, (ids) =>
      db
        .select({ id: users.id, deptId: users.deptId })
        .from(users)
        .where(and(eq(users.tenantId, tenantId), inArray(users.id, ids))),
    ),
};
