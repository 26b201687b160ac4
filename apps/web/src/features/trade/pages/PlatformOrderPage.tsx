import { TradePerm, tradeRoutes } from '@yunhu/contract';
import * as t from '../../../locales/zh-CN';
import { ListPage } from '../../../shared/list/ListPage';
import { actionsColumn } from '../../../shared/list/types';
import { usePermission } from '../../../shared/permission/usePermission';
import { platformOrderPageKey, type TOrderRow } from '../api';
import { OrderFilters, toOrderRequest } from '../components/OrderFilters';
import { orderColumns } from '../components/orderColumns';
import { PlatformRechargeRefundButton } from '../components/PlatformRechargeRefundButton';

/** 订单管理 (platform/order): every enterprise's orders; a paid top-up's unused part can be refunded from here. */
export const PlatformOrderPage = () => {
  const canRefund = usePermission(TradePerm.platformRefund);
  return (
    <ListPage
      pageKey={platformOrderPageKey}
      title={t.trade.platformOrderTitle}
      route={tradeRoutes.platformOrderPage}
      rowKey="orderNo"
      columns={[
        ...orderColumns(true),
        ...actionsColumn<TOrderRow>(canRefund, t.recharge.actions, (row) => (
          <PlatformRechargeRefundButton order={row} />
        )),
      ]}
      toRequest={toOrderRequest}
      filters={<OrderFilters />}
    />
  );
};
