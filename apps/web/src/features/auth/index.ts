import { lazyComponent } from '../../shared/lazyComponent';

/** Sign-in and its pieces other features reuse (the personal centre's security card, WeChat binding). */
export { authRoutes } from './routes';
export { useWechatTicket } from './useWechatTicket';

export const MobileCodeFields = lazyComponent(() => import('./components/MobileCodeFields'), 'MobileCodeFields');
export const PasswordFields = lazyComponent(() => import('./components/PasswordFields'), 'PasswordFields');
export const WechatQr = lazyComponent(() => import('./components/WechatQr'), 'WechatQr');
