import type { TPhoneLabel } from '@yunhu/contract';
import type { TCarrierOutcome } from '../telephony/index.js';

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
  /**
   * When it happened on Kamailio's clock (its events are queued and may arrive seconds later): the
   * answer and end times of the record. The arrival time when absent.
   */
  at?: Date;
};

/** The record's end reason of a call the Kamailio carrying it lost (a restart). */
export const lostCallReason = '软交换重启，通话中断';

/**
 * Why a call failed, in the record's own words: the customer's side (busy, unavailable, no such
 * number, no answer within the ring timeout: 408) or the line's fault (5xx); '' for other codes.
 */
export const sipFailureReason = (code: number): string => {
  if (code >= 500 && code < 600) return `线路故障（${code}）`;
  return sipFailureWords[code] ?? '';
};

const sipFailureWords: Record<number, string> = {
  486: '对方忙',
  600: '对方忙',
  480: '对方暂时无法接通',
  404: '空号或号码不存在',
  604: '空号或号码不存在',
  484: '号码不完整',
  408: '未接听',
  487: '未接听（已取消）',
  603: '对方拒接',
};

/** A BYE cause that says the media never worked (the browser refused the answer's SDP, or DTLS failed). */
export const isMediaFailureCause = (cause: number) => cause === 488 || cause === 606 || (cause >= 500 && cause < 600);

/** SIP failure code -> call_records.callStatus (2 not answered, 3 busy, 4 failed). */
export const sipFailureStatus = (code: number) =>
  code === 486 || code === 600 ? 3 : code === 480 || code === 408 || code === 487 || code === 603 ? 2 : 4;

/**
 * SIP failure code -> call_records.finishStatus: the caller gave up (487, 主叫挂断), nobody answered
 * within the ring timeout (408, 无人接听), anything else ended by the system.
 */
export const sipFailureFinish = (code: number) => (code === 487 ? 1 : code === 408 ? 3 : 4);

/** The phone label a SIP failure shows; other failures (server errors) say nothing about the number. */
export const sipFailureLabel = (code: number): TPhoneLabel | null =>
  code === 486 || code === 600
    ? 'busy'
    : code === 480 || code === 408 || code === 487 || code === 603
      ? 'no_answer'
      : code === 404 || code === 604 || code === 484
        ? 'invalid'
        : null;

export const carrierPhoneLabel: Record<TCarrierOutcome, TPhoneLabel> = {
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
export const talkSeconds = (answerTime: Date | null, endTime: Date) =>
  answerTime ? Math.max(0, Math.round((endTime.getTime() - answerTime.getTime()) / 1000)) : 0;
