import { MarketPerm } from '@yunhu/contract';
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../app/lazyPage';
import { RequirePermission } from '../../shared/permission/RequirePermission';

const MarketPage = lazyPage(() => import('./pages/MarketPage'), 'MarketPage');
const MarketManagePage = lazyPage(() => import('./pages/MarketManagePage'), 'MarketManagePage');

/** 第三方市场: the enterprises' market (`ThirdParty/Market`), the platform's 市场管理. */
export const marketPageRoutes: RouteObject[] = [
  {
    path: 'ThirdParty/Market',
    element: (
      <RequirePermission value={MarketPerm.view}>
        <MarketPage />
      </RequirePermission>
    ),
  },
  {
    path: 'platform/market',
    element: (
      <RequirePermission value={MarketPerm.manage}>
        <MarketManagePage />
      </RequirePermission>
    ),
  },
];
