import { AgentPerm } from '@yunhu/contract';
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../app/lazyPage';
import { RequirePermission } from '../../shared/permission/RequirePermission';
import { agentJxsPageRoutes } from './jxs/jxsRoutes';
import { agentStaffPageRoutes } from './staff/agentStaffRoutes';
import { agentStockPageRoutes } from './stockRoutes';

const PlatformAgentPage = lazyPage(() => import('./pages/PlatformAgentPage'), 'PlatformAgentPage');
const AgentEnterprisePage = lazyPage(() => import('./pages/AgentEnterprisePage'), 'AgentEnterprisePage');
const AgentPricePage = lazyPage(() => import('./pages/AgentPricePage'), 'AgentPricePage');
const AgentOrderPage = lazyPage(() => import('./pages/AgentOrderPage'), 'AgentOrderPage');
const AgentInvitePage = lazyPage(() => import('./pages/AgentInvitePage'), 'AgentInvitePage');
const AgentTransferPage = lazyPage(() => import('./pages/AgentTransferPage'), 'AgentTransferPage');
const AgentNoticePage = lazyPage(() => import('./pages/AgentNoticePage'), 'AgentNoticePage');
const AgentSeatSummaryPage = lazyPage(() => import('./pages/AgentSeatSummaryPage'), 'AgentSeatSummaryPage');
const AgentSettlementPage = lazyPage(() => import('./pages/AgentSettlementPage'), 'AgentSettlementPage');
const AgentStatementPage = lazyPage(() => import('./pages/AgentStatementPage'), 'AgentStatementPage');

const guarded = (path: string, perm: string, element: React.ReactNode): RouteObject => ({
  path,
  element: <RequirePermission value={perm}>{element}</RequirePermission>,
});

/** The platform's 代理商 screen and the agent's console. */
export const agentPageRoutes: RouteObject[] = [
  guarded('platform/agent', AgentPerm.platformList, <PlatformAgentPage />),
  guarded('agent/enterprises', AgentPerm.enterpriseList, <AgentEnterprisePage />),
  guarded('agent/prices', AgentPerm.priceList, <AgentPricePage />),
  guarded('agent/orders', AgentPerm.orderList, <AgentOrderPage />),
  guarded('agent/invite', AgentPerm.inviteView, <AgentInvitePage />),
  guarded('agent/transfers', AgentPerm.transferManage, <AgentTransferPage />),
  guarded('agent/notices', AgentPerm.noticeManage, <AgentNoticePage />),
  guarded('Resource/JSXseatSummary', AgentPerm.seatSummary, <AgentSeatSummaryPage />),
  ...agentStaffPageRoutes,
  ...agentJxsPageRoutes,
  ...agentStockPageRoutes,
  guarded('agent/settlements', AgentPerm.orderList, <AgentSettlementPage />),
  guarded('agent/statement', AgentPerm.orderList, <AgentStatementPage />),
];
