import { withTenant } from '../../db/tenant.js';
import { callingRulesFor } from '../seat/index.js';
import { callRepository as repo } from './call.repository.js';
import type { TGatewayRecordingFinisher, TIngestDeps } from './ingest.recordings.js';
import {
  callType,
  isMediaFailureCause,
  lostCallReason,
  sipFailureReason,
  sipFailureStatus,
  type TIngestResult,
  type TSipCallEvent,
  talkSeconds,
} from './ingest.rules.js';
import { sipCallRepository, type TSipCallRow } from './sip-call.repository.js';

/**
 * The calls without a dial request (an agent calling a colleague, a desk phone or carrier calling a
 * seat's number): the invite starts a live row, the answer moves it, the end or the failure writes
 * its record (no customer, no charge) and removes it.
 */
export const createPeerCallIngestion = (deps: TIngestDeps, recordings: TGatewayRecordingFinisher) => {
  const { background } = recordings;
  /**
   * The record of a call without a dial request (internal or inbound; a sibling of `write`): no
   * customer, no charge (an internal call uses no line; an inbound one is the caller's to pay), the
   * live row removed in the same transaction.
   */
  const writePeer = (
    live: TSipCallRow,
    call: {
      callStatus: number;
      finishStatus: number;
      endTime: Date;
      answerTime: Date | null;
      recordingState: string | null;
      endReason: string;
    },
  ): Promise<TIngestResult> =>
    withTenant(deps.database, live.tenantId, async (tx) => {
      const duration = talkSeconds(call.answerTime, call.endTime);
      const id = await repo.insertRecordOnce(tx, {
        tenantId: live.tenantId,
        userId: live.userId,
        deptId: live.deptId,
        customerId: null,
        lineId: live.lineId,
        peerUserId: live.peerUserId,
        bindId: '',
        callType: live.callType,
        telA: live.telA,
        telB: live.telB,
        telX: live.telX,
        callStatus: call.callStatus,
        finishStatus: call.finishStatus,
        duration,
        startTime: live.createdAt,
        endTime: call.endTime,
        postage: 0,
        preRecordUrl: null,
        recordingState: call.recordingState,
        endReason: call.endReason,
        carrierCallId: `sip-${live.callId}`,
      });
      await sipCallRepository.remove(tx, live.tenantId, live.callId);
      return id === null ? 'duplicate' : 'written';
    });

  /**
   * The invite of a call without a dial request: whose it is (the caller of an internal call, the
   * agent an inbound call rings), his department, the line of the number called, whether his
   * 呼叫管理 recording switch is on ('record'). An unknown key: 'unknown_bind'.
   */
  const startPeer = async (ev: TSipCallEvent & { kind: 'internal' | 'inbound' }): Promise<TIngestResult> => {
    const db = deps.database.db;
    const owner = await sipCallRepository.personOfKey(db, ev.kind === 'internal' ? (ev.from ?? '') : (ev.to ?? ''));
    if (!owner) return 'unknown_bind';
    const peer = ev.kind === 'internal' ? await sipCallRepository.personOfKey(db, ev.to ?? '') : null;
    // Agents call colleagues of their own enterprise only (kamailio.cfg CALLEE checks it too).
    if (peer && peer.tenantId !== owner.tenantId) return 'unknown_bind';
    const live = await withTenant(deps.database, owner.tenantId, async (tx) => {
      const rules = await callingRulesFor(tx, owner.tenantId, owner.userId);
      return sipCallRepository.insertOnce(tx, {
        tenantId: owner.tenantId,
        callId: ev.callId,
        callType: ev.kind === 'internal' ? callType.internal : callType.inbound,
        userId: owner.userId,
        deptId: owner.deptId,
        peerUserId: peer?.userId ?? null,
        lineId:
          ev.kind === 'inbound'
            ? await sipCallRepository.lineOfNumber(tx, owner.tenantId, owner.userId, ev.number ?? '')
            : null,
        // Internal: both keys; inbound: the agent's own number, the caller's and the seat's number called.
        telA: ev.kind === 'internal' ? (ev.from ?? '') : owner.mobile,
        telB: ev.kind === 'internal' ? (ev.to ?? '') : (ev.from ?? ''),
        telX: ev.kind === 'inbound' ? (ev.number ?? '') : '',
        isRecorded: rules.recording,
      });
    });
    const row = live ?? (await sipCallRepository.find(db, ev.callId));
    return row?.isRecorded && deps.recordings ? 'record' : 'written';
  };

  /** answered / ended / failed of a call without a dial request: as `ingestSip` does for a bind. */
  const progressPeer = async (ev: TSipCallEvent): Promise<TIngestResult> => {
    const live = await sipCallRepository.find(deps.database.db, ev.callId);
    if (!live) {
      return (await sipCallRepository.hasRecord(deps.database.db, `sip-${ev.callId}`)) ? 'duplicate' : 'unknown_bind';
    }
    const now = ev.at ?? new Date();
    if (ev.event === 'answered') {
      await withTenant(deps.database, live.tenantId, (tx) =>
        sipCallRepository.setAnswered(tx, live.tenantId, live.callId, now),
      );
      return 'written';
    }
    recordings.releaseMedia(ev.callId);
    const isRecorded = live.isRecorded && !!deps.recordings;
    const capturing = isRecorded && (await deps.recordings!.isCapturing(ev.callId));
    if (ev.event === 'failed') {
      if (capturing) background(deps.recordings!.discard(ev.callId));
      return writePeer(live, {
        callStatus: sipFailureStatus(ev.code),
        finishStatus: ev.code === 487 ? 1 : 4,
        endTime: now,
        answerTime: null,
        recordingState: isRecorded ? 'none' : live.isRecorded ? null : 'off',
        endReason: sipFailureReason(ev.code),
      });
    }
    const wasAnswered = live.state === 'talking';
    const cause = ev.cause ?? 0;
    const isFailed = wasAnswered && isMediaFailureCause(cause);
    const record = (recordingState: string | null) =>
      writePeer(live, {
        callStatus: !wasAnswered ? 2 : isFailed ? 4 : 1,
        finishStatus: !wasAnswered ? 3 : ev.by === 'caller' ? 1 : ev.by === 'callee' ? 2 : 4,
        endTime: now,
        answerTime: wasAnswered && !isFailed ? live.answeredAt : null,
        recordingState,
        endReason: isFailed ? `媒体协商失败（${cause}）` : ev.isLost ? lostCallReason : '',
      });
    if (!capturing) return record(live.isRecorded ? null : 'off');
    if (!wasAnswered) {
      background(deps.recordings!.discard(ev.callId));
      return record('none');
    }
    const written = await record('pending');
    if (written !== 'written') return written;
    background(
      recordings.finishRecording(live.tenantId, ev.callId, `sip-${ev.callId}`, {
        agentRight: live.callType === callType.inbound,
        talk: live.answeredAt ? { fromMs: live.answeredAt.getTime(), toMs: now.getTime() } : undefined,
      }),
    );
    return 'written';
  };

  return { startPeer, progressPeer };
};
