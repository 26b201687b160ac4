import type { TAgentLineStock } from '@yunhu/contract';
import { Card, Table, Tag } from 'antd';
import * as t from '../../../locales/zh-CN';
import { Hint } from '../../../shared/components/Hint';
import { fieldColumns } from '../../../shared/list/fieldColumns';
import type { TListColumn } from '../../../shared/list/types';
import { BaseLineList } from '../components/BaseLineList';
import { useLineStock } from '../stockApi';

const s = t.agentStock;

const columns: TListColumn<TAgentLineStock>[] = [
  { key: 'lineName', title: s.lineName, dataIndex: 'lineName' },
  {
    key: 'opened',
    title: s.state,
    dataIndex: 'opened',
    render: (v: boolean) => (v ? <Tag color="green">{s.opened}</Tag> : <Tag>{s.closed}</Tag>),
  },
  ...fieldColumns<TAgentLineStock>({
    enterpriseCount: s.enterpriseCount,
    liveSeats: s.liveSeats,
    packetCount: s.packetCount,
    soldMinutes: s.soldMinutes,
  }),
  {
    key: 'remainingSeconds',
    title: s.remainingMinutes,
    dataIndex: 'remainingSeconds',
    render: (v: number) => Math.floor(v / 60),
  },
];

/** 线路库存 (agent/stock): the lines opened for the agent, what its enterprises hold on each, and their base prices. */
export const AgentStockPage = () => {
  const stock = useLineStock();
  return (
    <>
      <Card title={s.stockTitle}>
        <Hint>{s.stockHint}</Hint>
        <Table<TAgentLineStock>
          data-testid="agent-line-stock"
          rowKey="lineId"
          size="middle"
          loading={stock.isLoading}
          dataSource={stock.data ?? []}
          columns={columns}
          pagination={false}
        />
      </Card>
      {/* 线路底价 (getBaseLinePage): the opened lines' base prices, the figures 开通线路 shows the platform. */}
      <div style={{ marginTop: 16 }}>
        <BaseLineList isPlatform={false} />
      </div>
    </>
  );
};
