import { BillingPerm } from '@yunhu/contract';
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../app/lazyPage';
import { RequirePermission } from '../../shared/permission/RequirePermission';

const RevenueDetailsPage = lazyPage(() => import('./pages/RevenueDetailsPage'), 'RevenueDetailsPage');
const BillAnalysisPage = lazyPage(() => import('./pages/BillAnalysisPage'), 'BillAnalysisPage');
const PlatformRatesPage = lazyPage(() => import('./pages/PlatformRatesPage'), 'PlatformRatesPage');
const PlatformRevenuePage = lazyPage(() => import('./pages/PlatformRevenuePage'), 'PlatformRevenuePage');

const guarded = (path: string, perm: string, element: React.ReactNode): RouteObject => ({
  path,
  element: <RequirePermission value={perm}>{element}</RequirePermission>,
});

/** 收支明细, 账单分析 and the platform's 线路资费, 平台收支 (DESIGN.md section 7). */
export const billingPageRoutes: RouteObject[] = [
  guarded('money/revenueDetails', BillingPerm.moneyList, <RevenueDetailsPage />),
  guarded('account/billAnalysis', BillingPerm.billList, <BillAnalysisPage />),
  guarded('platform/rates', BillingPerm.platformRate, <PlatformRatesPage />),
  guarded('platform/revenue', BillingPerm.platformRevenue, <PlatformRevenuePage />),
];
