import { agentRoutes, enterpriseStatusLabel, type TAgentSeatSummary } from '@yunhu/contract';
import { Tag } from 'antd';
import * as t from '../../../locales/zh-CN';
import { TextFilter } from '../../../shared/list/FilterItems';
import { ListPage } from '../../../shared/list/ListPage';
import type { TListColumn } from '../../../shared/list/types';
import { agentSeatSummaryPageKey } from '../noticeApi';

const s = t.agentSeat;
/** Billed seconds as minutes: whole when whole, else to a tenth (6-second lines bill in tenths). */
const minutes = (seconds: number) => (seconds % 60 === 0 ? String(seconds / 60) : (seconds / 60).toFixed(1));

const columns: TListColumn<TAgentSeatSummary>[] = [
  { key: 'enterpriseName', title: s.enterpriseName, dataIndex: 'enterpriseName' },
  {
    key: 'status',
    title: s.status,
    dataIndex: 'status',
    render: (v: string) => <Tag>{enterpriseStatusLabel[v as keyof typeof enterpriseStatusLabel] ?? v}</Tag>,
  },
  {
    key: 'liveSeats',
    title: s.liveSeats,
    dataIndex: 'liveSeats',
    render: (v: number) => <span data-testid="seat-summary-live">{v}</span>,
  },
  {
    key: 'expiringSeats',
    title: s.expiringSeats,
    dataIndex: 'expiringSeats',
    render: (v: number) => (v > 0 ? <Tag color="orange">{v}</Tag> : v),
  },
  { key: 'expiredSeats', title: s.expiredSeats, dataIndex: 'expiredSeats' },
  {
    key: 'seatMonths',
    title: s.seatMonths,
    dataIndex: 'seatMonths',
    render: (v: number) => <span data-testid="seat-summary-months">{v}</span>,
  },
  { key: 'calls', title: s.calls, dataIndex: 'calls' },
  { key: 'billedSeconds', title: s.billedMinutes, dataIndex: 'billedSeconds', render: minutes },
  { key: 'analysedCalls', title: s.analysedCalls, dataIndex: 'analysedCalls' },
  {
    key: 'intentions',
    title: s.intentions,
    render: (_v, r) => <span data-testid="seat-summary-intentions">{s.intentionSummary(r.intentions)}</span>,
  },
];

/** 坐席汇总 (Resource/JSXseatSummary): seats and this month's use and analysed calls of each enterprise of the agent. */
export const AgentSeatSummaryPage = () => (
  <ListPage
    pageKey={agentSeatSummaryPageKey}
    title={s.summary}
    hint={s.hint}
    route={agentRoutes.seatSummary}
    rowKey="enterpriseId"
    columns={columns}
    filters={<TextFilter name="name" label={s.enterpriseName} placeholder={s.namePlaceholder} width={180} />}
  />
);
