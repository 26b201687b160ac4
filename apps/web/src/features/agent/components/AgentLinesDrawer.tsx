import { beijingTime, type TAgent, yuan } from '@yunhu/contract';
import { Button, Checkbox, Drawer, Table } from 'antd';
import { useEffect, useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { Hint } from '../../../shared/components/Hint';
import { feedback } from '../../../shared/feedback';
import { useOpenedLines, useOpenLines } from '../stockApi';

const s = t.agentStock;

/** 开通线路: the platform's active lines, the ones opened for the agent ticked; 保存 sets exactly the ticked ones. */
export const AgentLinesDrawer = ({ agent, onClose }: { agent: TAgent | null; onClose: () => void }) => {
  const openings = useOpenedLines(agent?.id ?? null);
  const save = useOpenLines();
  const [ticked, setTicked] = useState<number[]>([]);
  const [isSaving, setSaving] = useState(false);
  useEffect(() => {
    if (openings.data) setTicked(openings.data.filter((l) => l.opened).map((l) => l.lineId));
  }, [openings.data]);
  const onSave = async () => {
    if (!agent) return;
    setSaving(true);
    try {
      await save({ agentId: agent.id, lineIds: ticked });
      feedback.message.success(s.saved);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Drawer
      open={agent !== null}
      width={720}
      title={agent ? s.openLinesTitle(agent.name) : ''}
      onClose={onClose}
      extra={
        <Button
          type="primary"
          loading={isSaving}
          onClick={() => void onSave().catch(() => undefined)}
          data-testid="agent-lines-save"
        >
          {s.save}
        </Button>
      }
    >
      <Hint>{s.openLinesHint}</Hint>
      <Table
        rowKey="lineId"
        size="small"
        pagination={false}
        loading={openings.isLoading}
        dataSource={openings.data ?? []}
        columns={[
          {
            key: 'opened',
            title: s.opened,
            render: (_v: unknown, row) => (
              <span data-testid={`agent-line-${row.lineId}`}>
                <Checkbox
                  checked={ticked.includes(row.lineId)}
                  onChange={(e) =>
                    setTicked(e.target.checked ? [...ticked, row.lineId] : ticked.filter((id) => id !== row.lineId))
                  }
                />
              </span>
            ),
          },
          { key: 'lineName', title: s.lineName, dataIndex: 'lineName' },
          {
            key: 'pricePerMinute',
            title: s.pricePerMinute,
            dataIndex: 'pricePerMinute',
            render: (v: number) => yuan(v),
          },
          {
            key: 'seatPricePerMonth',
            title: s.seatPrice,
            dataIndex: 'seatPricePerMonth',
            render: (v: number) => yuan(v),
          },
          {
            key: 'openedAt',
            title: s.openedAt,
            dataIndex: 'openedAt',
            render: (v: number | null) => (v ? beijingTime(v) : '—'),
          },
        ]}
      />
    </Drawer>
  );
};
