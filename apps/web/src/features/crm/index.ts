import { lazyPage } from '../../app/lazyPage';
import { lazyComponent } from '../../shared/lazyComponent';

/** Customers: the screens, and the census card of the home page. */
export { crmRoutes } from './routes';

/** Its own chunk: loaded only for people who may see customers (render in Suspense). */
export const CustomerCensusCard = lazyPage(() => import('./census/CustomerCensusCard'), 'CustomerCensusCard');

/** The customer of the soft-phone call under way, for the dock: its own chunk, loaded with the first such call. */
export const CallCustomerCard = lazyComponent(() => import('./components/CallCustomerCard'), 'CallCustomerCard');
