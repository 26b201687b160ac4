import {
  allPermissions,
  enterprisePermissions,
  isAgentPerm,
  type TDataScopeKind,
  type TRole,
  type TRouteInput,
} from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import type { TAuth, TRequestContext } from '../../http/context.js';
import { grantorOf, roleScopeExcess, withinScope } from './data-scope.js';
import { deptRepository } from './dept.repository.js';
import { orgErrors as errors } from './org.errors.js';
import { roleRepository as repo } from './role.repository.js';

type TRoleRow = NonNullable<Awaited<ReturnType<typeof repo.find>>>;
const toRole = (r: TRoleRow): TRole => ({
  ...r,
  dataScope: r.dataScope as TDataScopeKind,
  status: r.status as 'active' | 'disabled',
  createdAt: r.createdAt.getTime(),
});

export type TRoleService = ReturnType<typeof createRoleService>;

/** What an enterprise's (or the platform's) roles may hold: never an agent's console string. */
const organisationGrantable = (auth: TAuth) =>
  auth.isSuper ? allPermissions().filter((p) => !isAgentPerm(p)) : enterprisePermissions();

/**
 * Roles (角色权限): menu and button permissions plus a data scope. `grantable` is the
 * universe of strings the tenant's roles may hold: an enterprise's by default, an agent's console's
 * for the agent's own roles (org/agent-staff.ts).
 */
export const createRoleService = ({
  grantable = organisationGrantable,
}: {
  grantable?: (auth: TAuth) => string[];
} = {}) => {
  const isAdmin = (auth: TAuth) => auth.isAdmin || auth.isSuper;

  /** Only the product's permission strings, and (for a non-administrator) only those he holds himself. */
  const checkPermissions = (auth: TAuth, perms: readonly string[]) => {
    const known = new Set(grantable(auth));
    const unknown = perms.filter((p) => !known.has(p));
    if (unknown.length) throw errors.unknownPermissions(unknown.slice(0, 5).join('、'));
    if (!isAdmin(auth)) {
      const lacking = perms.filter((p) => !auth.permissions.has(p));
      if (lacking.length) throw errors.permissionsNotHeld(lacking.slice(0, 5).join('、'));
    }
  };

  /** The chosen departments of a 'custom' scope must exist; other scopes keep none. */
  const checkScope = async (tx: TDb, auth: TAuth, scope: TDataScopeKind, deptIds: readonly number[]) => {
    if (scope !== 'custom') return [];
    if (deptIds.length === 0) throw errors.customScopeEmpty();
    if ((await deptRepository.missing(tx, auth.tenantId, deptIds)).length) throw errors.deptMissing();
    return deptIds;
  };

  /**
   * A role's data scope as a non-administrator writes it: not wider than his own
   * (rule a of data-scope.ts). The effect on the role's holders is checked by `holdersWithinScope`.
   */
  const checkNotWider = async (
    tx: TDb,
    auth: TAuth,
    role: { name: string; dataScope: TDataScopeKind; isAdmin?: boolean; deptIds: readonly number[] },
  ) => {
    if (isAdmin(auth)) return;
    const excess = roleScopeExcess(await grantorOf(tx, auth), { isAdmin: false, ...role });
    if (excess) throw errors.roleScopeWider(excess);
  };

  /** Applies a change to a role; refused and rolled back when it widens a holder beyond the editor's scope. */
  const holdersWithinScope = async (tx: TDb, auth: TAuth, roleId: number, change: () => Promise<void>) =>
    withinScope(tx, auth, isAdmin(auth) ? [] : await repo.holderIds(tx, auth.tenantId, roleId), change);

  const find = async (tx: TDb, auth: TAuth, id: number) => {
    const role = await repo.find(tx, auth.tenantId, id);
    if (!role) throw errors.roleMissing();
    return role;
  };

  const assertNotAdminRole = (role: TRoleRow) => {
    if (role.isAdmin) throw errors.adminRoleFixed();
  };

  return {
    list: async ({ auth, tx }: TRequestContext, filter: TRouteInput<'orgRole', 'roleList'>) =>
      (await repo.list(tx, auth.tenantId, filter)).map(toRole),

    save: async ({ auth, tx }: TRequestContext, input: TRouteInput<'orgRole', 'roleSave'>) => {
      checkPermissions(auth, input.permissions);
      if (await repo.nameTaken(tx, auth.tenantId, input.name)) throw errors.roleNameTaken(input.name);
      const deptIds = await checkScope(tx, auth, input.dataScope, input.deptIds);
      await checkNotWider(tx, auth, { name: input.name, dataScope: input.dataScope, deptIds });
      const row = await repo.insert(tx, {
        tenantId: auth.tenantId,
        name: input.name,
        remark: input.remark,
        dataScope: input.dataScope,
        permissions: input.permissions,
      });
      await repo.replaceDepts(tx, auth.tenantId, row.id, deptIds);
      return toRole((await repo.find(tx, auth.tenantId, row.id))!);
    },

    update: async ({ auth, tx }: TRequestContext, input: TRouteInput<'orgRole', 'roleUpdate'>) => {
      if (input.permissions) checkPermissions(auth, input.permissions);
      const role = await find(tx, auth, input.id);
      if (input.permissions || input.dataScope || input.deptIds) assertNotAdminRole(role);
      if (input.name && (await repo.nameTaken(tx, auth.tenantId, input.name, role.id))) {
        throw errors.roleNameTaken(input.name);
      }
      const set = {
        ...(input.name ? { name: input.name } : {}),
        ...(input.remark !== undefined ? { remark: input.remark } : {}),
        ...(input.dataScope ? { dataScope: input.dataScope } : {}),
        ...(input.permissions ? { permissions: input.permissions } : {}),
      };
      await holdersWithinScope(tx, auth, role.id, async () => {
        // Only the chosen departments may change: there is then no column of the role to set.
        if (Object.keys(set).length > 0) await repo.update(tx, auth.tenantId, role.id, set);
        if (input.dataScope || input.deptIds) {
          const scope = (input.dataScope ?? role.dataScope) as TDataScopeKind;
          const current = input.deptIds ?? (await repo.deptIds(tx, auth.tenantId, [role.id]));
          const deptIds = await checkScope(tx, auth, scope, current);
          await checkNotWider(tx, auth, { name: input.name ?? role.name, dataScope: scope, deptIds });
          await repo.replaceDepts(tx, auth.tenantId, role.id, deptIds);
        }
      });
      return toRole((await repo.find(tx, auth.tenantId, role.id))!);
    },

    /** Refused while anyone holds the role; the administrator role is never deleted. */
    remove: async ({ auth, tx }: TRequestContext, id: number) => {
      const role = await find(tx, auth, id);
      if (role.isAdmin) throw errors.adminRoleKept();
      if (role.userCount > 0) throw errors.roleInUse(role.userCount);
      await repo.delete(tx, auth.tenantId, id);
      return null;
    },

    menu: async ({ auth, tx }: TRequestContext, roleId: number) => {
      const role = await find(tx, auth, roleId);
      return { roleId, isAdmin: role.isAdmin, permissions: role.isAdmin ? enterprisePermissions() : role.permissions };
    },

    saveMenu: async ({ auth, tx }: TRequestContext, input: TRouteInput<'orgRole', 'roleMenuSave'>) => {
      checkPermissions(auth, input.permissions);
      assertNotAdminRole(await find(tx, auth, input.roleId));
      await repo.update(tx, auth.tenantId, input.roleId, { permissions: input.permissions });
      return null;
    },

    dept: async ({ auth, tx }: TRequestContext, roleId: number) => {
      const role = await find(tx, auth, roleId);
      return {
        roleId,
        dataScope: role.dataScope as TDataScopeKind,
        deptIds: await repo.deptIds(tx, auth.tenantId, [roleId]),
      };
    },

    saveDept: async ({ auth, tx }: TRequestContext, input: TRouteInput<'orgRole', 'roleDeptSave'>) => {
      const role = await find(tx, auth, input.roleId);
      assertNotAdminRole(role);
      const deptIds = await checkScope(tx, auth, input.dataScope, input.deptIds);
      await checkNotWider(tx, auth, { name: role.name, dataScope: input.dataScope, deptIds });
      await holdersWithinScope(tx, auth, role.id, async () => {
        await repo.update(tx, auth.tenantId, input.roleId, { dataScope: input.dataScope });
        await repo.replaceDepts(tx, auth.tenantId, input.roleId, deptIds);
      });
      return null;
    },

    /** An administrator cannot disable his own last administrator role. */
    setStatus: async ({ auth, tx }: TRequestContext, id: number, status: 'active' | 'disabled') => {
      const role = await find(tx, auth, id);
      if (status === 'disabled' && role.isAdmin) {
        const mine = await repo.activeRolesOf(tx, auth.tenantId, auth.userId);
        const mineAdmin = mine.filter((r) => r.isAdmin);
        if (mineAdmin.some((r) => r.id === id) && mineAdmin.length === 1) throw errors.ownLastAdminRole();
      }
      // Enabling gives the role's scope back to its holders: not beyond the editor's own.
      await holdersWithinScope(tx, auth, id, async () => {
        await repo.update(tx, auth.tenantId, id, { status });
      });
      return null;
    },

    userCount: async ({ auth, tx }: TRequestContext, roleId: number) => ({
      roleId,
      count: (await find(tx, auth, roleId)).userCount,
    }),
  };
};
