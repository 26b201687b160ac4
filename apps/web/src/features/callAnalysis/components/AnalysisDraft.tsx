import { Perm, type TCallInsight } from '@yunhu/contract';
import { Alert, Button, Space, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import * as t from '../../../locales/zh-CN';
import { usePermission } from '../../../shared/permission/usePermission';
import { useCallAnalysis } from '../api';

const c = t.callAnalysis;

/** What a follow-up takes from a call's reading: its note, and the promised day at 10:00 (Beijing). */
export type TAnalysisDraft = { content: string; nextFollowAt: Dayjs | null };

export const draftOf = (insight: TCallInsight): TAnalysisDraft => ({
  content: c.draftOf(insight.summary, insight.nextStep),
  nextFollowAt: insight.nextDate ? dayjs(`${insight.nextDate}T10:00:00`) : null,
});

const Waiting = () => <Alert type="info" showIcon title={c.draftWaiting} data-testid="analysis-draft-waiting" />;

/**
 * After a call, above its follow-up: the analyst's summary and intention once the analysis is done,
 * and 填入跟进 to put its summary and next step in the note (and its promised day as the next
 * follow-up). Nothing for a reader who may not see call records, or where no reading came.
 */
const Draft = ({ callRecordId, onUse }: { callRecordId: number; onUse: (draft: TAnalysisDraft) => void }) => {
  const analysis = useCallAnalysis(callRecordId, { isJustEnded: true });
  const state = analysis.data?.state;
  // Until the recording is in, the analysis is not queued yet: waiting as well.
  const isWaiting = analysis.isPending || state === 'pending' || state === 'running';
  if (isWaiting || (analysis.data === null && analysis.isRefetching)) return <Waiting />;
  const insight = analysis.data?.insight;
  if (!insight) return null;
  return (
    <Alert
      type="success"
      data-testid="analysis-draft"
      title={
        <Space size={8} wrap>
          <Typography.Text strong>{c.draftTitle}</Typography.Text>
          <Tag color="blue">{c.intentionName[insight.intention]}</Tag>
          <Typography.Text>{insight.summary}</Typography.Text>
        </Space>
      }
      action={
        <Button size="small" onClick={() => onUse(draftOf(insight))} data-testid="analysis-draft-use">
          {c.useDraft}
        </Button>
      }
    />
  );
};

export const AnalysisDraft = (props: { callRecordId: number; onUse: (draft: TAnalysisDraft) => void }) =>
  usePermission(Perm.callRecordList) ? <Draft {...props} /> : null;
