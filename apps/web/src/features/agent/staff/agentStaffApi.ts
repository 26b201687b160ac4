import { useQuery } from '@tanstack/react-query';
import { agentRoutes } from '@yunhu/contract';
import { call } from '../../../shared/http/api';

/** The list keys of the agent's 员工管理 and 角色权限. */
export const agentStaffPageKey = 'agentStaff';
export const agentRolesKey = ['agent', 'roles'] as const;

/** The agent's roles: the role screen's rows and the staff form's choices. */
export const useAgentRoles = () =>
  useQuery({ queryKey: agentRolesKey, queryFn: () => call(agentRoutes.agentRoleList, {}) });

/** The role editor's tree: the agent console's menu only. */
export const useAgentRoleMenuTree = () =>
  useQuery({ queryKey: ['agent', 'roleMenuTree'], queryFn: () => call(agentRoutes.agentRoleMenuTree, {}) });
