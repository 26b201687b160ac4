import { lazyComponent } from '../../shared/lazyComponent';

/** The platform's screens and its content pages, and what waits for the operator (his home). */
export { platformContentRoutes } from './contentRoutes';
export { platformRoutes } from './routes';

export const PlatformWaiting = lazyComponent(() => import('./components/PlatformWaiting'), 'PlatformWaiting');
