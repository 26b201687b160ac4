import { agentRoutes, money, orderStateLabel, type TAgentOrder } from '@yunhu/contract';
import { Tag } from 'antd';
import * as t from '../../../locales/zh-CN';
import { TextFilter } from '../../../shared/list/FilterItems';
import { fieldColumns } from '../../../shared/list/fieldColumns';
import { ListPage } from '../../../shared/list/ListPage';
import { moneyColumn } from '../../../shared/list/moneyColumn';
import { RouteTabs } from '../../../shared/list/RouteTabs';
import { timeColumn } from '../../../shared/list/timeColumn';
import type { TListColumn } from '../../../shared/list/types';
import { agentOrderPageKey, useAgentInfo } from '../api';
import { AgentUnsubscribeList } from '../components/AgentUnsubscribeList';

const a = t.agent;

/** 订单与利润's first tab: its enterprises' paid orders with the margin on each, and the total. */
const AgentOrders = () => {
  const info = useAgentInfo();
  const columns: TListColumn<TAgentOrder>[] = [
    ...fieldColumns<TAgentOrder>({ orderNo: a.orderNo, enterpriseName: a.enterpriseName, subject: a.subject }),
    moneyColumn(a.amount, 'amount'),
    {
      key: 'state',
      title: a.state,
      dataIndex: 'state',
      render: (v: TAgentOrder['state']) => <Tag>{orderStateLabel[v]}</Tag>,
    },
    moneyColumn(a.refunded, 'refundedAmount'),
    {
      key: 'margin',
      title: a.orderMargin,
      dataIndex: 'margin',
      render: (v: number) => <span data-testid="agent-order-margin">{money(v)}</span>,
    },
    {
      key: 'marginReversed',
      title: a.marginReversed,
      dataIndex: 'marginReversed',
      render: (v: number) => (v ? money(-v) : '—'),
    },
    timeColumn(a.paidAt, { key: 'paidAt', empty: '—' }),
  ];
  return (
    <ListPage
      pageKey={agentOrderPageKey}
      title={a.orders}
      hint={
        info.data && (
          <span data-testid="agent-margin-total">{a.total(money(info.data.balance), info.data.enterpriseCount)}</span>
        )
      }
      route={agentRoutes.orderPage}
      rowKey="orderNo"
      columns={columns}
      filters={
        <TextFilter name="enterpriseName" label={a.enterpriseName} placeholder={a.namePlaceholder} width={180} />
      }
    />
  );
};

/** 订单与利润 (agent/orders): the orders and margins, and the enterprises' 退订 applications. */
export const AgentOrderPage = () => (
  <RouteTabs
    items={[
      { key: 'orders', label: t.agentStock.ordersTab, children: <AgentOrders /> },
      { key: 'unsubscribes', label: t.agentStock.unsubscribesTab, children: <AgentUnsubscribeList /> },
    ]}
  />
);
