import { callAnalysisRoutes, mmss, Perm, type TSeatSummaryRow } from '@yunhu/contract';
import type { Dayjs } from 'dayjs';
import * as t from '../../../locales/zh-CN';
import { presetDays, rangeOfDays } from '../../../shared/census/range';
import { DateRangeFilter } from '../../../shared/list/FilterItems';
import { ListPage } from '../../../shared/list/ListPage';
import type { TListColumn } from '../../../shared/list/types';
import { beijingDayEnd, beijingDayStart } from '../../../shared/time/beijing';

const c = t.callAnalysis.seatSummary;

const seconds = (v: number | null) => (v === null ? '-' : c.seconds(v));
const percent = (v: number | null) => (v === null ? '-' : c.percent(v));

const columns: TListColumn<TSeatSummaryRow>[] = [
  { key: 'day', title: c.day, dataIndex: 'day', width: 110 },
  { key: 'realName', title: c.agent, dataIndex: 'realName' },
  { key: 'deptName', title: c.dept, dataIndex: 'deptName', render: (v: string | null) => v || '-' },
  { key: 'analysedCalls', title: c.analysedCalls, dataIndex: 'analysedCalls' },
  { key: 'talkSec', title: c.talk, dataIndex: 'talkSec', render: (v: number) => mmss(v) },
  { key: 'agentSharePercent', title: c.agentShare, dataIndex: 'agentSharePercent', render: percent },
  {
    key: 'silence',
    title: c.silence,
    render: (_v, r) => c.silenceSummary(r.silenceCount, r.silenceTotalSec, r.silenceLongestSec),
  },
  {
    key: 'overlap',
    title: c.overlap,
    render: (_v, r) => c.overlapSummary(r.overlapCount, r.agentInterruptions, r.customerInterruptions),
  },
  { key: 'turnsPerCall', title: c.turnsPerCall, dataIndex: 'turnsPerCall', render: (v: number | null) => v ?? '-' },
  {
    key: 'intentions',
    title: c.intentions,
    render: (_v, r) => c.intentionSummary(r.intentions),
  },
  { key: 'ruleHits', title: c.ruleHits, dataIndex: 'ruleHits' },
  {
    key: 'customerFirstWordsSec',
    title: c.customerFirstWords,
    dataIndex: 'customerFirstWordsSec',
    render: seconds,
  },
];

/** The picked days as the request's range, the last 7 Beijing days when none is picked. */
const toRequest = ({ range, ...rest }: Record<string, unknown>) => {
  const picked = range as [Dayjs, Dayjs] | undefined;
  const { from, to } = picked ? { from: beijingDayStart(picked[0]), to: beijingDayEnd(picked[1]) } : lastWeek();
  return { ...rest, startRange: [from, to] };
};
const lastWeek = () => rangeOfDays(presetDays('last7', Date.now()));

/** 坐席小结 (account/seatSummary): each agent's days of analysed calls, added up, in the reader's scope. */
export const SeatSummaryPage = () => (
  <ListPage
    pageKey="seat-summary"
    rowKey="key"
    title={c.title}
    hint={c.hint}
    route={callAnalysisRoutes.seatSummary}
    columns={columns}
    toRequest={toRequest}
    export={{ route: callAnalysisRoutes.seatSummaryExport, permission: Perm.callStatisticsExport }}
    filters={<DateRangeFilter name="range" label={c.range} />}
  />
);
