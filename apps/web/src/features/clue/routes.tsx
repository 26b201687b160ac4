import { CluePerm, TradePerm } from '@yunhu/contract';
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../app/lazyPage';
import { RequirePermission } from '../../shared/permission/RequirePermission';

const LookingPage = lazyPage(() => import('./pages/LookingPage'), 'LookingPage');
const UnlockedPage = lazyPage(() => import('./pages/UnlockedPage'), 'UnlockedPage');
const QuotaPage = lazyPage(() => import('./pages/QuotaPage'), 'QuotaPage');
const BatchPage = lazyPage(() => import('./pages/BatchPage'), 'BatchPage');
const CluePackageAdminPage = lazyPage(() => import('./pages/CluePackageAdminPage'), 'CluePackageAdminPage');

const guarded = (path: string, page: React.ReactNode): RouteObject => ({
  path,
  element: <RequirePermission value={CluePerm.view}>{page}</RequirePermission>,
});

/** 企业线索 (the spec's `Clue/looking`, `Clue/enterprise`, `Clue/enterpriseTry`, `Clue/batchEnterprise`). */
export const cluePageRoutes: RouteObject[] = [
  guarded('Clue/looking', <LookingPage />),
  guarded('Clue/enterprise', <UnlockedPage />),
  guarded('Clue/enterpriseTry', <QuotaPage />),
  guarded('Clue/batchEnterprise', <BatchPage />),
  {
    path: 'platform/cluePackage',
    element: (
      <RequirePermission value={TradePerm.platformPacket}>
        <CluePackageAdminPage />
      </RequirePermission>
    ),
  },
];
