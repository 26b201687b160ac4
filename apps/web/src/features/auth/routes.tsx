import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../app/lazyPage';

const LoginPage = lazyPage(() => import('./pages/LoginPage'), 'LoginPage');
const RegisterPage = lazyPage(() => import('./pages/RegisterPage'), 'RegisterPage');
const WxLoginPage = lazyPage(() => import('./pages/WxLoginPage'), 'WxLoginPage');
const JurisdictionPage = lazyPage(() => import('./pages/JurisdictionPage'), 'JurisdictionPage');

/** Spec section 2: the public routes. */
export const authRoutes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/register', element: <RegisterPage /> },
  { path: '/wxlogin', element: <WxLoginPage /> },
  { path: '/jurisdiction', element: <JurisdictionPage /> },
];
