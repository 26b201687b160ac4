import { Perm } from '@yunhu/contract';
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../app/lazyPage';
import { RequirePermission } from '../../shared/permission/RequirePermission';

const SeatPage = lazyPage(() => import('./pages/SeatPage'), 'SeatPage');
const CallingPage = lazyPage(() => import('./pages/CallingPage'), 'CallingPage');

const guarded = (path: string, perm: string, element: React.ReactNode): RouteObject => ({
  path,
  element: <RequirePermission value={perm}>{element}</RequirePermission>,
});

/** 坐席管理 and 呼叫管理 (DESIGN.md section 7). */
export const seatRoutes: RouteObject[] = [
  guarded('account/purchaseeats', Perm.seatList, <SeatPage />),
  guarded('account/callingManagement', Perm.callingList, <CallingPage />),
];
