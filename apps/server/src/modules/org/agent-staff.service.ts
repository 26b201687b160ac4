import { agentPermissions, menuTree, type TRouteInput } from '@yunhu/contract';
import { acrossTenants } from '../../db/across-tenants.js';
import type { TRequestContext } from '../../http/context.js';
import { agentRoleTreeOf } from './agent-role-tree.js';
import { agentStaffErrors as errors } from './agent-staff.errors.js';
import { agentStaffRepository as repo } from './agent-staff.repository.js';
import { toMenuOut } from './org.service.js';
import { roleRepository } from './role.repository.js';
import { createRoleService } from './role.service.js';
import type { TStaffService } from './staff.service.js';

export type TAgentStaffService = ReturnType<typeof createAgentStaffService>;

/**
 * An agent's own staff (员工管理) and roles (角色权限) (docs/decisions/0020-resellers.md):
 * the org area's staff and role services, run in the agent's tenant, with three differences:
 * - the strings a role may hold are the agent console's (`agentPermissions()`), never an enterprise's
 *   or the platform's: the role service is made with that universe;
 * - every role sees all of the agent (data scope `all`, no department): nothing an agent reads has
 *   an owner among its staff (an enterprise registers with the agent's code, not a person's), so a
 *   narrower scope would mean nothing; every person sits in the agent's root department;
 * - the agent's administrator role is not an `is_admin` role (it must not pass enterprise strings),
 *   so the org rules for non-administrators apply, and two more keep a person from locking himself
 *   or a stronger colleague out: he changes no one holding a string he lacks, and neither the
 *   permissions nor the status of a role he holds, nor his own roles.
 */
export const createAgentStaffService = (deps: {
  staff: TStaffService;
  /** The agent area's distributor wall (bound in app.ts): a distributor's login manages no one. */
  refuse?: (ctx: TRequestContext) => Promise<void>;
}) => {
  const role = createRoleService({ grantable: () => agentPermissions() });
  const { staff } = deps;

  /** Second wall after the strings (held by agents' roles only): the caller's tenant is an agent. */
  const asAgentOrg = async (ctx: TRequestContext) => {
    if (ctx.auth.isSuper) throw errors.notAgent();
    const tenant = await acrossTenants(ctx.tx, (db) => repo.tenantKind(db, ctx.auth.tenantId));
    if (tenant?.kind !== 'agent') throw errors.notAgent();
    await deps.refuse?.(ctx);
  };

  const assertNotWiderThanMe = async ({ auth, tx }: TRequestContext, userIds: readonly number[]) => {
    const theirs = await repo.permissionsOfUsers(tx, auth.tenantId, userIds);
    if (theirs.some((p) => !auth.permissions.has(p))) throw errors.targetWider();
  };

  const assertNotOwnRole = async ({ auth, tx }: TRequestContext, roleId: number) => {
    const mine = await roleRepository.activeRolesOf(tx, auth.tenantId, auth.userId);
    if (mine.some((r) => r.id === roleId)) throw errors.ownRole();
  };

  return {
    staffPage: async (ctx: TRequestContext, input: TRouteInput<'agent', 'agentStaffPage'>) => {
      await asAgentOrg(ctx);
      return staff.page(ctx, { ...input, includeChildren: '1' });
    },

    staffAdd: async (ctx: TRequestContext, input: TRouteInput<'agent', 'agentStaffAdd'>) => {
      await asAgentOrg(ctx);
      const deptId = await repo.rootDeptId(ctx.tx, ctx.auth.tenantId);
      if (deptId === null) throw errors.noDept();
      // Billing switches a person's calls; an agent's staff place none.
      return staff.add(ctx, { ...input, deptId, billingEnabled: false });
    },

    staffUpdate: async (ctx: TRequestContext, input: TRouteInput<'agent', 'agentStaffUpdate'>) => {
      await asAgentOrg(ctx);
      if (input.roleIds && input.id === ctx.auth.userId) throw errors.ownRoles();
      await assertNotWiderThanMe(ctx, [input.id]);
      return staff.update(ctx, input);
    },

    staffStatus: async (ctx: TRequestContext, input: TRouteInput<'agent', 'agentStaffStatus'>) => {
      await asAgentOrg(ctx);
      await assertNotWiderThanMe(ctx, input.ids);
      return staff.setStatus(ctx, input.ids, input.status);
    },

    staffPassword: async (ctx: TRequestContext, input: TRouteInput<'agent', 'agentStaffPassword'>) => {
      await asAgentOrg(ctx);
      await assertNotWiderThanMe(ctx, [input.userId]);
      return staff.adminPassword(ctx, input.userId, input.password);
    },

    roleList: async (ctx: TRequestContext, input: TRouteInput<'agent', 'agentRoleList'>) => {
      await asAgentOrg(ctx);
      return role.list(ctx, input);
    },

    roleMenuTree: async (ctx: TRequestContext) => {
      await asAgentOrg(ctx);
      return toMenuOut(agentRoleTreeOf(menuTree));
    },

    roleSave: async (ctx: TRequestContext, input: TRouteInput<'agent', 'agentRoleSave'>) => {
      await asAgentOrg(ctx);
      return role.save(ctx, { ...input, dataScope: 'all', deptIds: [] });
    },

    roleUpdate: async (ctx: TRequestContext, input: TRouteInput<'agent', 'agentRoleUpdate'>) => {
      await asAgentOrg(ctx);
      if (input.permissions) await assertNotOwnRole(ctx, input.id);
      return role.update(ctx, input);
    },

    roleStatus: async (ctx: TRequestContext, input: TRouteInput<'agent', 'agentRoleStatus'>) => {
      await asAgentOrg(ctx);
      if (input.status === 'disabled') await assertNotOwnRole(ctx, input.id);
      return role.setStatus(ctx, input.id, input.status);
    },

    roleDelete: async (ctx: TRequestContext, input: TRouteInput<'agent', 'agentRoleDelete'>) => {
      await asAgentOrg(ctx);
      return role.remove(ctx, input.id);
    },
  };
};
