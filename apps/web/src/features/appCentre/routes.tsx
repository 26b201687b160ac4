import { AppCentrePerm } from '@yunhu/contract';
import { Navigate, type RouteObject } from 'react-router-dom';
import { lazyPage } from '../../app/lazyPage';
import { RequirePermission } from '../../shared/permission/RequirePermission';

const AppCentrePage = lazyPage(() => import('./pages/AppCentrePage'), 'AppCentrePage');
const AppDetailsPage = lazyPage(() => import('./pages/AppDetailsPage'), 'AppDetailsPage');
const AppCataloguePage = lazyPage(() => import('./pages/AppCataloguePage'), 'AppCataloguePage');

/** 应用中心 (the brand option `application_center`): the catalogue, an add-on's details, the platform's catalogue. */
export const appCentrePageRoutes: RouteObject[] = [
  // Spec section 2: `app` redirects to `app/index`.
  { path: 'app', element: <Navigate to="/menu/app/index" replace /> },
  {
    path: 'app/index',
    element: (
      <RequirePermission value={AppCentrePerm.view}>
        <AppCentrePage />
      </RequirePermission>
    ),
  },
  {
    path: 'views/Application/details',
    element: (
      <RequirePermission value={AppCentrePerm.view}>
        <AppDetailsPage />
      </RequirePermission>
    ),
  },
  {
    path: 'platform/apps',
    element: (
      <RequirePermission value={AppCentrePerm.catalogue}>
        <AppCataloguePage />
      </RequirePermission>
    ),
  },
];
