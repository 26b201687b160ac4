import { withTenant } from '../../db/tenant.js';
import { callStatusOf, type TCarrierCallback } from '../telephony/index.js';
import { isBindOver, callRepository as repo, type TBindRow } from './call.repository.js';
import { createPeerCallIngestion } from './ingest.peer.js';
import { createGatewayRecordingFinisher, type TIngestDeps } from './ingest.recordings.js';
import {
  carrierPhoneLabel,
  isMediaFailureCause,
  lostCallReason,
  sipFailureFinish,
  sipFailureLabel,
  sipFailureReason,
  sipFailureStatus,
  type TIngestResult,
  type TSipCallEvent,
} from './ingest.rules.js';
import { type TBindCall, writeBindRecord } from './ingest.write.js';
import { sipCallRepository } from './sip-call.repository.js';

export type TCallbackService = ReturnType<typeof createCallbackService>;

/**
 * Call-record ingestion: the only writer of call records. A carrier callback or a SIP call event
 * names its dial request by bind id and its record is written once per call (ingest.write.ts);
 * calls without a dial request are ingest.peer.ts's, gateway recordings ingest.recordings.ts's.
 */
export const createCallbackService = (deps: TIngestDeps) => {
  const recordings = createGatewayRecordingFinisher(deps);
  const { background, finishRecording } = recordings;
  const peers = createPeerCallIngestion(deps, recordings);
  const write = (bind: TBindRow, call: TBindCall) => writeBindRecord(deps.database, bind, call);

  /** A recording the carrier names must be one of this enterprise's files and really be there. */
  const checkedRecording = async (bind: TBindRow, key: string | null) => {
    if (!key) return null;
    if (key.startsWith(`recordings/${bind.tenantId}/`) && (await deps.store.exists(key))) return key;
    deps.logger.warn({ bindId: bind.bindId, key }, 'carrier callback: recording refused');
    return null;
  };

  const service = {
    /** A carrier's finished call (the signature is checked by the route before this). */
    ingestCarrier: async (cb: TCarrierCallback): Promise<TIngestResult> => {
      const bind = await repo.findBind(deps.database.db, cb.bindId);
      if (!bind) return 'unknown_bind';
      const recordingKey = await checkedRecording(bind, cb.recordingKey);
      const written = await write(bind, {
        carrierCallId: cb.callId,
        callStatus: callStatusOf[cb.outcome],
        finishStatus: cb.finishStatus,
        startTime: new Date(cb.startTime),
        answerTime: cb.outcome === 'connected' && cb.answerTime ? new Date(cb.answerTime) : null,
        endTime: new Date(Math.max(cb.endTime, cb.startTime)),
        telA: cb.telA,
        telX: cb.telX,
        recordingKey,
        phoneLabel: carrierPhoneLabel[cb.outcome],
      });
      // The carrier hands the recording with the callback: ready with the record (the call analysis queues it).
      if (written === 'written' && recordingKey) await recordings.tellReady(bind.tenantId, cb.callId);
      return written;
    },

    /**
     * A soft-phone call's progress from Kamailio: the INVITE and the answer move the dial request
     * on (the callee check sees it under way; the INVITE's answer says whether the gateway is to
     * record it: 'record'); the hang-up or the failure writes the record. Who hung up comes from
     * the BYE's direction; a BYE whose Reason says the media failed, or an answered call the
     * gateway carried no audio for, is 失败, not 已接通. A recorded call's record is written at
     * once ('pending') and gets its stereo recording when the gateway has let go of the capture
     * (Kamailio deletes the call there on the hang-up; releaseMedia whatever still holds it).
     */
    ingestSip: async (ev: TSipCallEvent): Promise<TIngestResult> => {
      if (ev.kind) {
        return ev.event === 'invite' ? peers.startPeer({ ...ev, kind: ev.kind }) : peers.progressPeer(ev);
      }
      const bind = await repo.findBind(deps.database.db, ev.bindId);
      if (!bind) return 'unknown_bind';
      // Over already (a Kamailio restart ended it; an end repeated or late): its record is written
      // and its capture is the recording's, not to be discarded or released again.
      if (isBindOver(bind.state) && (ev.event === 'ended' || ev.event === 'failed')) return 'duplicate';
      const now = ev.at ?? new Date();
      const isRecorded = bind.isRecorded && !!deps.recordings;
      if (ev.event === 'invite' || ev.event === 'answered') {
        await withTenant(deps.database, bind.tenantId, (tx) =>
          repo.setBindState(
            tx,
            bind.tenantId,
            bind.bindId,
            ev.event === 'invite' ? 'ringing' : 'talking',
            ev.event === 'invite' ? ['created'] : ['created', 'ringing'],
            ev.callId,
            now,
          ),
        );
        return ev.event === 'invite' && isRecorded ? 'record' : 'written';
      }
      recordings.releaseMedia(ev.callId);
      const carrierCallId = `sip-${ev.callId}`;
      if (ev.event === 'failed') {
        // The gateway may have started a capture with the offer: nothing to keep.
        if (isRecorded && (await deps.recordings!.isCapturing(ev.callId)))
          background(deps.recordings!.discard(ev.callId));
        return write(bind, {
          carrierCallId,
          callStatus: sipFailureStatus(ev.code),
          finishStatus: sipFailureFinish(ev.code),
          startTime: bind.createdAt,
          answerTime: null,
          endTime: now,
          recordingKey: null,
          recordingState: isRecorded ? 'none' : bind.isRecorded ? null : 'off',
          endReason: sipFailureReason(ev.code),
          phoneLabel: sipFailureLabel(ev.code),
        });
      }
      const wasAnswered = bind.state === 'talking';
      const cause = ev.cause ?? 0;
      const finishStatus = !wasAnswered ? 3 : ev.by === 'caller' ? 1 : ev.by === 'callee' ? 2 : 4;
      const record = (media: { key: string | null; state: string | null }) => {
        const isFailed = wasAnswered && isMediaFailureCause(cause);
        return write(bind, {
          carrierCallId,
          callStatus: !wasAnswered ? 2 : isFailed ? 4 : 1,
          finishStatus,
          startTime: bind.createdAt,
          // The answer moved the request to 'talking' at that moment.
          answerTime: wasAnswered && !isFailed ? bind.updatedAt : null,
          endTime: now,
          recordingKey: media.key,
          recordingState: media.state,
          endReason: isFailed ? `媒体协商失败（${cause}）` : ev.isLost ? lostCallReason : '',
          phoneLabel: !wasAnswered ? 'no_answer' : isFailed ? null : 'connected',
        });
      };
      // Recording on but no capture under way: a Kamailio without the gateway (or one that records nothing).
      if (!isRecorded || !(await deps.recordings!.isCapturing(ev.callId))) {
        return record({ key: null, state: bind.isRecorded ? null : 'off' });
      }
      if (!wasAnswered) {
        background(deps.recordings!.discard(ev.callId));
        return record({ key: null, state: 'none' });
      }
      // Written now, the recording attached once the gateway has let go of the capture (Kamailio
      // deletes the call there on the hang-up, releaseMedia the rest): a 'pending' record meanwhile.
      const written = await record({ key: null, state: 'pending' });
      if (written !== 'written') return written;
      background(
        finishRecording(bind.tenantId, ev.callId, carrierCallId, {
          talk: { fromMs: bind.updatedAt.getTime(), toMs: now.getTime() },
        }),
      );
      return 'written';
    },

    sweepPending: recordings.sweepPending,

    /** The id of the dial request that made this bind (its x-request-id); null when none was kept. */
    dialRequestIdOf: async (bindId: string): Promise<string | null> =>
      (await repo.findBind(deps.database.db, bindId))?.requestId ?? null,

    /** Tells `listener` of each recording once its record has it, soft-phone or call-back (the call analysis). */
    onRecordingReady: recordings.onRecordingReady,

    /** Resolves when every recording under way has been written (tests; a graceful stop). */
    settled: recordings.settled,
  };

  /**
   * A Kamailio that starts carries no call (its dialogs lived in the memory of the one before), so
   * the end events of the calls it carried will never come: each is ended now, as a hang-up by
   * neither side at this moment — its record written and charged, its agent free on 实时监控 —
   * instead of staying 通话中 until the sweep drops it hours later. A call among `answered` (Call-ID
   * → when, from the dialogs the new Kamailio took over) is answered first: its answer may have died
   * with the Kamailio before it was posted. Answers how many it ended.
   */
  const endLostCalls = async (answered: ReadonlyMap<string, Date> = new Map()): Promise<number> => {
    const ended = { event: 'ended', code: 0, by: '', cause: 0, isLost: true } as const;
    const answer = (callId: string) => ({ event: 'answered', code: 200, callId, at: answered.get(callId) }) as const;
    let count = 0;
    // One call that cannot be ended (logged) does not keep the others 通话中.
    const end = async (callId: string, run: () => Promise<TIngestResult>) => {
      try {
        if ((await run()) === 'written') count++;
      } catch (error) {
        deps.logger.warn({ callId, error: (error as Error).message }, 'lost call not ended');
      }
    };
    for (const { callId } of await sipCallRepository.listLive(deps.database.db)) {
      await end(callId, async () => {
        if (answered.has(callId)) await peers.progressPeer({ ...answer(callId), bindId: '' });
        return peers.progressPeer({ ...ended, callId, bindId: '' });
      });
    }
    for (const bind of await repo.liveSipBinds(deps.database.db)) {
      const callId = bind.callId!;
      await end(callId, async () => {
        if (answered.has(callId)) await service.ingestSip({ ...answer(callId), bindId: bind.bindId });
        return service.ingestSip({ ...ended, callId, bindId: bind.bindId });
      });
    }
    return count;
  };

  return { ...service, endLostCalls };
};
