import type { TCallFigures } from '@yunhu/contract';
import { Card, type TableProps } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { useMemo } from 'react';
import * as t from '../../../locales/zh-CN';
import { RowsTable } from '../../../shared/list/RowsTable';
import { filterOfDays, useDeptCensus, useLineCensus } from '../census/api';
import { CensusScreen } from '../census/CensusScreen';
import { figureColumns } from '../census/figureColumns';
import { StatisticsNav } from '../census/StatisticsNav';
import { useCensusDays } from '../census/useCensusDays';

const c = t.callCensus;

const tableColumns = <T extends TCallFigures>() =>
  figureColumns<T>().map(({ sortField: _s, isHiddenByDefault: _h, ...col }) => col);

type TCensusCardProps<T extends TCallFigures> = {
  title: string;
  testId: string;
  rowKey: TableProps<T>['rowKey'];
  query: { data?: T[]; isFetching: boolean };
  /** The column that names a row (the line, the department); the call figures follow it. */
  named: ColumnType<T>;
};

/** One card of the day's figures, a row each line or department. */
const CensusCard = <T extends TCallFigures>({ title, testId, rowKey, query, named }: TCensusCardProps<T>) => (
  <Card title={title} data-testid={testId}>
    <RowsTable<T>
      rowKey={rowKey}
      loading={query.isFetching}
      scroll={{ x: 'max-content' }}
      rows={query.data ?? []}
      columns={[named, ...tableColumns<T>()]}
    />
  </Card>
);

/** 线路统计 (machineDetail, hua-ji-census) with the departments' figures (local-census) below. */
export const MachineDetailPage = () => {
  const [days, setDays] = useCensusDays();
  const filter = useMemo(() => filterOfDays(days), [days]);
  const lines = useLineCensus(filter);
  const depts = useDeptCensus(filter);
  return (
    <CensusScreen days={days} onDaysChange={setDays} head={<StatisticsNav current="machineDetail" days={days} />}>
      <CensusCard
        title={c.linesTitle}
        testId="call-statistics-lines"
        rowKey="lineId"
        query={lines}
        named={{ key: 'lineName', title: c.line, dataIndex: 'lineName' }}
      />
      <CensusCard
        title={c.deptsTitle}
        testId="call-statistics-depts"
        rowKey={(r) => String(r.deptId)}
        query={depts}
        named={{ key: 'deptName', title: c.dept, dataIndex: 'deptName', render: (v: string) => v || c.noDept }}
      />
    </CensusScreen>
  );
};
