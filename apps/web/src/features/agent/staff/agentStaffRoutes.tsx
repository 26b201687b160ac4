import { AgentPerm } from '@yunhu/contract';
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../../app/lazyPage';
import { RequirePermission } from '../../../shared/permission/RequirePermission';

const AgentStaffPage = lazyPage(() => import('./AgentStaffPage'), 'AgentStaffPage');
const AgentRolePage = lazyPage(() => import('./AgentRolePage'), 'AgentRolePage');

/** The agent console's 员工管理 and 角色权限. */
export const agentStaffPageRoutes: RouteObject[] = [
  {
    path: 'agent/staff',
    element: <RequirePermission value={AgentPerm.staffManage}>{<AgentStaffPage />}</RequirePermission>,
  },
  {
    path: 'agent/roles',
    element: <RequirePermission value={AgentPerm.roleManage}>{<AgentRolePage />}</RequirePermission>,
  },
];
