import type { routeTables, TCallFigures, TResponseOf } from '@yunhu/contract';
import { Card, Space, Table } from 'antd';
import { useMemo } from 'react';
import { t } from '../../../locales/zh-CN';
import { filterOfDays, useDeptCensus, useLineCensus } from '../census/api';
import { CallCensusRange } from '../census/CallCensusRange';
import { figureColumns } from '../census/figureColumns';
import { StatisticsNav } from '../census/StatisticsNav';
import { useCensusDays } from '../census/useCensusDays';

const c = t.callCensus;
type TLineRow = TResponseOf<typeof routeTables.callCensus.huaJiCensus>[number];
type TDeptRow = TResponseOf<typeof routeTables.callCensus.localCensus>[number];

const tableColumns = <T extends TCallFigures>() =>
  figureColumns<T>().map(({ sortField: _s, isHiddenByDefault: _h, ...col }) => col);

/** 线路统计 (machineDetail, hua-ji-census) with the departments' figures (local-census) below. */
export const MachineDetailPage = () => {
  const [days, setDays] = useCensusDays();
  const filter = useMemo(() => filterOfDays(days), [days]);
  const lines = useLineCensus(filter);
  const depts = useDeptCensus(filter);
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap>
          <StatisticsNav current="machineDetail" days={days} />
          <CallCensusRange days={days} onChange={setDays} />
        </Space>
      </Card>
      <Card title={c.linesTitle} data-testid="call-statistics-lines">
        <Table<TLineRow>
          rowKey="lineId"
          size="small"
          loading={lines.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={lines.data ?? []}
          columns={[{ key: 'lineName', title: c.line, dataIndex: 'lineName' }, ...tableColumns<TLineRow>()]}
        />
      </Card>
      <Card title={c.deptsTitle} data-testid="call-statistics-depts">
        <Table<TDeptRow>
          rowKey={(r) => String(r.deptId)}
          size="small"
          loading={depts.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={depts.data ?? []}
          columns={[
            { key: 'deptName', title: c.dept, dataIndex: 'deptName', render: (v: string) => v || c.noDept },
            ...tableColumns<TDeptRow>(),
          ]}
        />
      </Card>
    </Space>
  );
};
