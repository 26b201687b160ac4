import { Suspense } from 'react';
import { createHashRouter, Navigate, type RouteObject } from 'react-router-dom';
import { authRoutes } from '../features/auth';
import { PageLoading } from './layout/PageLoading';
import { lazyPage, lazyRoute } from './lazyPage';
import { RouteGuard } from './RouteGuard';

// The shell and the 404 page load after sign-in: the login page's first load carries neither.
const NotFound = lazyPage(() => import('./NotFound'), 'NotFound');

export const routes: RouteObject[] = [
  {
    element: <RouteGuard />,
    // Shown while the router fetches a lazy route's chunk at start (the shell on a signed-in reload).
    hydrateFallbackElement: <PageLoading />,
    children: [
      ...authRoutes.map((r) => ({ ...r, element: <Suspense fallback={<PageLoading />}>{r.element}</Suspense> })),
      {
        id: 'menu',
        path: '/menu',
        lazy: lazyRoute(() => import('./layout/AppLayout'), 'AppLayout'),
        children: [
          { index: true, element: <Navigate to="home" replace /> },
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

let isMenuPatched = false;

/**
 * The screens under /menu join the router on the first navigation there: until then /menu/<any>
 * matches only the splat, and react-router asks `patchRoutesOnNavigation` for more specific routes.
 */
const patchRoutesOnNavigation = async ({
  path,
  patch,
}: {
  path: string;
  patch: (routeId: string, children: RouteObject[]) => void;
}) => {
  if (isMenuPatched || !path.startsWith('/menu')) return;
  const { menuRoutes } = await import('./menuRoutes');
  if (isMenuPatched) return;
  patch('menu', menuRoutes);
  isMenuPatched = true;
};

export const createRouter = () => {
  isMenuPatched = false;
  return createHashRouter(routes, { patchRoutesOnNavigation });
};
