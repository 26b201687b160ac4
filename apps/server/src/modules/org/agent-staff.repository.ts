import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { firstRow } from '../../db/first.js';
import { departments, roles, tenants, userRoles, users } from './org.schema.js';

/** What the agent's staff and role screens read besides the staff and role repositories. */
export const agentStaffRepository = {
  /** The kind of a tenant ('agent', 'enterprise'); read past the tenant wall by the caller. */
  tenantKind: async (db: TDb, tenantId: number) =>
    (
      await db.select({ kind: tenants.kind, isSuper: tenants.isSuper }).from(tenants).where(eq(tenants.id, tenantId))
    )[0],

  /** The agent's one department: its root, made with the agent (org/agent-tenant.ts). */
  rootDeptId: async (db: TDb, tenantId: number) =>
    (
      await firstRow(
        db
          .select({ id: departments.id })
          .from(departments)
          .where(and(eq(departments.tenantId, tenantId), isNull(departments.parentId), isNull(departments.deletedAt)))
          .orderBy(asc(departments.id)),
      )
    )?.id ?? null,

  /** The strings of the active roles held by some users (not deleted) of the tenant. */
  permissionsOfUsers: async (db: TDb, tenantId: number, userIds: readonly number[]) => {
    if (userIds.length === 0) return [];
    const rows = await db
      .select({ permissions: roles.permissions })
      .from(userRoles)
      .innerJoin(roles, and(eq(roles.tenantId, userRoles.tenantId), eq(roles.id, userRoles.roleId)))
      .innerJoin(users, and(eq(users.tenantId, userRoles.tenantId), eq(users.id, userRoles.userId)))
      .where(
        and(
          eq(userRoles.tenantId, tenantId),
          inArray(userRoles.userId, [...userIds]),
          eq(roles.status, 'active'),
          ne(users.status, 'deleted'),
        ),
      );
    return [...new Set(rows.flatMap((r) => r.permissions))];
  },
};
