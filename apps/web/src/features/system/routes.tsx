import { Perm } from '@yunhu/contract';
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../app/lazyPage';
import { RequirePermission } from '../../shared/permission/RequirePermission';

const LogListPage = lazyPage(() => import('./pages/LogListPage'), 'LogListPage');
const LogDetailPage = lazyPage(() => import('./pages/LogDetailPage'), 'LogDetailPage');
const UserHandlePage = lazyPage(() => import('./pages/UserHandlePage'), 'UserHandlePage');

export const systemRoutes: RouteObject[] = [
  {
    path: 'logcom',
    element: (
      <RequirePermission value={Perm.logList}>
        <LogListPage />
      </RequirePermission>
    ),
  },
  {
    path: 'add',
    element: (
      <RequirePermission value={Perm.logList}>
        <LogDetailPage />
      </RequirePermission>
    ),
  },
  { path: 'userHandle', element: <UserHandlePage /> },
];
