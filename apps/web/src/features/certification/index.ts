import { lazyPage } from '../../app/lazyPage';

/** Enterprise certification: the platform's review screens and the enterprise's own page. */
export { certificationRoutes } from './routes';

/** 企业认证 of the personal centre (personalCenter/reviewTheDetails): the enterprise side of certification. */
export const ReviewTheDetailsPage = lazyPage(() => import('./pages/ReviewTheDetailsPage'), 'ReviewTheDetailsPage');
