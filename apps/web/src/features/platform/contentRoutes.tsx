import { PlatformPerm } from '@yunhu/contract';
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../app/lazyPage';
import { RequirePermission } from '../../shared/permission/RequirePermission';

const EnterpriseDetailPage = lazyPage(() => import('./pages/EnterpriseDetailPage'), 'EnterpriseDetailPage');
const NoticeAdminPage = lazyPage(() => import('./pages/NoticeAdminPage'), 'NoticeAdminPage');
const BrandSettingsPage = lazyPage(() => import('./pages/BrandSettingsPage'), 'BrandSettingsPage');

/** The platform operator's enterprise details (contract), notices and brand settings. */
export const platformContentRoutes: RouteObject[] = [
  {
    path: 'platform/enterpriseDetail',
    element: (
      <RequirePermission value={PlatformPerm.contractView}>
        <EnterpriseDetailPage />
      </RequirePermission>
    ),
  },
  {
    path: 'platform/notice',
    element: (
      <RequirePermission value={PlatformPerm.noticeList}>
        <NoticeAdminPage />
      </RequirePermission>
    ),
  },
  {
    path: 'platform/brand',
    element: (
      <RequirePermission value={PlatformPerm.brandList}>
        <BrandSettingsPage />
      </RequirePermission>
    ),
  },
];
