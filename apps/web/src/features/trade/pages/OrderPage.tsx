import { useQuery } from '@tanstack/react-query';
import { TradePerm, tradeRoutes } from '@yunhu/contract';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import * as t from '../../../locales/zh-CN';
import { call } from '../../../shared/http/api';
import { ListPage } from '../../../shared/list/ListPage';
import { RouteTabs } from '../../../shared/list/RouteTabs';
import { RowAction } from '../../../shared/list/RowAction';
import { actionsColumn } from '../../../shared/list/types';
import { useConfirmAction } from '../../../shared/list/useConfirmAction';
import { usePermission } from '../../../shared/permission/usePermission';
import { orderPageKey, refundPageKey, seatCancelPageKey, type TOrderRow, useTradeActions } from '../api';
import { OrderFilters, toOrderRequest } from '../components/OrderFilters';
import { orderColumns } from '../components/orderColumns';
import { PayModal } from '../components/PayModal';
import { RefundList } from '../components/RefundList';

const s = t.trade;

/** The 订单 tab: the enterprise's orders with filters, export, details, paying or cancelling an unpaid one. */
const Orders = () => {
  const navigate = useNavigate();
  const actions = useTradeActions();
  const canBuy = usePermission(TradePerm.buy);
  const { confirm, node } = useConfirmAction();
  const [paying, setPaying] = useState<TOrderRow | null>(null);
  const columns = [
    ...orderColumns(false),
    ...actionsColumn<TOrderRow>(true, s.actions, (row) => (
      <Space size={4} data-testid={`order-actions-${row.orderNo}`}>
        <RowAction onClick={() => navigate(`/menu/order/orderDetails?orderNo=${row.orderNo}`)}>{s.details}</RowAction>
        {canBuy && row.state === 'unpaid' && row.expireAt > Date.now() && (
          <RowAction onClick={() => setPaying(row)}>{s.payNow}</RowAction>
        )}
        {canBuy && row.state === 'unpaid' && (
          <RowAction isDanger onClick={() => confirm(s.closeConfirm, () => actions.close(row.orderNo))}>
            {s.closeOrder}
          </RowAction>
        )}
      </Space>
    )),
  ];
  return (
    <>
      <ListPage
        pageKey={orderPageKey}
        title={s.orderTitle}
        route={tradeRoutes.orderPage}
        rowKey="orderNo"
        columns={columns}
        toRequest={toOrderRequest}
        export={{ route: tradeRoutes.orderExport, fileName: s.exportName, permission: TradePerm.orderExport }}
        filters={<OrderFilters />}
      />
      {node}
      <PayModal
        orderNo={paying?.orderNo ?? null}
        kind={paying?.kind}
        onClose={() => {
          setPaying(null);
          void actions.refresh();
        }}
      />
    </>
  );
};

/** 退订账单: every application; 申请套餐退订 leads to the packages bought (账户明细), where each has 退订. */
const UnsubscribeBill = () => {
  const navigate = useNavigate();
  const canApply = usePermission(TradePerm.refundApply);
  return (
    <RefundList
      pageKey={refundPageKey}
      urlKey="unsubscribeBill"
      title={s.refundTitle}
      extra={
        canApply && (
          <Button onClick={() => navigate('/menu/account/accountDetails')} data-testid="refund-apply-packet">
            {s.unsubscribeApply}
          </Button>
        )
      }
    />
  );
};

/**
 * 订单 (order) with its tabs: 订单, 退订账单 (unsubscribeBill) and, once the enterprise has paid for a
 * seat, 坐席退订 (seatCancelOrder; the server decides, showSeatCancelTab).
 */
export const OrderPage = () => {
  const seatTab = useQuery({
    queryKey: ['trade', 'showSeatCancelTab'],
    queryFn: () => call(tradeRoutes.showSeatCancelTab, {}),
  });
  return (
    <RouteTabs
      destroyOnHidden
      items={[
        { key: 'orders', label: s.ordersTab, children: <Orders /> },
        {
          key: 'unsubscribeBill',
          label: s.unsubscribeBillTab,
          children: <UnsubscribeBill />,
        },
        ...(seatTab.data?.isShown
          ? [
              {
                key: 'seatCancelOrder',
                label: s.seatCancelTab,
                children: (
                  <RefundList
                    pageKey={seatCancelPageKey}
                    urlKey="seatCancelOrder"
                    title={s.seatCancelTitle}
                    kind="seat"
                  />
                ),
              },
            ]
          : []),
      ]}
    />
  );
};
