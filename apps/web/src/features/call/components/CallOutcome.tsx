import type { TCallDetail } from '@yunhu/contract';
import { Space, Tag, Tooltip } from 'antd';
import * as t from '../../../locales/zh-CN';
import { PlainText } from '../../../shared/components/PlainText';
import { RecordingPlayer } from './RecordingPlayer';

const c = t.callRecord;
const typeColor: Record<number, string> = { 1: 'blue', 2: 'cyan', 3: 'purple' };
/** 已接通, 未接听, 占线, 呼叫失败. */
const statusColor: Record<number, string> = { 1: 'green', 2: 'orange', 3: 'gold', 4: 'red' };
const stateColor: Record<string, string> = { pending: 'processing', failed: 'error', off: 'default', none: 'default' };
const stateHint: Record<string, string> = {
  pending: c.recordingPendingHint,
  failed: c.recordingFailedHint,
  off: c.recordingOffHint,
};

/** 外呼 / 呼入 / 内部 as a tag. */
export const CallTypeTag = ({ row }: { row: Pick<TCallDetail, 'callType' | 'callTypeName'> }) => (
  <Tag color={typeColor[row.callType]} data-testid="call-type">
    {row.callTypeName}
  </Tag>
);

/** How the call went (已接通, 未接听 …) as a tag. */
export const CallStatusTag = ({ row }: { row: Pick<TCallDetail, 'callStatus' | 'callStatusName'> }) => (
  <Tag color={statusColor[row.callStatus]}>{row.callStatusName}</Tag>
);

/** The other party: the customer's number, or the colleague an internal call reached. */
export const partyOf = (row: Pick<TCallDetail, 'callType' | 'peerName' | 'telB'>) =>
  row.callType === 3 ? c.internalPeer(row.peerName || row.telB) : row.telB;

/** Why the call ended when it did not go as asked (线路故障（503）, 媒体协商失败（488）, 通话无媒体). */
export const EndReason = ({ row }: { row: Pick<TCallDetail, 'endReason' | 'id'> }) =>
  row.endReason ? (
    <PlainText type="danger" style={{ fontSize: 12 }} data-testid={`call-end-reason-${row.id}`}>
      {row.endReason}
    </PlainText>
  ) : null;

/**
 * The recording of a call as the list shows it: the player when there is one to play; otherwise
 * where it stands (录音处理中, 录音失败, 未开启录音, 无录音) instead of a silent empty player.
 */
export const RecordingCell = ({
  row,
  canPlay,
}: {
  row: Pick<TCallDetail, 'id' | 'preRecordUrl' | 'recordingState'>;
  canPlay: boolean;
}) => {
  if (row.preRecordUrl && canPlay) return <RecordingPlayer callId={row.id} />;
  const state = row.recordingState ?? '';
  const label = c.recordingStates[state];
  if (!label || row.preRecordUrl) return <>{c.noRecording}</>;
  return (
    <Tooltip title={stateHint[state]}>
      <Tag color={stateColor[state]} data-testid={`call-recording-state-${row.id}`}>
        {label}
      </Tag>
    </Tooltip>
  );
};

/** The call status tag with its end reason under it. */
export const StatusWithReason = ({
  row,
}: {
  row: Pick<TCallDetail, 'id' | 'callStatus' | 'callStatusName' | 'endReason'>;
}) => (
  <Space orientation="vertical" size={0}>
    <CallStatusTag row={row} />
    <EndReason row={row} />
  </Space>
);
