import { mmss, Perm, yuan } from '@yunhu/contract';
import { Descriptions, Drawer, Empty, Skeleton, Tag, Typography } from 'antd';
import { useRef } from 'react';
import { Link } from 'react-router-dom';
import * as t from '../../../locales/zh-CN';
import { usePermission } from '../../../shared/permission/usePermission';
import { beijingFormat } from '../../../shared/time/beijing';
import { CallAnalysisPanel } from '../../callAnalysis';
import { useCallDetailContent } from '../callRecordApi';
import { CallTypeTag, partyOf } from './CallOutcome';

const c = t.callRecord;
const fmt = (ms: number) => beijingFormat(ms, 'YYYY-MM-DD HH:mm:ss');

/**
 * 通话详情 (call-detail-content): the record's details, its recording through a fresh signed link,
 * the recording's 智能分析 (who spoke when, silences, 抢话), and the transcript, which the carrier
 * does not deliver yet (暂无转写内容).
 */
export const CallRecordDrawer = ({ id, onClose }: { id: number | null; onClose: () => void }) => {
  const { data, isLoading } = useCallDetailContent(id);
  const canPlay = usePermission(Perm.callRecordPlay);
  const player = useRef<HTMLAudioElement>(null);
  /** A moment of the analysis (a rule's hit): the recording played from there. */
  const seek = (sec: number) => {
    if (!player.current) return;
    player.current.currentTime = sec;
    void player.current.play().catch(() => undefined);
  };
  return (
    <Drawer open={id !== null} onClose={onClose} title={c.detailTitle} size={560} destroyOnHidden>
      {isLoading || !data ? (
        <Skeleton active />
      ) : (
        <div data-testid="call-record-detail">
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={c.agent}>
              {data.realName}
              {data.deptName ? `（${data.deptName}）` : ''}
            </Descriptions.Item>
            <Descriptions.Item label={c.customer}>
              {data.octCustomerId ? (
                <Link to={`/menu/CRM/customerDetails?id=${data.octCustomerId}`}>{data.telB}</Link>
              ) : (
                partyOf(data)
              )}
            </Descriptions.Item>
            <Descriptions.Item label={c.callType}>
              <CallTypeTag row={data} />
            </Descriptions.Item>
            <Descriptions.Item label={c.telX}>{data.telX || '-'}</Descriptions.Item>
            <Descriptions.Item label={c.line}>{data.lineName || '-'}</Descriptions.Item>
            <Descriptions.Item label={c.callStatus}>
              <Tag color={data.callStatus === 1 ? 'green' : 'orange'}>{data.callStatusName}</Tag>
            </Descriptions.Item>
            {data.endReason ? (
              <Descriptions.Item label={c.endReason}>
                <span data-testid="call-record-detail-end-reason">{data.endReason}</span>
              </Descriptions.Item>
            ) : null}
            <Descriptions.Item label={c.finishStatus}>{data.finishStatusName}</Descriptions.Item>
            <Descriptions.Item label={c.startTime}>{fmt(data.startTime)}</Descriptions.Item>
            <Descriptions.Item label={c.endTime}>{fmt(data.endTime)}</Descriptions.Item>
            <Descriptions.Item label={c.durationCol}>{mmss(data.duration)}</Descriptions.Item>
            <Descriptions.Item label={c.postage}>{yuan(data.postage)}</Descriptions.Item>
            <Descriptions.Item label={c.calleeAttr}>{data.calleeAttr || '-'}</Descriptions.Item>
            <Descriptions.Item label={c.callerAttr}>{data.callerAttr || '-'}</Descriptions.Item>
            <Descriptions.Item label={c.bindId}>
              <Typography.Text copyable>{data.bindId}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={c.recording}>
              {data.recording ? (
                // biome-ignore lint/a11y/useMediaCaption: call recordings have no captions
                <audio
                  ref={player}
                  controls
                  src={data.recording.url}
                  style={{ height: 32, width: '100%' }}
                  data-testid="call-record-detail-audio"
                />
              ) : canPlay ? (
                <span data-testid="call-record-detail-recording-state">
                  {c.recordingStates[data.recordingState ?? ''] ?? c.noRecording}
                </span>
              ) : (
                c.noPlayPermission
              )}
            </Descriptions.Item>
          </Descriptions>
          <div style={{ marginTop: 16 }}>
            <CallAnalysisPanel callRecordId={data.id} onSeek={data.recording ? seek : undefined} />
          </div>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {c.transcript}
          </Typography.Title>
          {data.transcript ? (
            <Typography.Paragraph>{data.transcript}</Typography.Paragraph>
          ) : (
            <Empty description={c.noTranscript} data-testid="call-record-no-transcript" />
          )}
        </div>
      )}
    </Drawer>
  );
};
