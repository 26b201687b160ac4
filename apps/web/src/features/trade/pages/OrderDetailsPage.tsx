import {
  money,
  orderKindLabel,
  payChannelLabel,
  paymentStateLabel,
  type TOrderItem,
  type TPayChannel,
  type TPaymentState,
} from '@yunhu/contract';
import { Button, Card, Descriptions, Space, type TableProps } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import * as t from '../../../locales/zh-CN';
import { moneyColumn } from '../../../shared/list/moneyColumn';
import { RowsTable } from '../../../shared/list/RowsTable';
import type { TListColumn } from '../../../shared/list/types';
import { type TOrderDetails, useOrderDetails } from '../api';
import { channelRefundColumns } from '../components/ChannelRefunds';
import { fmtTime, OrderState } from '../components/orderColumns';
import { RechargeRefundButton } from '../components/RechargeRefundButton';

const s = t.trade;
type TPaymentRow = TOrderDetails['payments'][number];

// A seat order's items carry months (per seat), a package's minutes and days, a 线索包's units.
const itemColumns: TListColumn<TOrderItem>[] = [
  { key: 'name', title: s.itemName, dataIndex: 'name' },
  {
    key: 'minutes',
    title: s.minutes,
    dataIndex: 'minutes',
    render: (m: number, it) => (it.units !== undefined ? s.clueUnitsOf(it.units) : it.months ? '—' : s.minutesOf(m)),
  },
  {
    key: 'validity',
    title: s.validity,
    dataIndex: 'validityDays',
    render: (d: number, it) => (it.units !== undefined ? s.longTerm : it.months ? s.monthsOf(it.months) : s.daysOf(d)),
  },
  moneyColumn(s.unitPrice, 'unitPrice'),
  { key: 'quantity', title: s.quantity, dataIndex: 'quantity' },
  { key: 'sum', title: s.amount, render: (_v, it) => money(it.unitPrice * it.quantity) },
];

const paymentColumns: TListColumn<TPaymentRow>[] = [
  { key: 'outTradeNo', title: s.outTradeNo, dataIndex: 'outTradeNo' },
  { key: 'channel', title: s.channel, dataIndex: 'channel', render: (c: TPayChannel) => payChannelLabel[c] },
  moneyColumn(s.amount, 'amount'),
  { key: 'state', title: s.state, dataIndex: 'state', render: (v: TPaymentState) => paymentStateLabel[v] },
  { key: 'channelTradeNo', title: s.channelTradeNo, dataIndex: 'channelTradeNo' },
  { key: 'paidAt', title: s.paidAt, dataIndex: 'paidAt', render: fmtTime },
  { key: 'note', title: s.note, dataIndex: 'note' },
];

type TDetailTableProps<T> = {
  title: string;
  rowKey: TableProps<T>['rowKey'];
  rows: T[];
  columns: TListColumn<T>[];
  testId?: string;
};

/** One part of the order (items, payments, refunds) under its heading: all its rows, unpaged. */
const DetailTable = <T extends object>({ title, rowKey, rows, columns, testId }: TDetailTableProps<T>) => (
  <>
    <h4 style={{ marginTop: 24 }}>{title}</h4>
    <RowsTable<T> rowKey={rowKey} rows={rows} columns={columns} data-testid={testId} />
  </>
);

/** 订单详情 (order/orderDetails?orderNo=…): the order, its items and every payment attempt. */
export const OrderDetailsPage = () => {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const orderNo = params.get('orderNo') ?? '';
  const details = useOrderDetails(orderNo);
  const o = details.data;
  return (
    <Card
      title={s.detailsTitle}
      loading={details.isLoading}
      extra={
        <Space>
          {o && <RechargeRefundButton order={o} />}
          <Button onClick={() => navigate(-1)}>{s.back}</Button>
        </Space>
      }
      data-testid="order-details"
    >
      {o && (
        <>
          <Descriptions bordered size="small" column={2}>
            <Descriptions.Item label={s.orderNo}>{o.orderNo}</Descriptions.Item>
            <Descriptions.Item label={s.state}>
              <OrderState state={o.state} />
            </Descriptions.Item>
            <Descriptions.Item label={s.kind}>{orderKindLabel[o.kind]}</Descriptions.Item>
            <Descriptions.Item label={s.amount}>{money(o.amount)}</Descriptions.Item>
            <Descriptions.Item label={s.refunded}>{money(o.refundedAmount)}</Descriptions.Item>
            <Descriptions.Item label={s.channel}>{o.channel ? payChannelLabel[o.channel] : '—'}</Descriptions.Item>
            <Descriptions.Item label={s.channelTradeNo}>{o.channelTradeNo ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={s.createdBy}>{o.createdByName}</Descriptions.Item>
            <Descriptions.Item label={s.createdAt}>{fmtTime(o.createdAt)}</Descriptions.Item>
            <Descriptions.Item label={s.expireAt}>{fmtTime(o.expireAt)}</Descriptions.Item>
            <Descriptions.Item label={s.paidAt}>{fmtTime(o.paidAt)}</Descriptions.Item>
          </Descriptions>
          <DetailTable
            title={s.items}
            rowKey={(it) => `${it.productId}-${it.seatId ?? ''}-${it.name}`}
            rows={o.items}
            columns={itemColumns}
          />
          <DetailTable title={s.payments} rowKey="outTradeNo" rows={o.payments} columns={paymentColumns} />
          {o.refunds.length > 0 && (
            <DetailTable
              title={s.refundRecords}
              rowKey="refundNo"
              rows={o.refunds}
              columns={channelRefundColumns}
              testId="order-refunds"
            />
          )}
        </>
      )}
    </Card>
  );
};
