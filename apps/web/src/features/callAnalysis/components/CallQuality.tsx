import {
  qualityResultStatusName,
  qualityRuleKindName,
  type TCallQuality,
  type TExtractedValue,
  type TQualityResult,
} from '@yunhu/contract';
import { Descriptions, List, Space, Tag, Tooltip, Typography } from 'antd';
import * as t from '../../../locales/zh-CN';

const c = t.callAnalysis;
const q = c.quality;

const statusColor: Record<TQualityResult['status'], string> = {
  hit: 'red',
  pass: 'green',
  noTranscript: 'default',
  mono: 'default',
};

/** A moment of the recording: a link that seeks the player there, or the time alone without a player. */
const Moment = ({ atMs, text, onSeek }: { atMs: number; text: string; onSeek?: (sec: number) => void }) => {
  const at = c.at(atMs / 1000);
  return (
    <Tooltip title={text}>
      {onSeek ? (
        <Typography.Link onClick={() => onSeek(atMs / 1000)} data-testid="call-quality-moment">
          {at}
        </Typography.Link>
      ) : (
        <Typography.Text type="secondary">{at}</Typography.Text>
      )}
    </Tooltip>
  );
};

const shownValue = (f: TExtractedValue) =>
  f.value === null ? q.empty : typeof f.value === 'boolean' ? (f.value ? q.yes : q.no) : String(f.value);

/**
 * The enterprise's quality rules on the call (hits first), each moment a link into the recording,
 * and the extraction fields the analyst filled.
 */
export const CallQuality = ({ quality, onSeek }: { quality: TCallQuality; onSeek?: (sec: number) => void }) => {
  const order = { hit: 0, noTranscript: 1, mono: 1, pass: 2 } as const;
  const results = [...quality.results].sort((a, b) => order[a.status] - order[b.status]);
  return (
    <div style={{ marginTop: 12 }} data-testid="call-quality">
      <Space style={{ marginBottom: 4 }}>
        <Typography.Text strong>{q.title}</Typography.Text>
        {results.length > 0 && <Tag color={quality.hitCount ? 'red' : 'green'}>{q.hits(quality.hitCount)}</Tag>}
        {onSeek && quality.hitCount > 0 && <Typography.Text type="secondary">{q.seekHint}</Typography.Text>}
      </Space>
      <List
        size="small"
        locale={{ emptyText: q.none }}
        dataSource={results}
        renderItem={(r) => (
          <List.Item data-testid={`call-quality-${r.status}`}>
            <Space wrap>
              <Tag color={statusColor[r.status]}>{qualityResultStatusName[r.status]}</Tag>
              <Typography.Text strong>{r.name}</Typography.Text>
              <Typography.Text type="secondary">{qualityRuleKindName[r.kind]}</Typography.Text>
              <span>{r.detail}</span>
              {r.status === 'hit' &&
                r.moments.map((m) => (
                  <Moment key={`${m.atMs}-${m.side}`} atMs={m.atMs} text={m.text} onSeek={onSeek} />
                ))}
            </Space>
          </List.Item>
        )}
      />
      {(quality.fields.length > 0 || quality.fieldsNote) && (
        <Descriptions size="small" column={1} bordered title={q.fieldsTitle} style={{ marginTop: 12 }}>
          {quality.fields.map((f) => (
            <Descriptions.Item key={f.fieldId} label={f.name}>
              <span data-testid={`call-field-${f.fieldId}`}>{shownValue(f)}</span>
              {f.note && (
                <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                  {f.note}
                </Typography.Text>
              )}
            </Descriptions.Item>
          ))}
          {quality.fieldsNote && <Descriptions.Item label={q.fieldsTitle}>{quality.fieldsNote}</Descriptions.Item>}
        </Descriptions>
      )}
    </div>
  );
};
