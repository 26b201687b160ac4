import { tradeRoutes } from '@yunhu/contract';
import { t } from '../../../locales/zh-CN';
import { ListPage } from '../../../shared/list/ListPage';
import { platformOrderPageKey } from '../api';
import { OrderFilters, toOrderRequest } from '../components/OrderFilters';
import { orderColumns } from '../components/orderColumns';

/** 订单管理 (platform/order): every enterprise's orders. */
export const PlatformOrderPage = () => (
  <ListPage
    pageKey={platformOrderPageKey}
    title={t.trade.platformOrderTitle}
    route={tradeRoutes.platformOrderPage}
    rowKey="orderNo"
    columns={orderColumns(true)}
    toRequest={toOrderRequest}
    filters={<OrderFilters />}
  />
);
