import { Button, Result } from 'antd';
import { Suspense } from 'react';
import { createHashRouter, Navigate, type RouteObject, useNavigate } from 'react-router-dom';
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
import { t } from '../locales/zh-CN';
import { AppLayout } from './layout/AppLayout';
import { PageLoading } from './layout/PageLoading';
import { RouteGuard } from './RouteGuard';

const NotFound = () => {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={t.app.notFound}
      extra={
        <Button type="primary" onClick={() => navigate('/menu/home')}>
          {t.app.backHome}
        </Button>
      }
    />
  );
};

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
    children: [
      ...authRoutes.map((r) => ({ ...r, element: <Suspense fallback={<PageLoading />}>{r.element}</Suspense> })),
      {
        path: '/menu',
        element: <AppLayout />,
        children: [
          { index: true, element: <Navigate to="home" replace /> },
          ...menuRoutes,
          { path: '*', element: <NotFound /> },
        ],
      },
      { path: '/', element: <Navigate to="/login" replace /> },
      { path: '*', element: <Navigate to="/menu/home" replace /> },
    ],
  },
];

export const createRouter = () => createHashRouter(routes);
