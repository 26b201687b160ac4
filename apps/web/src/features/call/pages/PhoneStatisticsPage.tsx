import { callCensusRoutes, Perm, type TAgentFigures } from '@yunhu/contract';
import { Link } from 'react-router-dom';
import * as t from '../../../locales/zh-CN';
import { ListPage } from '../../../shared/list/ListPage';
import { actionsColumn, type TListColumn } from '../../../shared/list/types';
import { filterOfDays } from '../census/api';
import { CensusScreen } from '../census/CensusScreen';
import { figureColumns } from '../census/figureColumns';
import { StatisticsNav } from '../census/StatisticsNav';
import { daysQuery, useCensusDays } from '../census/useCensusDays';

const c = t.callCensus;

/** 话务统计 (phoneStatistics): one row per agent of the viewer's scope, sorted and paged on the server. */
export const PhoneStatisticsPage = () => {
  const [days, setDays] = useCensusDays();
  const columns: TListColumn<TAgentFigures>[] = [
    { key: 'realName', title: c.agent, dataIndex: 'realName' },
    { key: 'deptName', title: c.dept, dataIndex: 'deptName', render: (v: string) => v || '-' },
    ...figureColumns<TAgentFigures>(true),
    ...actionsColumn<TAgentFigures>(true, c.actions, (row) => (
      <Link
        to={`/menu/userDetails?userId=${row.userId}&name=${encodeURIComponent(row.realName)}&${daysQuery(days)}`}
        data-testid={`call-statistics-user-${row.userId}`}
      >
        {c.viewDays}
      </Link>
    )),
  ];
  const key = `${days.fromDay}_${days.toDay}`;
  return (
    <CensusScreen days={days} onDaysChange={setDays} head={<StatisticsNav current="phoneStatistics" days={days} />}>
      <ListPage
        key={key}
        pageKey="call-statistics-agents"
        title={c.agentsTitle}
        route={callCensusRoutes.statisticsUsePage}
        rowKey="userId"
        columns={columns}
        params={filterOfDays(days)}
        export={{
          route: callCensusRoutes.statisticsUserExport,
          fileName: c.exportAgents,
          permission: Perm.callStatisticsExport,
        }}
      />
    </CensusScreen>
  );
};
