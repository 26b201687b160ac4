import { CertPerm } from '@yunhu/contract';
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../app/lazyPage';
import { RequirePermission } from '../../shared/permission/RequirePermission';

const PersonalCenterPage = lazyPage(() => import('./pages/PersonalCenterPage'), 'PersonalCenterPage');
const ReviewTheDetailsPage = lazyPage(() => import('./pages/ReviewTheDetailsPage'), 'ReviewTheDetailsPage');

export const personalCenterRoutes: RouteObject[] = [
  { path: 'personalCenter', element: <PersonalCenterPage /> },
  {
    path: 'personalCenter/reviewTheDetails',
    element: (
      <RequirePermission value={CertPerm.view}>
        <ReviewTheDetailsPage />
      </RequirePermission>
    ),
  },
];
