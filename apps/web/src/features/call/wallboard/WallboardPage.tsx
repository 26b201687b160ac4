import {
  Perm,
  type TWallboardAgent,
  type TWallboardState,
  wallboardStateLabels,
  wallboardStates,
} from '@yunhu/contract';
import { Alert, Button, Card, Col, Row, Space, Statistic, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { RowsTable } from '../../../shared/list/RowsTable';
import { ellipsisColumns } from '../../../shared/list/useListController';
import { usePermission } from '../../../shared/permission/usePermission';
import { useUserStore } from '../../../shared/stores/user';
import { beijingFormat } from '../../../shared/time/beijing';
import { useWallboard } from './api';
import { elapsedText } from './elapsed';
import { type TListenState, useListen } from './useListen';
import { useWhisper } from './useWhisper';

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

/** 耳语 / 强插 beside 结束监听: each behind its permission; the one under way shows its stop. */
const WhisperButtons = ({ userId, whisper }: { userId: number; whisper: ReturnType<typeof useWhisper> }) => {
  const canWhisper = usePermission(Perm.callWhisper);
  const canBarge = usePermission(Perm.callBarge);
  const on = whisper.state?.userId === userId ? whisper.state : null;
  if (on) {
    return (
      <Space>
        <Tag color="red" data-testid="whisper-state" data-phase={on.phase}>
          {on.mode === 'barge' ? w.barging : w.whispering}
        </Tag>
        <Button size="small" onClick={whisper.stop} data-testid="whisper-stop">
          {on.mode === 'barge' ? w.bargeStop : w.whisperStop}
        </Button>
      </Space>
    );
  }
  return (
    <Space>
      {canWhisper && (
        <Button size="small" onClick={() => void whisper.start(userId, 'whisper')} data-testid="wallboard-whisper">
          {w.whisper}
        </Button>
      )}
      {canBarge && (
        <Button size="small" onClick={() => void whisper.start(userId, 'barge')} data-testid="wallboard-barge">
          {w.barge}
        </Button>
      )}
    </Space>
  );
};

/** What the manager hears: one <audio> per party of the call (the gateway sends each apart). */
const ListenBar = ({
  state,
  onStop,
  whisper,
}: {
  state: TListenState;
  onStop: () => void;
  whisper: ReturnType<typeof useWhisper>;
}) => (
  <Alert
    style={{ marginBottom: 16 }}
    type={state.phase === 'listening' ? 'info' : 'warning'}
    showIcon
    data-testid="listen-bar"
    data-phase={state.phase}
    message={state.phase === 'listening' ? w.listening(state.realName) : w.listenConnecting(state.realName)}
    action={
      <Space>
        {state.phase === 'listening' && <WhisperButtons userId={state.userId} whisper={whisper} />}
        <Button size="small" danger onClick={onStop} data-testid="listen-stop">
          {w.listenStop}
        </Button>
      </Space>
    }
    description={state.streams.map((stream) => (
      // biome-ignore lint/a11y/useMediaCaption: a live call has no captions
      <audio
        key={stream.id}
        autoPlay
        data-testid="listen-audio"
        ref={(el) => {
          if (el && el.srcObject !== stream) el.srcObject = stream;
        }}
      />
    ))}
  />
);

/**
 * 实时监控 (callWallboard): everyone of the viewer's data scope with a soft-phone
 * or call-back seat — 离线 / 在线空闲 / 振铃 / 通话中, for how long, whom with — and the totals,
 * asked again every few seconds. With 监听 (call:monitor:listen) a 通话中 row offers to listen to
 * the call silently; the listen ends by itself when the row leaves 通话中.
 */
export const WallboardPage = () => {
  const board = useWallboard();
  const tick = useTick();
  const data = board.data;
  const receivedAt = board.dataUpdatedAt;
  const canListen = usePermission(Perm.callListen);
  const me = useUserStore((s) => s.user?.userId);
  const listen = useListen();
  const whisper = useWhisper();
  const listenedRow = listen.state && data?.agents.find((a) => a.userId === listen.state!.userId);
  // The call is over (or the person left the scope): the listen ends with it.
  const callGone = Boolean(listen.state && data && listenedRow?.state !== 'talking');
  useEffect(() => {
    if (callGone) listen.stop();
  }, [callGone, listen.stop]);
  // 耳语 / 强插 live inside a listen: it ends with it.
  useEffect(() => {
    if (!listen.state) whisper.stop();
  }, [listen.state, whisper.stop]);
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
      {listen.state && <ListenBar state={listen.state} onStop={listen.stop} whisper={whisper} />}
      <RowsTable<TWallboardAgent>
        rowKey="userId"
        loading={board.isLoading}
        scroll={{ x: 'max-content' }}
        rows={data?.agents ?? []}
        emptyText={w.empty}
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
          ...(canListen
            ? [
                {
                  key: 'actions',
                  title: w.actions,
                  render: (_: unknown, r: TWallboardAgent) =>
                    r.state === 'talking' && r.userId !== me ? (
                      <Button
                        size="small"
                        data-testid="wallboard-listen"
                        disabled={listen.state?.userId === r.userId}
                        onClick={() => void listen.start(r.userId, r.realName)}
                      >
                        {w.listen}
                      </Button>
                    ) : null,
                },
              ]
            : []),
        ])}
      />
      {data && <Typography.Text type="secondary">{w.refreshed(beijingFormat(receivedAt, 'HH:mm:ss'))}</Typography.Text>}
    </Card>
  );
};
