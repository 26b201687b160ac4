import type { TCallAnalysis, TCallInsight, TCallTranscript } from '@yunhu/contract';
import { Alert, Descriptions, List, Space, Tag, Typography } from 'antd';
import * as t from '../../../locales/zh-CN';

const c = t.callAnalysis;

const intentionColor: Record<TCallInsight['intention'], string> = { A: 'red', B: 'orange', C: 'blue', D: 'default' };

/** What the analyst read: summary, intention with its reason, objections, next step, suggestion. */
const Insight = ({ insight }: { insight: TCallInsight }) => (
  <Descriptions size="small" column={1} bordered title={c.insightTitle} extra={c.engine(insight.engine)}>
    <Descriptions.Item label={c.summary}>
      <span data-testid="call-analysis-summary">{insight.summary}</span>
    </Descriptions.Item>
    <Descriptions.Item label={c.intention}>
      <Tag color={intentionColor[insight.intention]} data-testid="call-analysis-intention">
        {c.intentionName[insight.intention]}
      </Tag>
      <Typography.Text type="secondary">{insight.intentionReason}</Typography.Text>
    </Descriptions.Item>
    <Descriptions.Item label={c.objections}>
      {insight.objections.length ? insight.objections.map((o) => <Tag key={o}>{o}</Tag>) : c.noObjections}
    </Descriptions.Item>
    <Descriptions.Item label={c.nextStep}>
      <span data-testid="call-analysis-next-step">
        {[insight.nextStep || c.noNextStep, insight.nextDate].filter(Boolean).join('，')}
      </span>
    </Descriptions.Item>
    <Descriptions.Item label={c.followUp}>{insight.followUpSuggestion}</Descriptions.Item>
  </Descriptions>
);

/** The transcript by speaker, in the order it was said, with when each sentence began. */
const Transcript = ({ transcript }: { transcript: TCallTranscript }) => (
  <div data-testid="call-analysis-transcript">
    <Space style={{ margin: '12px 0 4px' }}>
      <Typography.Text strong>{c.transcriptTitle}</Typography.Text>
      <Typography.Text type="secondary">{transcript.engine}</Typography.Text>
      {transcript.isSimulated && <Tag>{c.simulated}</Tag>}
      {transcript.segments.some((s) => s.side === null) && (
        <Tag data-testid="call-analysis-transcript-mono">{c.mono}</Tag>
      )}
    </Space>
    {transcript.note && <Typography.Paragraph type="secondary">{transcript.note}</Typography.Paragraph>}
    <List
      size="small"
      locale={{ emptyText: c.noTranscript }}
      dataSource={transcript.segments}
      renderItem={(s) => (
        <List.Item data-testid={`call-analysis-line-${s.side ?? 'mixed'}`}>
          <Space align="start">
            <Typography.Text type="secondary">{c.at(s.fromSec)}</Typography.Text>
            {/* A mono recording's sentence: nobody's in particular (单声道). */}
            <Tag color={s.side === 'agent' ? 'blue' : s.side === 'customer' ? 'green' : 'default'}>
              {s.side ? c.side[s.side] : c.mixedSide}
            </Tag>
            <span>{s.text}</span>
          </Space>
        </List.Item>
      )}
    />
  </div>
);

/** The speech part of a call's analysis, when the speech-to-text or the analyst ran. */
export const CallSpeech = ({
  analysis,
}: {
  analysis: Pick<TCallAnalysis, 'transcript' | 'insight' | 'insightNote'>;
}) => (
  <div style={{ marginTop: 12 }}>
    {analysis.insight && <Insight insight={analysis.insight} />}
    {analysis.insightNote && (
      <Alert type="info" showIcon title={analysis.insightNote} data-testid="call-analysis-insight-note" />
    )}
    {analysis.transcript && <Transcript transcript={analysis.transcript} />}
  </div>
);
