import { dataScopeLabel, type TDataScopeKind } from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import type { TDataScope } from '../../db/scope.js';
import type { TAuth } from '../../http/context.js';
import { deptRepository } from './dept.repository.js';
import { orgErrors } from './org.errors.js';
import { roleRepository } from './role.repository.js';

type TScopeRole = { id: number; dataScope: string; isAdmin: boolean };

/**
 * The data scope of a holder of these (active) roles in this department: the union of
 * all (also any administrator role) / own department and below / own department / self only /
 * the role's chosen departments (exactly those). A user always sees his own rows; a user without
 * a department gets nothing from department-relative scopes.
 */
export const scopeOfRoles = async (
  db: TDb,
  tenantId: number,
  holder: { userId: number; deptId: number | null },
  roles: readonly TScopeRole[],
): Promise<TDataScope> => {
  if (roles.some((r) => r.isAdmin || r.dataScope === 'all')) return { kind: 'all' };
  const deptIds = new Set<number>();
  if (holder.deptId !== null) {
    if (roles.some((r) => r.dataScope === 'dept_and_below')) {
      for (const id of await deptRepository.withDescendants(db, tenantId, [holder.deptId])) deptIds.add(id);
    } else if (roles.some((r) => r.dataScope === 'dept')) {
      deptIds.add(holder.deptId);
    }
  }
  const custom = roles.filter((r) => r.dataScope === 'custom').map((r) => r.id);
  for (const id of await roleRepository.deptIds(db, tenantId, custom)) deptIds.add(id);
  return { kind: 'limited', userId: holder.userId, deptIds: [...deptIds].sort((a, b) => a - b) };
};

/** Who may see what: the signed-in user's scope (the platform operator and administrators see all). */
export const resolveDataScope = async (db: TDb, auth: TAuth): Promise<TDataScope> => {
  if (auth.isSuper || auth.isAdmin) return { kind: 'all' };
  const roles = await roleRepository.activeRolesOf(db, auth.tenantId, auth.userId);
  return scopeOfRoles(db, auth.tenantId, { userId: auth.userId, deptId: auth.deptId }, roles);
};

/**
 * The signed-in user's scope from the columns read beside his session (migration 0061's
 * session_entering writes this rule in SQL; auth.session.test holds it to resolveDataScope): the
 * same answer as resolveDataScope, without its queries.
 */
export const scopeFromColumns = (
  auth: TAuth,
  row: { scope_all: boolean; scope_depts: readonly (string | number)[] },
): TDataScope =>
  auth.isSuper || auth.isAdmin || row.scope_all
    ? { kind: 'all' }
    : {
        kind: 'limited',
        userId: auth.userId,
        deptIds: [...new Set(row.scope_depts.map(Number))].sort((a, b) => a - b),
      };

/** The current scopes of some users, read in the caller's transaction (to compare before and after a change). */
export const scopesOfUsers = async (
  db: TDb,
  tenantId: number,
  userIds: readonly number[],
): Promise<Map<number, TDataScope>> => {
  const out = new Map<number, TDataScope>();
  for (const u of await roleRepository.deptsOfUsers(db, tenantId, userIds)) {
    const roles = await roleRepository.activeRolesOf(db, tenantId, u.id);
    out.set(u.id, await scopeOfRoles(db, tenantId, { userId: u.id, deptId: u.deptId }, roles));
  }
  return out;
};

/*
 * "Wider", for a grantor who is not an administrator:
 * (a) a role's own scope is wider than his when it stands higher on the ladder
 *     all > dept_and_below > dept > self than the highest step of his own active roles (a
 *     department-relative step counts only if he has a department), or when it is 'custom' with a
 *     department he does not see himself; an administrator role is wider than any limited scope;
 * (b) a change (role given, department moved, role rewritten or re-enabled) widens when anyone it
 *     touches would afterwards see a department (or everything) he did not see before and the
 *     grantor does not see either.
 * Both are checked: (a) on every role newly given or rewritten, (b) over everyone affected.
 */
const ladder: Record<string, number> = { self: 0, dept: 1, dept_and_below: 2, all: 3 };

export type TGrantor = { scope: TDataScope; step: number };

/** The grantor's own reach: his resolved scope and his highest step on the ladder. */
export const grantorOf = async (db: TDb, auth: TAuth): Promise<TGrantor> => {
  if (auth.isSuper || auth.isAdmin) return { scope: { kind: 'all' }, step: ladder.all! };
  const roles = await roleRepository.activeRolesOf(db, auth.tenantId, auth.userId);
  const scope = await scopeOfRoles(db, auth.tenantId, { userId: auth.userId, deptId: auth.deptId }, roles);
  if (scope.kind === 'all') return { scope, step: ladder.all! };
  const steps = roles.map((r) => ladder[r.dataScope] ?? 0).filter((s) => auth.deptId !== null || s === 0);
  return { scope, step: Math.max(0, ...steps) };
};

/** Why a role's own scope is wider than the grantor's (rule a), or null when it is not. */
export const roleScopeExcess = (
  grantor: TGrantor,
  role: { name: string; dataScope: string; isAdmin: boolean; deptIds: readonly number[] },
): string | null => {
  const { scope } = grantor;
  if (scope.kind === 'all') return null;
  const label = dataScopeLabel[role.dataScope as TDataScopeKind] ?? role.dataScope;
  const wider = `角色「${role.name}」的数据权限（${role.isAdmin ? '管理员' : label}）超出您自己的数据权限`;
  if (role.isAdmin || role.dataScope === 'all') return wider;
  if (role.dataScope === 'custom') {
    return role.deptIds.every((d) => scope.deptIds.includes(d))
      ? null
      : `角色「${role.name}」的指定部门超出您自己的数据权限，只能选择您能看到的部门`;
  }
  return (ladder[role.dataScope] ?? 0) > grantor.step ? wider : null;
};

/** Whether someone's scope after a change reaches data that neither he (before) nor the grantor sees (rule b). */
export const widensBeyond = (grantor: TGrantor, before: TDataScope | undefined, after: TDataScope): boolean => {
  const { scope } = grantor;
  if (scope.kind === 'all') return false;
  if (before?.kind === 'all') return false;
  if (after.kind === 'all') return true;
  const had = new Set(before?.deptIds ?? []);
  return after.deptIds.some((d) => !had.has(d) && !scope.deptIds.includes(d));
};

/**
 * Runs a change of people's roles or departments (or of a role they hold) in the caller's
 * transaction and, for a non-administrator, refuses it (the transaction rolls back) when anyone it
 * touches would afterwards see data he did not see before and the caller does not see either
 * (rule b). People unknown before the change (a new one) are named by `affected` from its result.
 */
export const withinScope = async <T>(
  tx: TDb,
  auth: TAuth,
  userIds: readonly number[],
  change: () => Promise<T>,
  affected: (result: T) => readonly number[] = () => userIds,
): Promise<T> => {
  if (auth.isAdmin || auth.isSuper) return change();
  const grantor = await grantorOf(tx, auth);
  const before = await scopesOfUsers(tx, auth.tenantId, userIds);
  const result = await change();
  const ids = affected(result);
  const after = await scopesOfUsers(tx, auth.tenantId, ids);
  for (const id of ids) {
    const scope = after.get(id);
    if (scope && widensBeyond(grantor, before.get(id), scope)) throw orgErrors.scopeWidened();
  }
  return result;
};
