import { Perm, type TCallAnalysis, type TCallSignalFigures } from '@yunhu/contract';
import { Alert, Button, Card, Descriptions, Empty, Space, Spin, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import * as t from '../../../locales/zh-CN';
import { useApp } from '../../../shared/modal/useApp';
import { usePermission } from '../../../shared/permission/usePermission';
import { useCallAnalysis, useReanalyse } from '../api';
import { CallQuality } from './CallQuality';
import { CallSpeech } from './CallSpeech';

const c = t.callAnalysis;

const stateColor: Record<TCallAnalysis['state'], string> = {
  pending: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
};

/** One side's speech on a lane as long as the recording. */
const Lane = ({
  label,
  spans,
  durationSec,
  color,
  testId,
}: {
  label: string;
  spans: [number, number][];
  durationSec: number;
  color: string;
  testId: string;
}) => (
  <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
    <span style={{ width: 32 }}>{label}</span>
    <div
      data-testid={testId}
      style={{ position: 'relative', flex: 1, height: 12, background: '#f5f5f5', borderRadius: 2 }}
    >
      {spans.map(([from, to]) => (
        <span
          key={from}
          style={{
            position: 'absolute',
            left: `${(from / durationSec) * 100}%`,
            width: `${((to - from) / durationSec) * 100}%`,
            top: 0,
            bottom: 0,
            background: color,
          }}
        />
      ))}
    </div>
  </div>
);

/** Each side's lane on the timeline: the agent's speech in blue above the customer's in green. */
const lanes = [
  { side: 'agent', color: '#1677ff', spans: (f: TCallSignalFigures) => f.agentSegments },
  { side: 'customer', color: '#52c41a', spans: (f: TCallSignalFigures) => f.customerSegments },
] as const;

/** A figure that needs the two sides told apart: its value, or 单声道 (null) where the recording is mono. */
const TwoSided = ({ testId, value }: { testId: string; value: ReactNode | null }) => (
  <span data-testid={testId}>{value === null ? <Tag data-testid="call-analysis-mono-mark">{c.mono}</Tag> : value}</span>
);

/** Seconds with the share beside them; null when either is unknown. */
const talkOf = (sec: number | null, share: number | null) =>
  sec === null || share === null ? null : `${c.seconds(sec)}（${c.percent(share)}）`;

const Figures = ({ f }: { f: TCallSignalFigures }) => (
  <>
    {f.isMono && (
      <Alert type="info" showIcon style={{ marginBottom: 12 }} title={c.monoNote} data-testid="call-analysis-mono" />
    )}
    <Descriptions size="small" column={2} bordered>
      {f.isMono && f.speechSec !== undefined && (
        <Descriptions.Item label={c.speech}>
          <span data-testid="call-analysis-speech">{c.seconds(f.speechSec)}</span>
        </Descriptions.Item>
      )}
      <Descriptions.Item label={`${c.agent}${c.talk}`}>
        <TwoSided testId="call-analysis-agent-talk" value={talkOf(f.agentTalkSec, f.agentSharePercent)} />
      </Descriptions.Item>
      <Descriptions.Item label={`${c.customer}${c.talk}`}>
        <TwoSided testId="call-analysis-customer-talk" value={talkOf(f.customerTalkSec, f.customerSharePercent)} />
      </Descriptions.Item>
      <Descriptions.Item label={c.silence(f.silenceThresholdSec)}>
        <span data-testid="call-analysis-silence">
          {c.silenceSummary(f.silenceCount, f.silenceLongestSec, f.silenceTotalSec)}
        </span>
      </Descriptions.Item>
      <Descriptions.Item label={c.overlap}>
        <TwoSided
          testId="call-analysis-overlap"
          value={f.overlapCount === null ? null : c.overlapSummary(f.overlapCount, f.overlapTotalSec ?? 0)}
        />
        {!!f.overlapCount && (
          <Typography.Text type="secondary" style={{ display: 'block' }}>
            {c.interruptions(f.agentInterruptions ?? 0, f.customerInterruptions ?? 0)}
          </Typography.Text>
        )}
      </Descriptions.Item>
      <Descriptions.Item label={c.turns}>
        <TwoSided testId="call-analysis-turns" value={f.turns} />
      </Descriptions.Item>
      <Descriptions.Item label={c.customerFirstWords}>
        <TwoSided
          testId="call-analysis-first-words"
          value={f.isMono ? null : f.customerFirstWordsSec === null ? c.neverSpoke : c.seconds(f.customerFirstWordsSec)}
        />
      </Descriptions.Item>
      <Descriptions.Item label={c.hangUp}>
        <span data-testid="call-analysis-hang-up">
          {c.hangUpSummary(f.lastSpeaker && c.side[f.lastSpeaker], f.endSilenceSec, f.hungUpBy && c.side[f.hungUpBy])}
        </span>
      </Descriptions.Item>
      <Descriptions.Item label={c.duration}>{c.seconds(f.durationSec)}</Descriptions.Item>
    </Descriptions>
    {f.durationSec > 0 && (
      <Space orientation="vertical" style={{ width: '100%', marginTop: 12 }} aria-label={c.timeline}>
        {f.isMono ? (
          <Lane
            label={c.mixedLane}
            spans={f.speechSegments ?? []}
            durationSec={f.durationSec}
            color="#8c8c8c"
            testId="call-analysis-lane-mixed"
          />
        ) : (
          lanes.map((lane) => (
            <Lane
              key={lane.side}
              label={c.side[lane.side]}
              spans={lane.spans(f)}
              durationSec={f.durationSec}
              color={lane.color}
              testId={`call-analysis-lane-${lane.side}`}
            />
          ))
        )}
      </Space>
    )}
  </>
);

/** What a call's analysis says: its state, the failure's reason, the figures, each side's speech and what was said. */
export const CallAnalysisView = ({
  analysis,
  canReanalyse,
  isReanalysing = false,
  onReanalyse,
  onSeek,
}: {
  analysis: TCallAnalysis | null;
  canReanalyse: boolean;
  isReanalysing?: boolean;
  onReanalyse: () => void;
  /** Moves the call's player to a moment (seconds from the answer); absent: moments are shown, not links. */
  onSeek?: (sec: number) => void;
}) => {
  const isBusy = analysis?.state === 'pending' || analysis?.state === 'running';
  return (
    <Card
      size="small"
      title={c.title}
      data-testid="call-analysis-panel"
      extra={
        <Space>
          {analysis && (
            <Tag color={stateColor[analysis.state]} data-testid="call-analysis-state">
              {analysis.stateName}
            </Tag>
          )}
          {canReanalyse && (
            <Button size="small" loading={isReanalysing} disabled={isBusy} onClick={onReanalyse}>
              {c.reanalyse}
            </Button>
          )}
        </Space>
      }
    >
      {!analysis && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={c.none} />}
      {analysis?.state === 'failed' && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={`${c.failedReason}：${analysis.errorReason}`}
          description={c.attempts(analysis.attempts)}
          data-testid="call-analysis-reason"
        />
      )}
      {isBusy && !analysis.figures && <Typography.Text type="secondary">{c.waiting}</Typography.Text>}
      {analysis?.figures && <Figures f={analysis.figures} />}
      {analysis?.state === 'done' && analysis.quality && <CallQuality quality={analysis.quality} onSeek={onSeek} />}
      {analysis?.state === 'done' && <CallSpeech analysis={analysis} />}
    </Card>
  );
};

/** 智能分析 of one call: reads it (again while it waits), and 重新分析 for people who may. */
export const CallAnalysisPanel = ({
  callRecordId,
  onSeek,
}: {
  callRecordId: number;
  onSeek?: (sec: number) => void;
}) => {
  const { message } = useApp();
  const { data, isLoading } = useCallAnalysis(callRecordId);
  const reanalyse = useReanalyse();
  const canReanalyse = usePermission(Perm.callAnalysisReanalyse);
  if (isLoading) return <Spin tip={c.loading} />;
  return (
    <CallAnalysisView
      analysis={data ?? null}
      canReanalyse={canReanalyse}
      isReanalysing={reanalyse.isPending}
      onSeek={onSeek}
      onReanalyse={() => reanalyse.mutate(callRecordId, { onSuccess: () => message.success(c.reanalysed) })}
    />
  );
};
