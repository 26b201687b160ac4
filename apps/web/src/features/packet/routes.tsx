import { TradePerm } from '@yunhu/contract';
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../app/lazyPage';
import { RequirePermission } from '../../shared/permission/RequirePermission';

const PacketAdminPage = lazyPage(() => import('./pages/PacketAdminPage'), 'PacketAdminPage');

/** 套餐管理 (the platform's package catalogue). */
export const packetRoutes: RouteObject[] = [
  {
    path: 'platform/packet',
    element: (
      <RequirePermission value={TradePerm.platformPacket}>
        <PacketAdminPage />
      </RequirePermission>
    ),
  },
];
