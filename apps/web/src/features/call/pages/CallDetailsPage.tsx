import { callCensusRoutes, Perm, type TDayAgentFigures } from '@yunhu/contract';
import { Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import * as t from '../../../locales/zh-CN';
import { ListPage } from '../../../shared/list/ListPage';
import type { TListColumn } from '../../../shared/list/types';
import { filterOfDays } from '../census/api';
import { CensusScreen } from '../census/CensusScreen';
import { figureColumns } from '../census/figureColumns';
import { StatisticsNav } from '../census/StatisticsNav';
import { daysQuery, useCensusDays } from '../census/useCensusDays';

const c = t.callCensus;

const dayColumns = (withAgent: boolean): TListColumn<TDayAgentFigures>[] => [
  { key: 'day', title: c.day, dataIndex: 'day' },
  ...(withAgent
    ? [
        { key: 'realName', title: c.agent, dataIndex: 'realName' } as TListColumn<TDayAgentFigures>,
        { key: 'deptName', title: c.dept, dataIndex: 'deptName' } as TListColumn<TDayAgentFigures>,
      ]
    : []),
  ...figureColumns<TDayAgentFigures>(),
];

/** 每日话务明细 (callDetails, getCensusDetail): per day and agent, newest day first, with its download. */
export const CallDetailsPage = () => {
  const [days, setDays] = useCensusDays();
  return (
    <CensusScreen days={days} onDaysChange={setDays} head={<StatisticsNav current="callDetails" days={days} />}>
      <ListPage
        key={`${days.fromDay}_${days.toDay}`}
        pageKey="call-statistics-days"
        title={c.daysTitle}
        route={callCensusRoutes.getCensusDetail}
        columns={dayColumns(true)}
        params={filterOfDays(days)}
        export={{
          route: callCensusRoutes.censusDetailDownload,
          fileName: c.exportDays,
          permission: Perm.callStatisticsExport,
        }}
      />
    </CensusScreen>
  );
};

/** 坐席每日话务 (userDetails?userId=): one agent's days (getCensusDetail with that agent). */
export const UserDetailsPage = () => {
  const [days, setDays, params] = useCensusDays();
  const navigate = useNavigate();
  const userId = Number(params.get('userId'));
  const name = params.get('name');
  const filter = { ...filterOfDays(days), ...(userId > 0 ? { userIds: [userId] } : {}) };
  return (
    <CensusScreen
      days={days}
      onDaysChange={setDays}
      head={<Button onClick={() => navigate(`/menu/phoneStatistics?${daysQuery(days)}`)}>{c.back}</Button>}
    >
      <ListPage
        key={`${userId}_${days.fromDay}_${days.toDay}`}
        pageKey="call-statistics-user"
        urlKey="user"
        title={name ? c.userTitle(name) : c.userTitlePlain}
        route={callCensusRoutes.getCensusDetail}
        rowKey="day"
        columns={dayColumns(false)}
        params={filter}
        export={{
          route: callCensusRoutes.censusDetailDownload,
          fileName: c.exportDays,
          permission: Perm.callStatisticsExport,
        }}
      />
    </CensusScreen>
  );
};
