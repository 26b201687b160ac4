import { lazyPage } from '../../app/lazyPage';

/** Customers: the screens, and the census card of the home page. */
export { crmRoutes } from './routes';

/** Its own chunk: loaded only for people who may see customers (render in Suspense). */
export const CustomerCensusCard = lazyPage(() => import('./census/CustomerCensusCard'), 'CustomerCensusCard');
