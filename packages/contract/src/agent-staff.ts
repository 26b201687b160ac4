import { z } from 'zod';
import { AgentPerm } from './agent-labels.js';
import { ZNull, ZPageQuery, zPage } from './http.js';
import { menuScreen, type TMenuNode } from './menu.js';
import { ZMenu } from './org.js';
import { zId, zIds } from './org-common.js';
import { orgRoleRoutes, ZRole } from './org-role.js';
import { orgStaffRoutes, ZStaff, ZStaffFilter } from './org-staff.js';
import { routesOf } from './route.js';

const route = routesOf('agent');

/**
 * An agent's own staff and roles (docs/decisions/0020-resellers.md "The agent's staff and
 * roles"): the org area's staff and role rules, with the agent console's strings only. The agent has
 * one department (its root) and its roles see everything of the agent (data scope all), so neither
 * a department nor a data scope is asked.
 */
const roleFields = orgRoleRoutes.roleSave.request.pick({ name: true, remark: true, permissions: true });
const roleUpdateFields = orgRoleRoutes.roleUpdate.request.pick({
  id: true,
  name: true,
  remark: true,
  permissions: true,
});
const staffAddFields = orgStaffRoutes.staffAdd.request.pick({
  username: true,
  realName: true,
  mobile: true,
  roleIds: true,
  password: true,
});
const staffUpdateFields = orgStaffRoutes.staffUpdate.request.pick({
  id: true,
  realName: true,
  mobile: true,
  roleIds: true,
});
const ZStatus = z.enum(['active', 'disabled'], { error: '状态只能是正常或已停用' });

export const agentStaffRoutes = {
  agentStaffPage: route({
    method: 'GET',
    path: '/base/agent/staff/page',
    summary: '代理商员工列表',
    permission: AgentPerm.staffManage,
    request: ZPageQuery.extend(ZStaffFilter.pick({ name: true, mobile: true, roleId: true, status: true }).shape),
    response: zPage(ZStaff),
  }),
  agentStaffAdd: route({
    method: 'POST',
    path: '/base/agent/staff/add',
    summary: '新增代理商员工',
    permission: AgentPerm.staffManage,
    audited: true,
    request: staffAddFields,
    response: orgStaffRoutes.staffAdd.response,
  }),
  agentStaffUpdate: route({
    method: 'POST',
    path: '/base/agent/staff/update',
    summary: '修改代理商员工',
    permission: AgentPerm.staffManage,
    audited: true,
    request: staffUpdateFields,
    response: ZNull,
  }),
  agentStaffStatus: route({
    method: 'POST',
    path: '/base/agent/staff/update-status',
    summary: '启用或停用代理商员工',
    permission: AgentPerm.staffManage,
    audited: true,
    request: z.object({ ids: zIds('员工编号'), status: ZStatus }),
    response: ZNull,
  }),
  agentStaffPassword: route({
    method: 'POST',
    path: '/base/agent/staff/reset-password',
    summary: '重置代理商员工密码',
    permission: AgentPerm.staffManage,
    audited: true,
    request: z.object({ userId: zId('员工编号'), password: orgStaffRoutes.adminPassword.request.shape.password }),
    response: orgStaffRoutes.adminPassword.response,
  }),
  /** The roles: the role screen's list and the staff form's choices. */
  agentRoleList: route({
    method: 'GET',
    path: '/base/agent/role/list',
    readOnly: true,
    summary: '代理商角色列表',
    permission: `${AgentPerm.roleManage};${AgentPerm.staffManage}`,
    request: z.object({ status: ZStatus.optional() }),
    response: z.array(ZRole),
  }),
  /** The role editor's tree: the agent console's menu only (roleTreeOf's agent counterpart). */
  agentRoleMenuTree: route({
    method: 'GET',
    path: '/base/agent/role/menu-tree',
    readOnly: true,
    summary: '代理商角色菜单树',
    permission: AgentPerm.roleManage,
    request: z.object({}),
    response: z.array(ZMenu),
  }),
  agentRoleSave: route({
    method: 'POST',
    path: '/base/agent/role/save',
    summary: '新增代理商角色',
    permission: AgentPerm.roleManage,
    audited: true,
    request: roleFields,
    response: ZRole,
  }),
  agentRoleUpdate: route({
    method: 'POST',
    path: '/base/agent/role/update',
    summary: '修改代理商角色',
    permission: AgentPerm.roleManage,
    audited: true,
    request: roleUpdateFields,
    response: ZRole,
  }),
  agentRoleStatus: route({
    method: 'POST',
    path: '/base/agent/role/disable',
    summary: '启用或停用代理商角色',
    permission: AgentPerm.roleManage,
    audited: true,
    request: z.object({ id: zId('角色编号'), status: ZStatus }),
    response: ZNull,
  }),
  agentRoleDelete: route({
    method: 'POST',
    path: '/base/agent/role/delete',
    summary: '删除代理商角色',
    permission: AgentPerm.roleManage,
    audited: true,
    request: z.object({ id: zId('角色编号') }),
    response: ZNull,
  }),
};

/** 员工管理 and 角色权限 in the agent console's menu. */
export const agentStaffMenuNodes: TMenuNode[] = [
  menuScreen('5097', '员工管理', 'agent/staff', 'UserOutlined', AgentPerm.staffManage),
  menuScreen('5098', '角色权限', 'agent/roles', 'SafetyCertificateOutlined', AgentPerm.roleManage),
];
