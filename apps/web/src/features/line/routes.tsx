import { Perm } from '@yunhu/contract';
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../app/lazyPage';
import { RequirePermission } from '../../shared/permission/RequirePermission';

const LinePage = lazyPage(() => import('./pages/LinePage'), 'LinePage');
const NumberPoolPage = lazyPage(() => import('./pages/NumberPoolPage'), 'NumberPoolPage');
const CallerNumberPage = lazyPage(() => import('./pages/CallerNumberPage'), 'CallerNumberPage');

const guarded = (path: string, perm: string, element: React.ReactNode): RouteObject => ({
  path,
  element: <RequirePermission value={perm}>{element}</RequirePermission>,
});

/** 号码池, 外显号码 and 线路展示 (DESIGN.md section 7). */
export const lineRoutes: RouteObject[] = [
  guarded('account/numberPool', Perm.numberPoolList, <NumberPoolPage />),
  guarded('userdata/mobiles', Perm.callerNumberList, <CallerNumberPage />),
  guarded('userdata/submit/index', Perm.lineList, <LinePage />),
];
