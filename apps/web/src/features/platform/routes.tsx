import { JobPerm, Perm } from '@yunhu/contract';
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../app/lazyPage';
import { RequirePermission } from '../../shared/permission/RequirePermission';

const EnterprisePage = lazyPage(() => import('./pages/EnterprisePage'), 'EnterprisePage');
const JobPage = lazyPage(() => import('./pages/JobPage'), 'JobPage');

export const platformRoutes: RouteObject[] = [
  {
    path: 'platform/enterprise',
    element: (
      <RequirePermission value={Perm.enterpriseList}>
        <EnterprisePage />
      </RequirePermission>
    ),
  },
  {
    path: 'platform/jobs',
    element: (
      <RequirePermission value={JobPerm.list}>
        <JobPage />
      </RequirePermission>
    ),
  },
];
