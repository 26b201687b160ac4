import { Perm } from '@yunhu/contract';
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../app/lazyPage';
import { RequirePermission } from '../../shared/permission/RequirePermission';

const OrganizationPage = lazyPage(() => import('./pages/OrganizationPage'), 'OrganizationPage');
const StaffManagePage = lazyPage(() => import('./pages/StaffManagePage'), 'StaffManagePage');
const ApplyForPage = lazyPage(() => import('./pages/ApplyForPage'), 'ApplyForPage');
const PermissionsPage = lazyPage(() => import('./pages/PermissionsPage'), 'PermissionsPage');
const OperationRecordPage = lazyPage(() => import('./pages/OperationRecordPage'), 'OperationRecordPage');

export const orgRoutes: RouteObject[] = [
  {
    path: 'company/organization',
    element: (
      <RequirePermission value={Perm.deptList}>
        <OrganizationPage />
      </RequirePermission>
    ),
  },
  {
    path: 'account/staffManage',
    element: (
      <RequirePermission value={Perm.staffList}>
        <StaffManagePage />
      </RequirePermission>
    ),
  },
  {
    path: 'company/applyFor',
    element: (
      <RequirePermission value={Perm.applyList}>
        <ApplyForPage />
      </RequirePermission>
    ),
  },
  {
    path: 'company/permissions',
    element: (
      <RequirePermission value={Perm.roleList}>
        <PermissionsPage />
      </RequirePermission>
    ),
  },
  {
    path: 'company/operationRecord',
    element: (
      <RequirePermission value={Perm.logList}>
        <OperationRecordPage />
      </RequirePermission>
    ),
  },
];
