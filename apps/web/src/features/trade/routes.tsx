import { TradePerm } from '@yunhu/contract';
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../app/lazyPage';
import { RequirePermission } from '../../shared/permission/RequirePermission';

const ProcurementPage = lazyPage(() => import('./pages/ProcurementPage'), 'ProcurementPage');
const OrderPage = lazyPage(() => import('./pages/OrderPage'), 'OrderPage');
const OrderDetailsPage = lazyPage(() => import('./pages/OrderDetailsPage'), 'OrderDetailsPage');
const AccountPage = lazyPage(() => import('./pages/AccountPage'), 'AccountPage');
const PlatformOrderPage = lazyPage(() => import('./pages/PlatformOrderPage'), 'PlatformOrderPage');
const PlatformAccountPage = lazyPage(() => import('./pages/PlatformAccountPage'), 'PlatformAccountPage');
const PlatformRefundPage = lazyPage(() => import('./pages/PlatformRefundPage'), 'PlatformRefundPage');
const PlatformSeatPricePage = lazyPage(() => import('./pages/PlatformSeatPricePage'), 'PlatformSeatPricePage');

const guarded = (path: string, perm: string, element: React.ReactNode): RouteObject => ({
  path,
  element: <RequirePermission value={perm}>{element}</RequirePermission>,
});

/**
 * 采购中心, 订单 (with 退订账单 and 坐席退订), 订单详情, 账户明细 and the platform's 订单管理, 退款审核,
 * 企业账户, 坐席价格 (DESIGN.md section 7).
 */
export const tradeRoutes: RouteObject[] = [
  guarded('ProcurementCenter', TradePerm.buy, <ProcurementPage />),
  guarded('order', TradePerm.orderList, <OrderPage />),
  guarded('order/orderDetails', `${TradePerm.orderList};${TradePerm.buy}`, <OrderDetailsPage />),
  guarded('account/accountDetails', TradePerm.accountList, <AccountPage />),
  guarded('platform/order', TradePerm.platformOrder, <PlatformOrderPage />),
  guarded('platform/account', TradePerm.platformAdjust, <PlatformAccountPage />),
  guarded('platform/refund', TradePerm.platformRefund, <PlatformRefundPage />),
  guarded('platform/seatPrice', TradePerm.platformSeatPrice, <PlatformSeatPricePage />),
];
