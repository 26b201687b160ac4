import { Suspense } from 'react';
import { createHashRouter, Navigate, type RouteObject } from 'react-router-dom';
import { authRoutes } from '../features/auth';
import { blacklistPageRoutes } from '../features/blacklist';
import { callRoutes } from '../features/call';
import { certificationRoutes } from '../features/certification';
import { crmRoutes } from '../features/crm';
import { homeRoutes } from '../features/home';
import { lineRoutes } from '../features/line';
import { orgRoutes } from '../features/org';
import { personalCenterRoutes } from '../features/personalCenter';
import { platformContentRoutes, platformRoutes } from '../features/platform';
import { seatRoutes } from '../features/seat';
import { systemRoutes } from '../features/system';
import { PageLoading } from './layout/PageLoading';
import { lazyPage, lazyRoute } from './lazyPage';
import { RouteGuard } from './RouteGuard';

// The shell and the 404 page load after sign-in: the login page's first load carries neither.
const NotFound = lazyPage(() => import('./NotFound'), 'NotFound');

/** Screens under /menu, each registered by its business area (DESIGN.md section 7). */
export const menuRoutes: RouteObject[] = [
  ...homeRoutes,
  ...orgRoutes,
  ...crmRoutes,
  ...callRoutes,
  ...seatRoutes,
  ...lineRoutes,
  ...blacklistPageRoutes,
  ...platformRoutes,
  ...platformContentRoutes,
  ...certificationRoutes,
  ...systemRoutes,
  ...personalCenterRoutes,
];

export const routes: RouteObject[] = [
  {
    element: <RouteGuard />,
    // Shown while the router fetches a lazy route's chunk at start (the shell on a signed-in reload).
    hydrateFallbackElement: <PageLoading />,
    children: [
      ...authRoutes.map((r) => ({ ...r, element: <Suspense fallback={<PageLoading />}>{r.element}</Suspense> })),
      {
        path: '/menu',
        lazy: lazyRoute(() => import('./layout/AppLayout'), 'AppLayout'),
        children: [
          { index: true, element: <Navigate to="home" replace /> },
          ...menuRoutes,
          {
            path: '*',
            element: (
              <Suspense fallback={<PageLoading />}>
                <NotFound />
              </Suspense>
            ),
          },
        ],
      },
      { path: '/', element: <Navigate to="/login" replace /> },
      { path: '*', element: <Navigate to="/menu/home" replace /> },
    ],
  },
];

export const createRouter = () => createHashRouter(routes);
