import { and, asc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { TDb } from './client.js';
import { hasRow } from './first.js';
import { departments, roles, userRoles, users } from './schema.js';
import { isInScope, scopeCondition, type TDataScope } from './scope.js';
import { likeOf } from './sql.js';

// The staff questions several areas ask of their lists and pickers (seats, numbers, calling
// settings): who may be picked, and the name filter. Here, not in one area, because those lists
// join staff row by row and neither area should reach into the other for it.

/** Name, login name, mobile or pinyin of a person, whole or part. */
export const staffNameMatch = (text: string): SQL => {
  const q = text.toLowerCase().replace(/\s+/g, '');
  return or(
    ilike(users.realName, likeOf(text)),
    ilike(users.username, likeOf(text)),
    sql`${users.mobile} like ${likeOf(text)}`,
    ...(/^[a-z]+$/.test(q) ? [sql`${users.namePinyin} like ${likeOf(q)}`] : []),
  )!;
};

/**
 * The tenant's active staff, inside the data scope when one is given: the people a picker or a list
 * of staff offers (a disabled or deleted person is never offered).
 */
export const activeStaffOf = (tenantId: number, scope?: TDataScope): SQL =>
  and(
    eq(users.tenantId, tenantId),
    eq(users.status, 'active'),
    scope && scopeCondition(scope, { owner: users.id, dept: users.deptId }),
  )!;

/** Active staff of the tenant within the data scope, for the pickers. */
export const staffOptions = (db: TDb, tenantId: number, scope: TDataScope, keyword?: string) =>
  db
    .select({ id: users.id, realName: users.realName, username: users.username, deptName: departments.name })
    .from(users)
    .leftJoin(departments, and(eq(departments.tenantId, users.tenantId), eq(departments.id, users.deptId)))
    .where(and(activeStaffOf(tenantId, scope), keyword ? staffNameMatch(keyword) : undefined))
    .orderBy(asc(users.jobNumber), asc(users.id))
    .limit(200);

/**
 * Of `ids`, the active staff members of the tenant inside the data scope. A change naming anyone
 * else answers "not found" in its area, so nobody learns about people he may not see.
 */
export const visibleActiveStaff = async (db: TDb, tenantId: number, scope: TDataScope, ids: readonly number[]) => {
  const rows = await db
    .select({ id: users.id, deptId: users.deptId, realName: users.realName })
    .from(users)
    .where(and(activeStaffOf(tenantId), inArray(users.id, [...ids])));
  return rows.filter((r) => isInScope(scope, { ownerId: r.id, deptId: r.deptId }));
};

/** Whether a sign-in name (case aside) or a mobile is anyone's already, in any tenant. */
export const isAccountTaken = (db: TDb, username: string, mobile: string) =>
  hasRow(
    db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username}) or ${users.mobile} = ${mobile}`),
  );

/**
 * The permission strings of a person's active roles (a string two roles share may come twice: no
 * DISTINCT, its sort by the collation was most of a session's look-up) and whether one of them is
 * the administrator's: who he is allowed to be, for a session and for the keys he made.
 */
export const rolePermissionsOf = (userId: SQL | typeof users.id) => ({
  permissions: sql<string[]>`coalesce((select array_agg(p) from ${userRoles} ur
    join ${roles} r on r.tenant_id = ur.tenant_id and r.id = ur.role_id and r.status = 'active', unnest(r.permissions) p
    where ur.user_id = ${userId}), '{}')`,
  isAdmin: sql<boolean>`exists (select 1 from ${userRoles} ur join ${roles} r on r.tenant_id = ur.tenant_id and r.id = ur.role_id
    where ur.user_id = ${userId} and r.status = 'active' and r.is_admin)`,
});
