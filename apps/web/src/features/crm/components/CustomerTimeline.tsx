import { followMethodLabel, Perm, type TTimelineItem, timelineKinds } from '@yunhu/contract';
import { Card, Checkbox, Empty, Space, Spin, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { optionsOf } from '../../../shared/form/options';
import { usePermission } from '../../../shared/permission/usePermission';
import { RecordingPlayer } from '../../call';
import { CallAnalysisPanel } from '../../callAnalysis';
import { type TTimelineKind, useTimeline } from '../api';
import { fmtTime } from '../format';

const c = t.crm;

const kindColor: Record<TTimelineKind, string> = {
  follow: 'blue',
  comment: 'cyan',
  visit: 'purple',
  owner: 'orange',
  call: 'green',
  change: 'default',
};

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
/** The recording of a call, under whichever name the telephony area gives it. */
const recordingOf = (detail: Record<string, unknown>): string | null =>
  str(detail.recordingUrl) ?? str(detail.recordUrl) ?? str(detail.preRecordUrl);

const Extra = ({ item }: { item: TTimelineItem }) => {
  const d = item.detail;
  if (item.kind === 'follow') {
    const method = str(d.method) as keyof typeof followMethodLabel | null;
    const next = typeof d.nextFollowAt === 'number' ? d.nextFollowAt : null;
    return (
      <Typography.Text type="secondary">
        {method && followMethodLabel[method] ? `${c.followMethod}：${followMethodLabel[method]}` : ''}
        {next ? `　${c.nextFollow}：${fmtTime(next)}` : ''}
      </Typography.Text>
    );
  }
  if (item.kind === 'call') return <CallExtra item={item} />;
  return null;
};

/**
 * A call's recording (played from a short-lived signed address the call area issues on the click)
 * and, for a reader who may see call records, its analysis on demand.
 */
const CallExtra = ({ item }: { item: TTimelineItem }) => {
  const canSeeAnalysis = usePermission(Perm.callRecordList);
  const [isAnalysisShown, setAnalysisShown] = useState(false);
  // A quality rule's moment in the analysis plays the recording from there.
  const [startAt, setStartAt] = useState<{ sec: number } | null>(null);
  const hasRecording = recordingOf(item.detail) !== null;
  if (!hasRecording) return null;
  return (
    <Space orientation="vertical" size={4} style={{ width: '100%' }}>
      <Space size={12}>
        <RecordingPlayer callId={item.id} startAt={startAt} />
        {canSeeAnalysis && (
          <Typography.Link onClick={() => setAnalysisShown((v) => !v)} data-testid="crm-timeline-analysis">
            {isAnalysisShown ? t.callAnalysis.hideAnalysis : t.callAnalysis.showAnalysis}
          </Typography.Link>
        )}
      </Space>
      {isAnalysisShown && <CallAnalysisPanel callRecordId={item.id} onSeek={(sec) => setStartAt({ sec })} />}
    </Space>
  );
};

/** The dated items of a customer's history, newest first. */
export const TimelineList = ({ items }: { items: TTimelineItem[] }) =>
  items.length === 0 ? (
    <Empty description={c.timelineEmpty} image={Empty.PRESENTED_IMAGE_SIMPLE} />
  ) : (
    <Timeline
      data-testid="crm-timeline"
      items={items.map((item) => ({
        key: `${item.kind}-${item.id}`,
        color: kindColor[item.kind] === 'default' ? 'gray' : kindColor[item.kind],
        content: (
          <Space orientation="vertical" size={2} style={{ width: '100%' }}>
            <Space size={8} wrap>
              <Tag color={kindColor[item.kind]}>{c.kinds[item.kind]}</Tag>
              <Typography.Text type="secondary">{fmtTime(item.at)}</Typography.Text>
              {item.userName && <Typography.Text>{item.userName}</Typography.Text>}
            </Space>
            <Typography.Paragraph style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}>
              {item.content}
            </Typography.Paragraph>
            <Extra item={item} />
          </Space>
        ),
      }))}
    />
  );

/** 客户动态: follow-ups, comments, return visits, owner changes, calls and changes, filterable by kind. */
export const CustomerTimeline = ({ customerId }: { customerId: number }) => {
  const [kinds, setKinds] = useState<TTimelineKind[]>([]);
  const timeline = useTimeline(customerId, kinds);
  return (
    <Card
      size="small"
      title={c.timeline}
      extra={
        <Checkbox.Group
          value={kinds}
          onChange={(v) => setKinds(v as TTimelineKind[])}
          options={optionsOf(timelineKinds, c.kinds)}
          data-testid="crm-timeline-kinds"
        />
      }
    >
      {timeline.isLoading ? <Spin /> : <TimelineList items={timeline.data ?? []} />}
    </Card>
  );
};
