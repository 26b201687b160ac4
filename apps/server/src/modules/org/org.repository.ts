import { and, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { firstRow, hasRow } from '../../db/first.js';
import { tenantRowIs } from '../../db/tenant-rows.js';
import { departments, roles, tenants, userRoles, users } from './org.schema.js';

export const orgRepository = {
  findUser: (db: TDb, tenantId: number, userId: number) =>
    firstRow(
      db
        .select({ user: users, tenant: tenants, deptName: departments.name })
        .from(users)
        .innerJoin(tenants, eq(tenants.id, users.tenantId))
        .leftJoin(departments, and(eq(departments.tenantId, users.tenantId), eq(departments.id, users.deptId)))
        .where(tenantRowIs(users, tenantId, userId)),
    ),

  roleNamesOf: async (db: TDb, tenantId: number, userId: number) =>
    (
      await db
        .select({ name: roles.name })
        .from(userRoles)
        .innerJoin(roles, and(eq(roles.tenantId, userRoles.tenantId), eq(roles.id, userRoles.roleId)))
        .where(and(eq(userRoles.tenantId, tenantId), eq(userRoles.userId, userId)))
    ).map((r) => r.name),

  updateUser: (db: TDb, tenantId: number, userId: number, set: Partial<typeof users.$inferInsert>) =>
    db
      .update(users)
      .set(set)
      .where(tenantRowIs(users, tenantId, userId)),

  mobileTaken: (db: TDb, mobile: string) =>
    hasRow(db.select({ id: users.id }).from(users).where(eq(users.mobile, mobile))),

  insertTenant: async (db: TDb, row: typeof tenants.$inferInsert) =>
    (await db.insert(tenants).values(row).returning())[0]!,

  insertDepartment: async (db: TDb, row: typeof departments.$inferInsert) =>
    (await db.insert(departments).values(row).returning())[0]!,

  insertUser: async (db: TDb, row: typeof users.$inferInsert) => (await db.insert(users).values(row).returning())[0]!,

  grantRole: (db: TDb, row: typeof userRoles.$inferInsert) => db.insert(userRoles).values(row),

  /** The agent an invitation code names, or null. */
  agentOfInviteCode: (db: TDb, code: string) =>
    firstRow(
      db
        .select({ id: tenants.id, status: tenants.status })
        .from(tenants)
        .where(and(eq(tenants.inviteCode, code), eq(tenants.kind, 'agent'))),
    ),

  inviteCodeTaken: (db: TDb, code: string) =>
    hasRow(db.select({ id: tenants.id }).from(tenants).where(eq(tenants.inviteCode, code))),

  tenantCodeTaken: (db: TDb, code: string) =>
    hasRow(db.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, code))),

  /** Next job number of a tenant: 4 digits, counting its users. */
  nextJobNumber: async (db: TDb, tenantId: number) => {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.tenantId, tenantId));
    return String((row?.n ?? 0) + 1).padStart(4, '0');
  },
};
