/** Sign-in and its pieces other features reuse (the personal centre's security card, WeChat binding). */
export { MobileCodeFields } from './components/MobileCodeFields';
export { PasswordFields } from './components/PasswordFields';
export { WechatQr } from './components/WechatQr';
export { authRoutes } from './routes';
export { useWechatTicket } from './useWechatTicket';
