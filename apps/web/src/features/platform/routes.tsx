import { Perm } from '@yunhu/contract';
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../app/lazyPage';
import { RequirePermission } from '../../shared/permission/RequirePermission';

const EnterprisePage = lazyPage(() => import('./pages/EnterprisePage'), 'EnterprisePage');

export const platformRoutes: RouteObject[] = [
  {
    path: 'platform/enterprise',
    element: (
      <RequirePermission value={Perm.enterpriseList}>
        <EnterprisePage />
      </RequirePermission>
    ),
  },
];
