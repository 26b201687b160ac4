import { CertPerm } from '@yunhu/contract';
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../app/lazyPage';
import { RequirePermission } from '../../shared/permission/RequirePermission';

const CertReviewPage = lazyPage(() => import('./pages/CertReviewPage'), 'CertReviewPage');

/** The platform operator's review of enterprise authentications (the enterprise side is personalCenter/reviewTheDetails). */
export const certificationRoutes: RouteObject[] = [
  {
    path: 'platform/certification',
    element: (
      <RequirePermission value={CertPerm.list}>
        <CertReviewPage />
      </RequirePermission>
    ),
  },
];
