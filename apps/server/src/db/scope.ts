import { eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Which rows of its tenant a user may see (DESIGN.md section 4), resolved once per request
 * by the org service (`org.dataScopeOf(auth)`): everything, or the rows he owns plus the rows of a
 * set of departments (the union over his active roles).
 */
export type TDataScope =
  | { kind: 'all' }
  | {
      kind: 'limited';
      /** His own rows are always his. */
      userId: number;
      /** Departments whose rows he sees; empty = only his own rows. */
      deptIds: readonly number[];
    };

/**
 * The data-scope condition for a list query, given the table's owner-user column and/or its
 * department column. Returns undefined for 'all' (drizzle's `and()` skips it). Combine it with the
 * tenant filter: `and(eq(t.tenantId, auth.tenantId), scopeCondition(scope, { owner: t.ownerId, dept: t.deptId }))`.
 * With only an owner column, the owner's current department decides; with only a department
 * column, rows of other departments stay hidden even from their owner.
 */
export const scopeCondition = (
  scope: TDataScope,
  columns: { owner?: AnyPgColumn; dept?: AnyPgColumn },
): SQL | undefined => {
  if (scope.kind === 'all') return undefined;
  const { owner, dept } = columns;
  if (!owner && !dept) throw new Error('scopeCondition needs an owner or a department column');
  const conds: SQL[] = [];
  if (owner) conds.push(eq(owner, scope.userId));
  if (scope.deptIds.length > 0) {
    if (dept) conds.push(inArray(dept, [...scope.deptIds]));
    else if (owner) {
      conds.push(
        sql`${owner} in (select u.id from users u where u.dept_id in (${sql.join(
          scope.deptIds.map((d) => sql`${d}`),
          sql`, `,
        )}))`,
      );
    }
  }
  return conds.length === 0 ? sql`false` : or(...conds)!;
};

/** Whether a row with this owner and department is inside the scope (record-level checks in services). */
export const isInScope = (scope: TDataScope, row: { ownerId?: number | null; deptId?: number | null }): boolean =>
  scope.kind === 'all' ||
  (row.ownerId != null && row.ownerId === scope.userId) ||
  (row.deptId != null && scope.deptIds.includes(row.deptId));
