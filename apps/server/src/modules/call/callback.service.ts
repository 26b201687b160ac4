import crypto from 'node:crypto';
import type { TPhoneLabel } from '@yunhu/contract';
import type { TDatabase } from '../../db/client.js';
import { withTenant } from '../../db/tenant.js';
import { prepareCharge, rateRecord } from '../billing/index.js';
import { recordCallOutcome } from '../crm/index.js';
import { callingRulesFor } from '../seat/index.js';
import {
  callStatusOf,
  type TCarrierCallback,
  type TCarrierOutcome,
  type TGatewayRecordings,
  type TRecordingStore,
} from '../telephony/index.js';
import { callRepository as repo, type TBindRow } from './call.repository.js';
import { sipRepository } from './sip.repository.js';
import { gatewayRecordingRepository, sipCallRepository, type TSipCallRow } from './sip-call.repository.js';

/** A soft-phone dial request's bind id stands for its number this long (the INVITE follows at once). */
const sipTargetTtlMs = 2 * 60_000;

/** 'record': written, and the gateway is to record this call (the answer to an invite event). */
export type TIngestResult = 'written' | 'record' | 'duplicate' | 'unknown_bind';

/** call_records.call_type (callTypeName in the contract; migration 0040). */
export const callType = { outbound: 1, inbound: 2, internal: 3 } as const;

/** How a SIP call ended, from Kamailio (kamailio.cfg CALL_EVENT). */
export type TSipCallEvent = {
  event: 'invite' | 'answered' | 'ended' | 'failed';
  /** The SIP Call-ID: one call, one record. */
  callId: string;
  /** The dial request's; '' for a call without one (`kind`). */
  bindId: string;
  /**
   * A call without a dial request (kamailio.cfg route PEER_CALL): an agent calling a colleague
   * (`from` and `to` their SIP keys) or a desk phone / carrier calling a seat's number (`from` the
   * caller's number, `to` the agent's key it rings, `number` the number dialled).
   */
  kind?: 'internal' | 'inbound';
  from?: string;
  to?: string;
  number?: string;
  /** Final SIP reply code of a failed call (486 busy, 480/408/487 no answer, 404/604 no such number). */
  code: number;
  /** Who sent the BYE that ended an answered call; '' when neither did (a dialog timeout). */
  by?: 'caller' | 'callee' | '';
  /** The SIP cause in that BYE's Reason header (488: the media could not be set up), 0 without one. */
  cause?: number;
  /** Ended by the server: the Kamailio that carried the call is gone (endLostCalls), no BYE came. */
  isLost?: boolean;
};

/** The record's end reason of a call the Kamailio carrying it lost (a restart). */
export const lostCallReason = '软交换重启，通话中断';

/** Why a failed call failed, for the record and the widget: the trunk's or the network's fault. */
export const sipFailureReason = (code: number): string =>
  code === 408 ? '呼叫超时（408）' : code >= 500 && code < 600 ? `线路故障（${code}）` : '';

/** A BYE cause that says the media never worked (the browser refused the answer's SDP, or DTLS failed). */
const isMediaFailureCause = (cause: number) => cause === 488 || cause === 606 || (cause >= 500 && cause < 600);

/** SIP failure code -> call_records.callStatus (2 not answered, 3 busy, 4 failed). */
const sipFailureStatus = (code: number) =>
  code === 486 || code === 600 ? 3 : code === 480 || code === 408 || code === 487 || code === 603 ? 2 : 4;

/** The phone label a SIP failure shows; other failures (server errors) say nothing about the number. */
const sipFailureLabel = (code: number): TPhoneLabel | null =>
  code === 486 || code === 600
    ? 'busy'
    : code === 480 || code === 408 || code === 487 || code === 603
      ? 'no_answer'
      : code === 404 || code === 604
        ? 'invalid'
        : null;

const carrierPhoneLabel: Record<TCarrierOutcome, TPhoneLabel> = {
  connected: 'connected',
  no_answer: 'no_answer',
  busy: 'busy',
  empty: 'invalid',
};

/** A stereo 16-bit WAV with its two channels exchanged (44-byte header, as stereoWav writes it). */
export const swapStereo = (wav: Buffer): Buffer => {
  const out = Buffer.from(wav);
  for (let i = 44; i + 3 < out.length; i += 4) {
    out.writeInt16LE(wav.readInt16LE(i + 2), i);
    out.writeInt16LE(wav.readInt16LE(i), i + 2);
  }
  return out;
};

/** Whole seconds from the answer to the end; none for a call never answered. */
const talkSeconds = (answerTime: Date | null, endTime: Date) =>
  answerTime ? Math.max(0, Math.round((endTime.getTime() - answerTime.getTime()) / 1000)) : 0;

export type TCallbackService = ReturnType<typeof createCallbackService>;

/**
 * Call-record ingestion (issue 5): the only writer of call records. A carrier callback or a SIP
 * call event names its dial request by bind id; the record takes the person, department, line and
 * customer from that request, never from the caller, and a call id already written is ignored.
 * The customer counts the call and takes the phone label it showed (CRM recordCallOutcome).
 */
export const createCallbackService = (deps: {
  database: TDatabase;
  store: TRecordingStore;
  /** The media gateway's captures (recording.gateway.ts); none: soft-phone calls are not recorded. */
  recordings?: TGatewayRecordings | null;
  logger: { warn: (obj: object, msg: string) => void };
}) => {
  /** Calls that ended before this moment are not being converted by this process (sweepPending). */
  const startedAt = new Date();
  /** Recordings being made after the event that ended their call was answered (tests wait for them). */
  const pending = new Set<Promise<unknown>>();
  const background = (work: Promise<unknown>) => {
    const tracked = work
      .catch((error) => deps.logger.warn({ error: (error as Error).message }, 'soft-phone call record failed'))
      .finally(() => pending.delete(tracked));
    pending.add(tracked);
  };

  /**
   * The gateway's capture of an answered, recorded call turned into its recording, after the event
   * that ended it was answered (Kamailio deletes the call in the gateway right after posting it):
   * stored, attached to the record (`carrierCallId`), the capture deleted. `agentRight`: the caller
   * is the customer (an inbound call), so the channels are swapped to keep the agent on the left.
   * `leftover`: the start-up sweep, which takes what a stop left at once (finished or not).
   */
  const finishRecording = async (
    tenantId: number,
    callId: string,
    carrierCallId: string,
    opts: { agentRight?: boolean; leftover?: boolean } = {},
  ) => {
    const captured = opts.leftover
      ? await deps.recordings!.collect(callId, 0, { unfinished: true })
      : await deps.recordings!.collect(callId);
    let patch: { key: string | null; state: string; isSilent: boolean };
    if (typeof captured === 'string') {
      // A capture without a packet either way: the gateway carried no audio, the media failed.
      patch = { key: null, state: captured === 'missing' ? 'failed' : captured, isSilent: captured === 'none' };
    } else {
      const key = deps.store.keyOf(
        tenantId,
        `sip-${crypto.createHash('sha256').update(callId).digest('hex').slice(0, 40)}`,
      );
      await deps.store.write(key, opts.agentRight ? swapStereo(captured.wav) : captured.wav);
      patch = { key, state: 'ready', isSilent: false };
    }
    await withTenant(deps.database, tenantId, (tx) =>
      gatewayRecordingRepository.attachGatewayRecording(tx, tenantId, carrierCallId, patch),
    );
  };

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
    const now = new Date();
    if (ev.event === 'answered') {
      await withTenant(deps.database, live.tenantId, (tx) =>
        sipCallRepository.setAnswered(tx, live.tenantId, live.callId, now),
      );
      return 'written';
    }
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
      finishRecording(live.tenantId, ev.callId, `sip-${ev.callId}`, {
        agentRight: live.callType === callType.inbound,
      }),
    );
    return 'written';
  };

  const write = async (
    bind: TBindRow,
    call: {
      carrierCallId: string;
      callStatus: number;
      finishStatus: number;
      startTime: Date;
      answerTime: Date | null;
      endTime: Date;
      telA?: string;
      telX?: string;
      recordingKey: string | null;
      phoneLabel: TPhoneLabel | null;
      recordingState?: string | null;
      endReason?: string;
    },
  ): Promise<TIngestResult> =>
    withTenant(deps.database, bind.tenantId, async (tx) => {
      const duration = talkSeconds(call.answerTime, call.endTime);
      // Rated at the line's rate of the call's start (billing, issue 16): the price is the postage; the
      // packages the person may draw on are locked by the same read, until the charge below.
      const rating = await rateRecord(tx, {
        tenantId: bind.tenantId,
        userId: bind.userId,
        lineId: bind.lineId,
        startTime: call.startTime,
        isAnswered: call.callStatus === 1,
        duration,
      });
      const record = {
        tenantId: bind.tenantId,
        userId: bind.userId,
        deptId: bind.deptId,
        customerId: bind.customerId,
        lineId: bind.lineId,
        bindId: bind.bindId,
        telA: call.telA || bind.telA,
        telB: bind.telB,
        telX: call.telX || bind.telX,
        callStatus: call.callStatus,
        finishStatus: call.finishStatus,
        duration,
        startTime: call.startTime,
        endTime: call.endTime,
        postage: rating.rated.amount,
        preRecordUrl: call.recordingKey,
        recordingState: call.recordingState ?? null,
        endReason: call.endReason ?? '',
        carrierCallId: call.carrierCallId,
      };
      // Charged once, here, in the record's own statement: package minutes first, then the balance
      // (a repeated callback writes no record, so nothing is charged).
      const charge = prepareCharge({ ...bind, startTime: call.startTime, duration, rating });
      if (charge) {
        const written = await repo.insertChargedRecordOnce(tx, record, charge);
        if (written.id === null) return 'duplicate';
        await charge.settle(tx, written.id, written.row);
      } else if ((await repo.insertRecordOnce(tx, record)) === null) return 'duplicate';
      if (bind.customerId !== null) {
        await recordCallOutcome(tx, {
          tenantId: bind.tenantId,
          customerId: bind.customerId,
          userId: bind.userId,
          startTime: call.startTime,
          phoneLabel: call.phoneLabel,
        });
      }
      await repo.setBindState(tx, bind.tenantId, bind.bindId, call.callStatus === 1 ? 'finished' : 'failed');
      return 'written';
    });

  /** A recording the carrier names must be one of this enterprise's files and really be there. */
  const checkedRecording = async (bind: TBindRow, key: string | null) => {
    if (!key) return null;
    if (key.startsWith(`recordings/${bind.tenantId}/`) && (await deps.store.exists(key))) return key;
    deps.logger.warn({ bindId: bind.bindId, key }, 'carrier callback: recording refused');
    return null;
  };

  /**
   * The start-up sweep (issue 14): records a stop left 'pending' get their recording from the
   * capture the gateway left (converted) or are marked failed when there is none; calls under way
   * when Kamailio lost them (older than a dialog's lifetime) are dropped. Returns how many records
   * it settled.
   */
  const sweepPending = async (opts: { staleAfterMs?: number; before?: Date } = {}) => {
    const before = opts.before ?? startedAt;
    await sipCallRepository.removeStale(deps.database.db, new Date(Date.now() - (opts.staleAfterMs ?? 4 * 3_600_000)));
    let settled = 0;
    for (;;) {
      const rows = await gatewayRecordingRepository.list(deps.database.db, before, 100);
      if (!rows.length) return settled;
      for (const row of rows) {
        const carrierCallId = row.carrierCallId ?? '';
        if (!deps.recordings || !carrierCallId.startsWith('sip-')) {
          await withTenant(deps.database, row.tenantId, (tx) =>
            gatewayRecordingRepository.attachGatewayRecording(tx, row.tenantId, carrierCallId, {
              key: null,
              state: 'failed',
              isSilent: false,
            }),
          );
        } else {
          await finishRecording(row.tenantId, carrierCallId.slice(4), carrierCallId, {
            agentRight: row.callType === callType.inbound,
            leftover: true,
          }).catch(async (error) => {
            deps.logger.warn({ carrierCallId, error: (error as Error).message }, 'pending recording unreadable');
            await withTenant(deps.database, row.tenantId, (tx) =>
              gatewayRecordingRepository.attachGatewayRecording(tx, row.tenantId, carrierCallId, {
                key: null,
                state: 'failed',
                isSilent: false,
              }),
            );
          });
        }
        settled++;
      }
    }
  };

  const service = {
    /**
     * The number behind a bind id, for Kamailio (route BIND_TARGET): only to the SIP key of the
     * person who made the request, only while it is new; null otherwise.
     */
    sipTarget: async (bindId: string, fromUser: string, now = new Date()): Promise<string | null> => {
      const bind = await repo.findBind(deps.database.db, bindId);
      if (!bind) return null;
      if (bind.state !== 'created' || now.getTime() - bind.createdAt.getTime() > sipTargetTtlMs) return null;
      const account = await sipRepository.findByUser(deps.database.db, bind.tenantId, bind.userId);
      return account?.sipUser === fromUser ? bind.telB : null;
    },

    /** A carrier's finished call (the signature is checked by the route before this). */
    ingestCarrier: async (cb: TCarrierCallback): Promise<TIngestResult> => {
      const bind = await repo.findBind(deps.database.db, cb.bindId);
      if (!bind) return 'unknown_bind';
      return write(bind, {
        carrierCallId: cb.callId,
        callStatus: callStatusOf[cb.outcome],
        finishStatus: cb.finishStatus,
        startTime: new Date(cb.startTime),
        answerTime: cb.outcome === 'connected' && cb.answerTime ? new Date(cb.answerTime) : null,
        endTime: new Date(Math.max(cb.endTime, cb.startTime)),
        telA: cb.telA,
        telX: cb.telX,
        recordingKey: await checkedRecording(bind, cb.recordingKey),
        phoneLabel: carrierPhoneLabel[cb.outcome],
      });
    },

    /**
     * A soft-phone call's progress from Kamailio: the INVITE and the answer move the dial request
     * on (the callee check sees it under way; the INVITE's answer says whether the gateway is to
     * record it: 'record'); the hang-up or the failure writes the record. Who hung up comes from
     * the BYE's direction; a BYE whose Reason says the media failed, or an answered call the
     * gateway carried no audio for, is 失败, not 已接通. A recorded call's record is written at
     * once ('pending') and gets its stereo recording when the gateway has let go of the capture
     * (after this event's answer: Kamailio deletes the call in the gateway after posting it).
     */
    ingestSip: async (ev: TSipCallEvent): Promise<TIngestResult> => {
      if (ev.kind) {
        return ev.event === 'invite' ? startPeer({ ...ev, kind: ev.kind }) : progressPeer(ev);
      }
      const bind = await repo.findBind(deps.database.db, ev.bindId);
      if (!bind) return 'unknown_bind';
      const now = new Date();
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
          ),
        );
        return ev.event === 'invite' && isRecorded ? 'record' : 'written';
      }
      const carrierCallId = `sip-${ev.callId}`;
      if (ev.event === 'failed') {
        // The gateway may have started a capture with the offer: nothing to keep.
        if (isRecorded && (await deps.recordings!.isCapturing(ev.callId)))
          background(deps.recordings!.discard(ev.callId));
        return write(bind, {
          carrierCallId,
          callStatus: sipFailureStatus(ev.code),
          finishStatus: ev.code === 487 ? 1 : 4,
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
      // deletes the call there right after posting this event): a 'pending' record meanwhile.
      const written = await record({ key: null, state: 'pending' });
      if (written !== 'written') return written;
      background(finishRecording(bind.tenantId, ev.callId, carrierCallId));
      return 'written';
    },

    sweepPending,

    /** The sweep at start, in the background (tracked like the recordings: `settled` waits for it). */
    sweepOnStart: () => background(sweepPending()),

    /** Resolves when every recording under way has been written (tests; a graceful stop). */
    settled: async () => {
      while (pending.size) await Promise.all([...pending]);
    },
  };

  /**
   * A Kamailio that starts carries no call (its dialogs lived in the memory of the one before), so
   * the end events of the calls it carried will never come: each is ended now, as a hang-up by
   * neither side at this moment — its record written and charged, its agent free on 实时监控 —
   * instead of staying 通话中 until the sweep drops it hours later. Answers how many it ended.
   */
  const endLostCalls = async (): Promise<number> => {
    const ended = { event: 'ended', code: 0, by: '', cause: 0, isLost: true } as const;
    let count = 0;
    // One call that cannot be ended (logged) does not keep the others 通话中.
    const end = async (callId: string, run: () => Promise<TIngestResult>) => {
      try {
        if ((await run()) === 'written') count++;
      } catch (error) {
        deps.logger.warn({ callId, error: (error as Error).message }, 'lost call not ended');
      }
    };
    for (const live of await sipCallRepository.listLive(deps.database.db)) {
      await end(live.callId, () => progressPeer({ ...ended, callId: live.callId, bindId: '' }));
    }
    for (const bind of await repo.liveSipBinds(deps.database.db)) {
      await end(bind.callId!, () => service.ingestSip({ ...ended, callId: bind.callId!, bindId: bind.bindId }));
    }
    return count;
  };

  return { ...service, endLostCalls };
};
