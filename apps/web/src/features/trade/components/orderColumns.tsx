import {
  orderKindLabel,
  orderStateLabel,
  payChannelLabel,
  type TOrderKind,
  type TOrderState,
  type TPayChannel,
} from '@yunhu/contract';
import { Tag } from 'antd';
import * as t from '../../../locales/zh-CN';
import { moneyColumn } from '../../../shared/list/moneyColumn';
import type { TListColumn } from '../../../shared/list/types';
import { beijingFormat } from '../../../shared/time/beijing';
import type { TOrderRow } from '../api';

const s = t.trade;
export const fmtTime = (v: number | null) => (v === null ? '—' : beijingFormat(v, 'YYYY-MM-DD HH:mm:ss'));

export const orderStateColor: Record<TOrderState, string> = {
  unpaid: 'orange',
  paid: 'green',
  closed: 'default',
  refunded: 'purple',
  partRefunded: 'purple',
};

export const OrderState = ({ state }: { state: TOrderState }) => (
  <Tag color={orderStateColor[state]} data-testid="order-state">
    {orderStateLabel[state]}
  </Tag>
);

/** The order list's columns, shared by 订单 and the platform's 订单管理. */
export const orderColumns = (withEnterprise: boolean): TListColumn<TOrderRow>[] => [
  { key: 'orderNo', title: s.orderNo, dataIndex: 'orderNo', width: 220 },
  ...(withEnterprise ? [{ key: 'enterpriseName', title: s.enterprise, dataIndex: 'enterpriseName' }] : []),
  { key: 'kind', title: s.kind, dataIndex: 'kind', render: (k: TOrderKind) => orderKindLabel[k] },
  { key: 'subject', title: s.subject, dataIndex: 'subject', ellipsis: true },
  moneyColumn(s.amount, 'amount'),
  { key: 'state', title: s.state, dataIndex: 'state', render: (v: TOrderState) => <OrderState state={v} /> },
  {
    key: 'channel',
    title: s.channel,
    dataIndex: 'channel',
    render: (c: TPayChannel | null) => (c ? payChannelLabel[c] : '—'),
  },
  { key: 'createdByName', title: s.createdBy, dataIndex: 'createdByName', isHiddenByDefault: withEnterprise },
  { key: 'createdAt', title: s.createdAt, dataIndex: 'createdAt', render: fmtTime },
  { key: 'paidAt', title: s.paidAt, dataIndex: 'paidAt', render: fmtTime },
];
