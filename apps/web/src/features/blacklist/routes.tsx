import { Perm } from '@yunhu/contract';
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../app/lazyPage';
import { RequirePermission } from '../../shared/permission/RequirePermission';

const CompanyBlacklistPage = lazyPage(() => import('./pages/CompanyBlacklistPage'), 'CompanyBlacklistPage');
const BlackInterceptPage = lazyPage(() => import('./pages/BlackInterceptPage'), 'BlackInterceptPage');
const PlatformBlacklistPage = lazyPage(() => import('./pages/PlatformBlacklistPage'), 'PlatformBlacklistPage');

const guarded = (path: string, perm: string, element: React.ReactNode): RouteObject => ({
  path,
  element: <RequirePermission value={perm}>{element}</RequirePermission>,
});

/** The black-list screens, at the menu's urls. */
export const blacklistPageRoutes: RouteObject[] = [
  guarded('company/blacklist', Perm.blacklistList, <CompanyBlacklistPage />),
  guarded('account/blackIntercept', Perm.blacklistIntercept, <BlackInterceptPage />),
  guarded('platform/blacklist', Perm.platformBlacklistList, <PlatformBlacklistPage />),
];
