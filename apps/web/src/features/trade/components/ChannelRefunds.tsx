import {
  channelRefundStateLabel,
  money,
  refundChannelLabel,
  type TChannelRefund,
  type TChannelRefundState,
} from '@yunhu/contract';
import { Space, Tag, Tooltip, Typography } from 'antd';
import * as t from '../../../locales/zh-CN';
import { moneyColumn } from '../../../shared/list/moneyColumn';
import type { TListColumn } from '../../../shared/list/types';

const s = t.trade;
const color: Record<TChannelRefundState, string> = {
  pending: 'orange',
  processing: 'blue',
  success: 'green',
  failed: 'red',
};

/** Why a share is where it is: the failure (its money back in the balance) or the last unanswered attempt. */
const noteOf = (r: TChannelRefund) =>
  r.state === 'failed'
    ? `${r.reason}，${s.refundFailedBack}`
    : r.state === 'pending' && r.reason
      ? `${r.reason}（${s.refundAttempts(r.attempts)}）`
      : '';

/** One share's state as a tag; its reason beside it when it failed (退款失败), in a tooltip otherwise. */
export const ChannelRefundState = (props: { share: TChannelRefund }) => {
  const { share } = props;
  const note = noteOf(share);
  const tag = (
    <Tag color={color[share.state]} data-testid={`refund-share-${share.refundNo}`}>
      {channelRefundStateLabel[share.state]}
    </Tag>
  );
  return note && share.state !== 'failed' ? <Tooltip title={note}>{tag}</Tooltip> : tag;
};

/**
 * 退款进度 of an approved 原路退回: each order's share (the order, the amount, where it went) and its
 * state; a failed share says why and that its money is back in the balance.
 */
export const ChannelRefunds = (props: { shares: TChannelRefund[] }) => {
  if (props.shares.length === 0) return <>—</>;
  return (
    <Space direction="vertical" size={2}>
      {props.shares.map((r) => (
        <span key={r.refundNo}>
          <Typography.Text>{s.refundShare(r.orderNo, money(r.amount))}</Typography.Text>{' '}
          {r.channel === 'balance' ? (
            <Tag>{s.refundShareBalance}</Tag>
          ) : (
            <>
              <ChannelRefundState share={r} />
              {r.state === 'failed' && (
                <Typography.Text type="danger" data-testid={`refund-share-reason-${r.refundNo}`}>
                  {noteOf(r)}
                </Typography.Text>
              )}
            </>
          )}
        </span>
      ))}
    </Space>
  );
};

/** The columns of an order's refund shares (订单详情 › 退款记录). */
export const channelRefundColumns: TListColumn<TChannelRefund>[] = [
  { key: 'refundNo', title: s.refundNo, dataIndex: 'refundNo' },
  moneyColumn(s.amount, 'amount'),
  {
    key: 'channel',
    title: s.refundChannel,
    dataIndex: 'channel',
    render: (v: string) => refundChannelLabel[v] ?? v,
  },
  {
    key: 'state',
    title: s.refundShareState,
    render: (_v: unknown, r: TChannelRefund) => <ChannelRefundState share={r} />,
  },
  { key: 'note', title: s.refundShareNote, render: (_v: unknown, r: TChannelRefund) => noteOf(r) || '—' },
];
