import { type TWallboardAgent, type TWallboardState, wallboardStateLabels, wallboardStates } from '@yunhu/contract';
import { Card, Col, Row, Statistic, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { t } from '../../../locales/zh-CN';
import { ellipsisColumns } from '../../../shared/list/useListController';
import { useWallboard } from './api';
import { elapsedText } from './elapsed';

const w = t.wallboard;

const stateColors: Record<TWallboardState, string> = {
  offline: 'default',
  idle: 'green',
  ringing: 'orange',
  talking: 'blue',
};

/** A clock that ticks every second, so the durations move between two polls. */
const useTick = () => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, []);
  return now;
};

/**
 * 实时监控 (callWallboard, issue 14 step 7): everyone of the viewer's data scope with a soft-phone
 * or call-back seat — 离线 / 在线空闲 / 振铃 / 通话中, for how long, whom with — and the totals,
 * asked again every few seconds.
 */
export const WallboardPage = () => {
  const board = useWallboard();
  const tick = useTick();
  const data = board.data;
  const receivedAt = board.dataUpdatedAt;
  return (
    <Card title={w.title} data-testid="wallboard">
      <Row gutter={16} style={{ marginBottom: 16 }} data-testid="wallboard-totals">
        <Col>
          <Statistic title={w.all} value={data?.totals.all ?? 0} />
        </Col>
        {wallboardStates.map((s) => (
          <Col key={s} data-testid={`wallboard-total-${s}`}>
            <Statistic title={wallboardStateLabels[s]} value={data?.totals[s] ?? 0} />
          </Col>
        ))}
      </Row>
      <Table<TWallboardAgent>
        rowKey="userId"
        size="small"
        loading={board.isLoading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={data?.agents ?? []}
        locale={{ emptyText: w.empty }}
        onRow={(r) => ({ 'data-testid': `wallboard-row-${r.userId}` }) as React.HTMLAttributes<HTMLElement>}
        columns={ellipsisColumns<TWallboardAgent>([
          { key: 'realName', title: w.agent, dataIndex: 'realName' },
          { key: 'deptName', title: w.dept, dataIndex: 'deptName' },
          {
            key: 'seatKinds',
            title: w.seat,
            render: (_, r) => r.seatKinds.map((k) => w.seatKinds[k]).join(' / '),
          },
          {
            key: 'state',
            title: w.state,
            render: (_, r) => (
              <Tag color={stateColors[r.state]} data-testid="wallboard-state">
                {wallboardStateLabels[r.state]}
              </Tag>
            ),
          },
          {
            key: 'elapsed',
            title: w.elapsed,
            render: (_, r) => (data ? elapsedText(r.since, data.now, receivedAt, tick) : ''),
          },
          { key: 'party', title: w.party, dataIndex: 'party' },
        ])}
      />
      {data && (
        <Typography.Text type="secondary">
          {w.refreshed(new Date(receivedAt).toLocaleTimeString('zh-CN', { hour12: false }))}
        </Typography.Text>
      )}
    </Card>
  );
};
