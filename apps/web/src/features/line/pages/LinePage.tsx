import { ResourcePerm, type TLineView } from '@yunhu/contract';
import { Card, Empty, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { usePermission } from '../../../shared/permission/usePermission';
import { ScriptSelect } from '../../resource';
import { useLines, useSaveLineScript } from '../api';

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

/**
 * 线路话术: whoever manages the library names the line's script (shown first to agents calling on
 * it) on a line the enterprise holds seats on; others read its title.
 */
const LineScript = ({ line }: { line: TLineView }) => {
  const canManage = usePermission(ResourcePerm.manage);
  const save = useSaveLineScript();
  if (!canManage) return <>{line.scriptTitle ?? ''}</>;
  if (line.seatCount === 0) return <Typography.Text type="secondary">{l.scriptNeedsSeat}</Typography.Text>;
  const onChange = async (scriptId: number | null) => {
    // A refusal is shown by the request itself.
    const isSaved = await save.mutateAsync({ lineId: line.id, scriptId }).then(
      () => true,
      () => false,
    );
    if (isSaved) feedback.message.success(l.scriptSaved);
  };
  return (
    <ScriptSelect
      value={line.scriptId}
      title={line.scriptTitle}
      onChange={onChange}
      disabled={save.isPending}
      style={{ width: 200 }}
      data-testid={`line-script-${line.id}`}
    />
  );
};

const withScript: ColumnsType<TLineView> = [
  ...columns,
  { key: 'script', title: l.script, render: (_v, r) => <LineScript line={r} /> },
];

/** 线路展示 (userdata/submit/index): the platform's lines, the enterprise's seats and its 话术 on each. */
export const LinePage = () => {
  const lines = useLines();
  return (
    <Card title={l.title}>
      <Table<TLineView>
        rowKey="id"
        columns={withScript}
        dataSource={lines.data ?? []}
        loading={lines.isLoading}
        pagination={false}
        locale={{ emptyText: <Empty description={l.empty} /> }}
        data-testid="line-table"
      />
    </Card>
  );
};
