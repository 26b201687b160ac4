import { useQueryClient } from '@tanstack/react-query';
import { AgentPerm, agentRoutes } from '@yunhu/contract';
import * as t from '../../../locales/zh-CN';
import { call } from '../../../shared/http/api';
import { orgStaffTexts, StaffManager, type TStaffScreen } from '../../org';
import { agentStaffPageKey, useAgentRoles } from './agentStaffApi';

const s = t.agentStaff;
const manage = AgentPerm.staffManage;

/** 员工管理 (agent/staff): org's staff screen over the agent's own people, each with roles of the agent console only. */
export const AgentStaffPage = () => {
  const client = useQueryClient();
  const roles = useAgentRoles();
  const screen: TStaffScreen = {
    pageKey: agentStaffPageKey,
    route: agentRoutes.agentStaffPage,
    testPrefix: 'agent-',
    texts: {
      ...orgStaffTexts,
      ...s,
      roles: s.staffRoles,
      lastLogin: s.lastLoginAt,
      realNamePlaceholder: s.namePlaceholder,
      resetPasswordConfirm: s.resetConfirm,
    },
    roles: roles.data ?? [],
    perms: { add: manage, update: manage, status: manage, password: manage },
    add: (v) =>
      call(agentRoutes.agentStaffAdd, {
        username: v.username,
        realName: v.realName,
        mobile: v.mobile,
        roleIds: v.roleIds ?? [],
        password: v.password,
      }),
    update: (id, v) =>
      call(agentRoutes.agentStaffUpdate, { id, realName: v.realName, mobile: v.mobile, roleIds: v.roleIds ?? [] }),
    setStatus: (ids, status) => call(agentRoutes.agentStaffStatus, { ids, status }),
    resetPassword: (userId) => call(agentRoutes.agentStaffPassword, { userId }),
    refresh: () => void client.invalidateQueries({ queryKey: [agentStaffPageKey] }),
  };
  return <StaffManager screen={screen} title={s.staff} />;
};
