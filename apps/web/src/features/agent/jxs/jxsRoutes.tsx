import { JxsPerm } from '@yunhu/contract';
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../../app/lazyPage';
import { RequirePermission } from '../../../shared/permission/RequirePermission';

const AgentJxsPage = lazyPage(() => import('./AgentJxsPage'), 'AgentJxsPage');
const AgentJxsUsePage = lazyPage(() => import('./AgentJxsUsePage'), 'AgentJxsUsePage');
const AgentJxsUnlockPage = lazyPage(() => import('./AgentJxsUnlockPage'), 'AgentJxsUnlockPage');

/** The agent console's 经销商管理, 月度使用 and 解锁名单. */
export const agentJxsPageRoutes: RouteObject[] = [
  { path: 'agent/jxs', element: <RequirePermission value={JxsPerm.manage}>{<AgentJxsPage />}</RequirePermission> },
  { path: 'agent/jxs-use', element: <RequirePermission value={JxsPerm.use}>{<AgentJxsUsePage />}</RequirePermission> },
  {
    path: 'agent/jxs-unlock',
    element: <RequirePermission value={JxsPerm.unlock}>{<AgentJxsUnlockPage />}</RequirePermission>,
  },
];
