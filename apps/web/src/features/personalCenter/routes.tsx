import { CertPerm } from '@yunhu/contract';
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../app/lazyPage';
import { RequirePermission } from '../../shared/permission/RequirePermission';
import { ReviewTheDetailsPage } from '../certification';

const PersonalCenterPage = lazyPage(() => import('./pages/PersonalCenterPage'), 'PersonalCenterPage');

/** The personal centre; its 企业认证 page is the certification area's (the enterprise side of it). */
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
