import { and, asc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { isInScope, scopeCondition, type TDataScope } from '../../db/scope.js';
import { likeOf } from '../../db/sql.js';
import { departments, users } from '../org/org.schema.js';
import { seatErrors } from './seat.errors.js';

// The staff questions of the seat, number and calling screens: who may be picked, and the name
// filter of their lists. Staff are read here (not through the org service) because these lists
// join them row by row.

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

/** Active staff of the tenant within the data scope, for the pickers. */
export const staffOptions = (db: TDb, tenantId: number, scope: TDataScope, keyword?: string) =>
  db
    .select({ id: users.id, realName: users.realName, username: users.username, deptName: departments.name })
    .from(users)
    .leftJoin(departments, eq(departments.id, users.deptId))
    .where(
      and(
        eq(users.tenantId, tenantId),
        eq(users.status, 'active'),
        scopeCondition(scope, { owner: users.id, dept: users.deptId }),
        keyword ? staffNameMatch(keyword) : undefined,
      ),
    )
    .orderBy(asc(users.jobNumber), asc(users.id))
    .limit(200);

/**
 * The active staff members of the tenant a change names, all inside the person's data scope;
 * any other id answers "not found", so nobody learns about people he may not see.
 */
export const requireStaff = async (db: TDb, tenantId: number, scope: TDataScope, ids: readonly number[]) => {
  const rows = await db
    .select({ id: users.id, deptId: users.deptId, realName: users.realName })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, [...ids]), eq(users.status, 'active')));
  const visible = rows.filter((r) => isInScope(scope, { ownerId: r.id, deptId: r.deptId }));
  if (visible.length !== new Set(ids).size) throw seatErrors.staffMissing();
  return visible;
};
