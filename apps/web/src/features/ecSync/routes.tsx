import { EcSyncPerm } from '@yunhu/contract';
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../app/lazyPage';
import { RequirePermission } from '../../shared/permission/RequirePermission';

const EcSettingsPage = lazyPage(() => import('./pages/EcSettingsPage'), 'EcSettingsPage');
const EcSyncLogPage = lazyPage(() => import('./pages/EcSyncLogPage'), 'EcSyncLogPage');

/** 腾讯EC (spec ThirdParty `TencentEc`, `NewTencentEc`): settings and the sync log. */
export const ecSyncPageRoutes: RouteObject[] = [
  {
    path: 'ThirdParty/TencentEc',
    element: (
      <RequirePermission value={EcSyncPerm.manage}>
        <EcSettingsPage />
      </RequirePermission>
    ),
  },
  {
    path: 'ThirdParty/TencentEcLog',
    element: (
      <RequirePermission value={EcSyncPerm.manage}>
        <EcSyncLogPage />
      </RequirePermission>
    ),
  },
];
