import {
  refundChannelLabel,
  refundKindLabel,
  refundStateLabel,
  refundStates,
  type TRefundKind,
  type TRefundState,
  TradePerm,
  tradeRoutes,
} from '@yunhu/contract';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import * as t from '../../../locales/zh-CN';
import { optionsOf } from '../../../shared/form/options';
import { DateRangeFilter, SelectFilter, TextFilter } from '../../../shared/list/FilterItems';
import { ListPage } from '../../../shared/list/ListPage';
import { moneyColumn } from '../../../shared/list/moneyColumn';
import type { TListColumn } from '../../../shared/list/types';
import type { TRefundRow } from '../api';
import { ChannelRefunds } from './ChannelRefunds';
import { toOrderRequest } from './OrderFilters';
import { fmtTime } from './orderColumns';

const s = t.trade;
const stateColor: Record<TRefundState, string> = { pending: 'orange', approved: 'green', rejected: 'default' };

/** The columns of a refund list (退订账单, 坐席退订, the platform's review). */
export const refundColumns = (withEnterprise: boolean): TListColumn<TRefundRow>[] => [
  { key: 'applyNo', title: s.applyNo, dataIndex: 'applyNo', width: 200 },
  ...(withEnterprise ? [{ key: 'enterpriseName', title: s.enterprise, dataIndex: 'enterpriseName' }] : []),
  { key: 'kind', title: s.refundKind, dataIndex: 'kind', render: (k: TRefundKind) => refundKindLabel[k] },
  { key: 'subject', title: s.subject, dataIndex: 'subject', ellipsis: true },
  {
    key: 'months',
    title: s.refundMonths,
    dataIndex: 'months',
    render: (v: number, row: TRefundRow) => (row.kind === 'seat' ? v : '—'),
  },
  moneyColumn(s.refundAmount, 'amount'),
  {
    key: 'state',
    title: s.refundState,
    dataIndex: 'state',
    render: (v: TRefundState) => (
      <Tag color={stateColor[v]} data-testid="refund-state">
        {refundStateLabel[v]}
      </Tag>
    ),
  },
  {
    key: 'channel',
    title: s.refundChannel,
    dataIndex: 'channel',
    render: (v: string | null) => (v ? (refundChannelLabel[v] ?? v) : '—'),
  },
  {
    key: 'channelRefunds',
    title: s.refundProgress,
    dataIndex: 'channelRefunds',
    width: 300,
    render: (v: TRefundRow['channelRefunds']) => <ChannelRefunds shares={v} />,
  },
  { key: 'reason', title: s.applyReason, dataIndex: 'reason', ellipsis: true },
  {
    key: 'rejectReason',
    title: s.rejectReason,
    dataIndex: 'rejectReason',
    render: (v: string) => v || '—',
  },
  { key: 'createdByName', title: s.applicant, dataIndex: 'createdByName' },
  { key: 'createdAt', title: s.appliedAt, dataIndex: 'createdAt', render: fmtTime },
  { key: 'examinedAt', title: s.examinedAt, dataIndex: 'examinedAt', render: fmtTime, isHiddenByDefault: true },
];

/** The refund lists' filters: application number, state, day range of applying. */
export const RefundFilters = () => (
  <>
    <TextFilter name="applyNo" label={s.applyNo} placeholder={s.applyNoPlaceholder} testId="refund-filter-no" />
    <SelectFilter name="state" label={s.refundState} options={optionsOf(refundStates, refundStateLabel)} />
    <DateRangeFilter name="range" label={s.appliedAt} />
  </>
);

type TRefundListProps = {
  pageKey: string;
  /** Names the list's query parameters beside another list of the screen (tabs). */
  urlKey?: string;
  title: string;
  kind?: TRefundKind;
  extra?: ReactNode;
};

/** 退订账单 (every kind) or 坐席退订 (`kind` seat): the enterprise's refund applications, with export. */
export const RefundList = (props: TRefundListProps) => (
  <ListPage
    pageKey={props.pageKey}
    urlKey={props.urlKey}
    title={props.title}
    route={tradeRoutes.refundPage}
    columns={refundColumns(false)}
    toRequest={(v) => ({ ...toOrderRequest(v), kind: props.kind })}
    export={{ route: tradeRoutes.refundExport, fileName: s.refundExportName, permission: TradePerm.orderExport }}
    filters={<RefundFilters />}
    toolbar={props.extra}
  />
);
