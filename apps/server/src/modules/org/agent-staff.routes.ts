import type { agentStaffRoutes } from '@yunhu/contract';
import type { THandlers } from '../../http/bind.js';
import type { TRequestContext } from '../../http/context.js';
import { createAgentStaffService } from './agent-staff.service.js';
import type { TOrgService } from './org.service.js';

/** The agent console's 员工管理 and 角色权限: the org area's services in the agent's tenant. */
export const agentStaffHandlers = (
  { staff }: TOrgService,
  refuse?: (ctx: TRequestContext) => Promise<void>,
): THandlers<typeof agentStaffRoutes> => {
  const agent = createAgentStaffService({ staff, refuse });
  return {
    agentStaffPage: (ctx) => agent.staffPage(ctx, ctx.input),
    agentStaffAdd: (ctx) => agent.staffAdd(ctx, ctx.input),
    agentStaffUpdate: (ctx) => agent.staffUpdate(ctx, ctx.input),
    agentStaffStatus: (ctx) => agent.staffStatus(ctx, ctx.input),
    agentStaffPassword: (ctx) => agent.staffPassword(ctx, ctx.input),
    agentRoleList: (ctx) => agent.roleList(ctx, ctx.input),
    agentRoleMenuTree: (ctx) => agent.roleMenuTree(ctx),
    agentRoleSave: (ctx) => agent.roleSave(ctx, ctx.input),
    agentRoleUpdate: (ctx) => agent.roleUpdate(ctx, ctx.input),
    agentRoleStatus: (ctx) => agent.roleStatus(ctx, ctx.input),
    agentRoleDelete: (ctx) => agent.roleDelete(ctx, ctx.input),
  };
};
