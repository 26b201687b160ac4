import type { TDb } from '../../db/client.js';
import type { TDataScope } from '../../db/scope.js';
import type { TAuth } from '../../http/context.js';
import { deptRepository } from './dept.repository.js';
import { roleRepository } from './role.repository.js';

/**
 * Resolves who may see what (issue 3): the union over the user's active roles of
 * all (also any administrator role, and the platform operator) / own department and below /
 * own department / self only / the role's chosen departments (exactly those).
 * A user always sees his own rows; a user without a department gets nothing from
 * department-relative scopes.
 */
export const resolveDataScope = async (db: TDb, auth: TAuth): Promise<TDataScope> => {
  if (auth.isSuper || auth.isAdmin) return { kind: 'all' };
  const roles = await roleRepository.activeRolesOf(db, auth.tenantId, auth.userId);
  if (roles.some((r) => r.isAdmin || r.dataScope === 'all')) return { kind: 'all' };
  const deptIds = new Set<number>();
  if (auth.deptId !== null) {
    if (roles.some((r) => r.dataScope === 'dept_and_below')) {
      for (const id of await deptRepository.withDescendants(db, auth.tenantId, [auth.deptId])) deptIds.add(id);
    } else if (roles.some((r) => r.dataScope === 'dept')) {
      deptIds.add(auth.deptId);
    }
  }
  const custom = roles.filter((r) => r.dataScope === 'custom').map((r) => r.id);
  for (const id of await roleRepository.deptIds(db, auth.tenantId, custom)) deptIds.add(id);
  return { kind: 'limited', userId: auth.userId, deptIds: [...deptIds].sort((a, b) => a - b) };
};
