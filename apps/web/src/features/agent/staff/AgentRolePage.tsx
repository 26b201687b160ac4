import { useQueryClient } from '@tanstack/react-query';
import { AgentPerm, agentRoutes } from '@yunhu/contract';
import * as t from '../../../locales/zh-CN';
import { call } from '../../../shared/http/api';
import { RoleManager, type TRoleForm, type TRoleScreen } from '../../org';
import { agentRolesKey, useAgentRoleMenuTree, useAgentRoles } from './agentStaffApi';

const s = t.agentStaff;

/** The fields an agent's role has: no data scope (every role sees the whole agent). */
const fieldsOf = (v: TRoleForm) => ({ name: v.name, remark: v.remark ?? '', permissions: v.permissions ?? [] });

/**
 * 角色权限 (agent/roles): org's role screen over the agent's roles. The tree offers the agent
 * console's menus and buttons only (the server's `agentRoleTreeOf`, and it refuses any other
 * string); no data scope: every role sees the whole agent (docs/decisions/0020-resellers.md).
 */
export const AgentRolePage = () => {
  const client = useQueryClient();
  const screen: TRoleScreen = {
    testPrefix: 'agent-',
    texts: { ...s, title: s.roles },
    roles: useAgentRoles(),
    menus: useAgentRoleMenuTree(),
    hasDataScope: false,
    hint: s.roleHint,
    summaryColumn: { key: 'permCount', title: s.permCount, render: (_v, r) => r.permissions.length },
    perms: { add: AgentPerm.roleManage, update: AgentPerm.roleManage, delete: AgentPerm.roleManage },
    save: (v) => call(agentRoutes.agentRoleSave, fieldsOf(v)),
    update: (id, v) => call(agentRoutes.agentRoleUpdate, { id, ...fieldsOf(v) }),
    setStatus: (id, status) => call(agentRoutes.agentRoleStatus, { id, status }),
    remove: (id) => call(agentRoutes.agentRoleDelete, { id }),
    refresh: () => client.invalidateQueries({ queryKey: agentRolesKey }),
  };
  return <RoleManager screen={screen} />;
};
