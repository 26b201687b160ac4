import type { TLineView } from '@yunhu/contract';
import { Card, Empty, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { t } from '../../../locales/zh-CN';
import { useLines } from '../api';

const l = t.line;
const modeColor = (mode: number) => (mode === 2 ? 'blue' : mode === 0 ? 'green' : 'purple');

const columns: ColumnsType<TLineView> = [
  { key: 'name', title: l.name, dataIndex: 'name' },
  {
    key: 'mode',
    title: l.mode,
    dataIndex: 'modeLabel',
    render: (v: string, r) => <Tag color={modeColor(r.mode)}>{v}</Tag>,
  },
  { key: 'price', title: l.price, dataIndex: 'pricePerMinute', render: (fen: number) => l.pricePerMinute(fen) },
  { key: 'area', title: l.area, dataIndex: 'area' },
  {
    key: 'callerNumbers',
    title: l.callerNumbers,
    dataIndex: 'callerNumbers',
    // Spaced and wrapping: antd 6 tags carry no margin, so the numbers touched.
    render: (v: string[]) => (
      <Space size={[4, 4]} wrap>
        {v.map((n) => (
          <Tag key={n} style={{ marginInlineEnd: 0 }}>
            {n}
          </Tag>
        ))}
      </Space>
    ),
  },
  {
    key: 'seats',
    title: l.seats,
    render: (_v, r) =>
      r.seatCount > 0 ? (
        <>
          <Tag color="green">{l.opened}</Tag>
          {l.seatSummary(r.seatCount, r.freeSeatCount)}
        </>
      ) : (
        <Tag>{l.notOpened}</Tag>
      ),
  },
];

/** 线路展示 (userdata/submit/index): the platform's lines, and the enterprise's seats on each. */
export const LinePage = () => {
  const lines = useLines();
  return (
    <Card title={l.title}>
      <Table<TLineView>
        rowKey="id"
        columns={columns}
        dataSource={lines.data ?? []}
        loading={lines.isLoading}
        pagination={false}
        locale={{ emptyText: <Empty description={l.empty} /> }}
        data-testid="line-table"
      />
    </Card>
  );
};
