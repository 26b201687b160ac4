import type { TPhoneLabel } from '@yunhu/contract';
import type { TDatabase } from '../../db/client.js';
import { withTenant } from '../../db/tenant.js';
import { recordCallOutcome } from '../crm/index.js';
import { callRepository as repo, type TBindRow } from './call.repository.js';
import { callStatusOf, type TCarrierCallback, type TCarrierOutcome } from './carrier.js';
import type { TRecordingStore } from './recording.store.js';
import { sipRepository } from './sip.repository.js';

/** A soft-phone dial request's bind id stands for its number this long (the INVITE follows at once). */
const sipTargetTtlMs = 2 * 60_000;

export type TIngestResult = 'written' | 'duplicate' | 'unknown_bind';

/** How a SIP call ended, from Kamailio (kamailio.cfg CALL_EVENT). */
export type TSipCallEvent = {
  event: 'invite' | 'answered' | 'ended' | 'failed';
  /** The SIP Call-ID: one call, one record. */
  callId: string;
  bindId: string;
  /** Final SIP reply code of a failed call (486 busy, 480/408/487 no answer, 404/604 no such number). */
  code: number;
};

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
  logger: { warn: (obj: object, msg: string) => void };
}) => {
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
    },
  ): Promise<TIngestResult> =>
    withTenant(deps.database, bind.tenantId, async (tx) => {
      const duration = call.answerTime
        ? Math.max(0, Math.round((call.endTime.getTime() - call.answerTime.getTime()) / 1000))
        : 0;
      const price = await repo.linePrice(tx, bind.lineId);
      const id = await repo.insertRecordOnce(tx, {
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
        // Started minutes are charged (the lines' price is per minute).
        postage: Math.ceil(duration / 60) * price,
        preRecordUrl: call.recordingKey,
        carrierCallId: call.carrierCallId,
      });
      if (id === null) return 'duplicate';
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

  return {
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
     * on (the callee check sees it under way); the hang-up or the failure writes the record. SIP
     * calls have no recording: media flows browser to browser and never passes the server.
     */
    ingestSip: async (ev: TSipCallEvent): Promise<TIngestResult> => {
      const bind = await repo.findBind(deps.database.db, ev.bindId);
      if (!bind) return 'unknown_bind';
      const now = new Date();
      if (ev.event === 'invite' || ev.event === 'answered') {
        await withTenant(deps.database, bind.tenantId, (tx) =>
          repo.setBindState(
            tx,
            bind.tenantId,
            bind.bindId,
            ev.event === 'invite' ? 'ringing' : 'talking',
            ev.event === 'invite' ? ['created'] : ['created', 'ringing'],
          ),
        );
        return 'written';
      }
      const wasAnswered = ev.event === 'ended' && bind.state === 'talking';
      return write(bind, {
        carrierCallId: `sip-${ev.callId}`,
        callStatus: ev.event === 'ended' ? (wasAnswered ? 1 : 2) : sipFailureStatus(ev.code),
        finishStatus: ev.event === 'ended' ? (wasAnswered ? 1 : 3) : ev.code === 487 ? 1 : 4,
        startTime: bind.createdAt,
        // The answer moved the request to 'talking' at that moment.
        answerTime: wasAnswered ? bind.updatedAt : null,
        endTime: now,
        recordingKey: null,
        phoneLabel: ev.event === 'ended' ? (wasAnswered ? 'connected' : 'no_answer') : sipFailureLabel(ev.code),
      });
    },
  };
};
