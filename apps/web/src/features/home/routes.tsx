import type { RouteObject } from 'react-router-dom';
import type { TRouteHandle } from '../../app/layout/KeepAliveOutlet';
import { lazyPage } from '../../app/lazyPage';

const HomePage = lazyPage(() => import('./pages/HomePage'), 'HomePage');

const keepAlive: TRouteHandle = { keepAlive: true };

/** Spec section 2: home is kept alive. */
export const homeRoutes: RouteObject[] = [{ path: 'home', element: <HomePage />, handle: keepAlive }];
