import { AgentStockPerm } from '@yunhu/contract';
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../app/lazyPage';
import { RequirePermission } from '../../shared/permission/RequirePermission';

const AgentStockPage = lazyPage(() => import('./pages/AgentStockPage'), 'AgentStockPage');
const AgentPacketPage = lazyPage(() => import('./pages/AgentPacketPage'), 'AgentPacketPage');
const AgentPacketChangePage = lazyPage(() => import('./pages/AgentPacketChangePage'), 'AgentPacketChangePage');

const guarded = (path: string, perm: string, element: React.ReactNode): RouteObject => ({
  path,
  element: <RequirePermission value={perm}>{element}</RequirePermission>,
});

/** 线路库存, 套餐管理, 套餐变更 in the agent's console. */
export const agentStockPageRoutes: RouteObject[] = [
  guarded('agent/stock', AgentStockPerm.lineStock, <AgentStockPage />),
  guarded('agent/packets', AgentStockPerm.packetManage, <AgentPacketPage />),
  guarded('agent/packet-change', AgentStockPerm.packetChange, <AgentPacketChangePage />),
];
