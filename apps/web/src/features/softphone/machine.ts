import { mmss } from '@yunhu/contract';
import * as t from '../../locales/zh-CN';
import { callFailureNotice } from './errors';

/**
 * The soft-phone's state machine (spec section 4 "Soft-phone", section 5; DESIGN.md section 5):
 * pure, so every state and status text is unit-tested without JsSIP. The phone module feeds it
 * JsSIP's events and carries out the effects it returns.
 */

/**
 * offline -> registering (expiry 200) -> online; stopped, stopping or a failed start -> offline.
 * online -> reconnecting when the SIP server's connection is lost (the phone connects and
 * registers again by itself) -> online once registered again.
 */
export type TLineState = 'offline' | 'registering' | 'online' | 'reconnecting';

/** The current call, from the first INVITE (sent or received) to 2.5 s after it ended. */
export type TCallState =
  | 'idle'
  | 'incoming'
  | 'outgoing'
  | 'ringing'
  | 'earlyMedia'
  | 'connecting'
  | 'inCall'
  | 'ended';

export type TTransferState = 'none' | 'trying' | 'accepted' | 'completed' | 'failed' | 'notified';

export type TPhoneState = {
  line: TLineState;
  call: TCallState;
  /** The other party of the current call (number or SIP user). */
  peer: string;
  direction: 'in' | 'out' | null;
  isLocalHold: boolean;
  isRemoteHold: boolean;
  isMuted: boolean;
  transfer: TTransferState;
  /** Where an incoming REFER asks us to go, while the user decides (transfer notified). */
  referTarget: string;
  /** The media permission prompt is shown while getUserMedia is pending. */
  isMediaPrompt: boolean;
  /** When the call reached 通话中 (epoch ms), for the call timer. */
  connectedAt: number | null;
  statusText: string;
};

export type TPhoneEvent =
  | { type: 'registering' }
  | { type: 'registered' }
  | { type: 'registrationFailed' }
  /** The WebSocket to the SIP server dropped while online (or an attempt to get it back failed). */
  | { type: 'serverLost' }
  /** Reconnecting gave up (the server stayed away too long): offline, the person is told. */
  | { type: 'serverGone' }
  /** The user went offline (the stack stopped). */
  | { type: 'stopped' }
  | { type: 'outgoing'; peer: string }
  | { type: 'incoming'; peer: string }
  /** A provisional answer: 180 / 183, with early media when it carries SDP. */
  | { type: 'progress'; code: number; hasSdp: boolean }
  | { type: 'answering' }
  | { type: 'accepted' }
  | { type: 'confirmed'; at: number }
  | { type: 'ended' }
  /** `code`: the SIP status that ended it, when a reply did (503 from a failed trunk). */
  | { type: 'failed'; cause: string; code?: number }
  | { type: 'cleared' }
  | { type: 'hold'; originator: 'local' | 'remote' }
  | { type: 'unhold'; originator: 'local' | 'remote' }
  | { type: 'holdFailed' }
  | { type: 'unholdFailed' }
  | { type: 'muted'; isMuted: boolean }
  | { type: 'referTrying' }
  | { type: 'referAccepted' }
  | { type: 'referCompleted' }
  | { type: 'referFailed' }
  | { type: 'referReceived'; target: string }
  | { type: 'referAnswered' }
  /** The call an accepted transfer asked for failed: back to the call it came from (`restore`). */
  | { type: 'referCallFailed'; restore: TPhoneState }
  | { type: 'mediaRequested' }
  | { type: 'mediaGranted' }
  | { type: 'mediaDenied' };

/** What the phone module must do after a step. */
export type TEffect =
  /** Hang up the new call at once: a call is already in progress (spec section 4). */
  | 'rejectIncoming'
  | 'startRingtone'
  | 'stopRingtone'
  /** Fire `cleared` after HANGUP_CLEAR_MS. */
  | 'scheduleClear'
  /** Terminate the transferred (old) call: the transferor hangs up itself once the REFER is accepted. */
  | 'terminateAfterRefer';

export type TStep = {
  state: TPhoneState;
  effects: TEffect[] /** Shown as a notice titled 温馨提示. */;
  notice?: string;
};

/** Spec section 9: the hang-up status is cleared after 2.5 s. */
export const HANGUP_CLEAR_MS = 2500;

/** JsSIP's cause when getUserMedia is refused (JsSIP.C.causes.USER_DENIED_MEDIA_ACCESS). */
export const CAUSE_MEDIA_DENIED = 'User Denied Media Access';

const s = t.softphone.status;

const callReset = {
  call: 'idle',
  peer: '',
  direction: null,
  isLocalHold: false,
  isRemoteHold: false,
  isMuted: false,
  transfer: 'none',
  referTarget: '',
  isMediaPrompt: false,
  connectedAt: null,
} as const satisfies Partial<TPhoneState>;

export const initialPhoneState: TPhoneState = { line: 'offline', ...callReset, statusText: '' };

/** A call exists (ringing, talking, or just ended and not yet cleared counts as busy too). */
export const isBusy = (state: TPhoneState): boolean => state.call !== 'idle' && state.call !== 'ended';

/** The call has media flowing both ways (hold, mute, DTMF and transfer make sense). */
export const isTalking = (state: TPhoneState): boolean => state.call === 'inCall';

const holdText = (state: TPhoneState): string =>
  state.isLocalHold ? s.localHold : state.isRemoteHold ? s.remoteHold : s.resumed;

const ended = (state: TPhoneState, statusText: string): TStep => ({
  state: { ...state, ...callReset, call: 'ended', peer: state.peer, direction: state.direction, statusText },
  effects: ['stopRingtone', 'scheduleClear'],
});

const step = (state: TPhoneState, patch: Partial<TPhoneState>, effects: TEffect[] = [], notice?: string): TStep =>
  notice ? { state: { ...state, ...patch }, effects, notice } : { state: { ...state, ...patch }, effects };

/** One transition: the next state, its status text, the effects to run and a notice to show. */
export const reduce = (state: TPhoneState, event: TPhoneEvent): TStep => {
  switch (event.type) {
    case 'registering':
      return step(state, { line: 'registering' });
    case 'registered':
      return step(state, { line: 'online' });
    case 'registrationFailed':
      return step(state, { line: 'offline' }, [], t.softphone.onlineFailed);
    case 'serverLost': {
      if (state.line === 'reconnecting') return { state, effects: [] };
      // The call (if any) cannot survive without its signalling path; the line comes back by
      // itself, so the person is told it reconnects (the line tag), not asked to go online again.
      const base = isBusy(state) ? ended(state, s.hungUp) : { state, effects: [] as TEffect[] };
      return { state: { ...base.state, line: 'reconnecting' }, effects: base.effects };
    }
    case 'serverGone': {
      const base = isBusy(state) ? ended(state, s.hungUp) : { state, effects: [] as TEffect[] };
      return { state: { ...base.state, line: 'offline' }, effects: base.effects, notice: t.softphone.serverLost };
    }
    case 'stopped': {
      const base = isBusy(state) ? ended(state, s.hungUp) : { state, effects: [] as TEffect[] };
      return { state: { ...base.state, line: 'offline' }, effects: base.effects };
    }
    case 'outgoing':
      return step(state, {
        ...callReset,
        call: 'outgoing',
        direction: 'out',
        peer: event.peer,
        statusText: s.connecting,
      });
    case 'incoming':
      if (isBusy(state)) return { state, effects: ['rejectIncoming'] };
      return step(
        state,
        { ...callReset, call: 'incoming', direction: 'in', peer: event.peer, statusText: s.incoming },
        ['startRingtone'],
      );
    case 'progress': {
      if (state.call !== 'outgoing' && state.call !== 'ringing' && state.call !== 'earlyMedia')
        return { state, effects: [] };
      if (event.hasSdp) return step(state, { call: 'earlyMedia', statusText: s.earlyMedia });
      if (event.code === 180 || event.code === 183) return step(state, { call: 'ringing', statusText: s.ringing });
      return { state, effects: [] };
    }
    case 'answering':
      return step(state, { call: 'connecting', statusText: s.connecting }, ['stopRingtone']);
    case 'accepted':
      if (state.call === 'inCall') return { state, effects: [] };
      return step(state, { call: 'connecting', statusText: s.connecting }, ['stopRingtone']);
    case 'confirmed':
      return step(state, { call: 'inCall', connectedAt: event.at, statusText: s.inCall }, ['stopRingtone']);
    case 'ended':
      if (state.call === 'idle' || state.call === 'ended') return { state, effects: [] };
      // After a completed blind transfer our leg ends on purpose: keep saying so until cleared.
      return ended(state, state.transfer === 'completed' ? s.transferCompleted : s.hungUp);
    case 'failed': {
      if (state.call === 'idle' || state.call === 'ended') return { state, effects: [] };
      if (event.cause === CAUSE_MEDIA_DENIED) {
        return { ...ended(state, s.mediaDenied), notice: t.softphone.mediaDenied };
      }
      // Our own outgoing call that never connected: 呼叫失败 (a busy or refusing callee included).
      const isOwnCallFailure = state.direction === 'out' && state.connectedAt === null && event.cause !== 'Canceled';
      if (!isOwnCallFailure) return ended(state, s.hungUp);
      // Busy, unavailable, no such number, no answer, the line's fault: each said as such.
      return { ...ended(state, s.hungUp), notice: callFailureNotice(event.code) };
    }
    case 'cleared':
      if (state.call !== 'ended') return { state, effects: [] };
      return step(state, { ...callReset, statusText: '' });
    case 'hold': {
      const next = {
        ...state,
        isLocalHold: event.originator === 'local' || state.isLocalHold,
        isRemoteHold: event.originator === 'remote' || state.isRemoteHold,
      };
      return step(next, { statusText: event.originator === 'local' ? s.localHold : s.remoteHold });
    }
    case 'unhold': {
      const next = {
        ...state,
        isLocalHold: event.originator === 'local' ? false : state.isLocalHold,
        isRemoteHold: event.originator === 'remote' ? false : state.isRemoteHold,
      };
      return step(next, { statusText: holdText(next) });
    }
    case 'holdFailed':
      return step(state, {}, [], t.softphone.holdFailed);
    case 'unholdFailed':
      return step(state, {}, [], t.softphone.unholdFailed);
    case 'muted':
      return step(state, { isMuted: event.isMuted });
    case 'referTrying':
      return step(state, { transfer: 'trying', statusText: s.transferTrying });
    case 'referAccepted':
      return step(state, { transfer: 'accepted', statusText: s.transferAccepted });
    case 'referCompleted':
      // The transferee is now talking to the third party: our leg is done.
      return step(state, { transfer: 'completed', statusText: s.transferCompleted }, ['terminateAfterRefer']);
    case 'referFailed':
      return step(state, { transfer: 'failed', statusText: s.transferFailed }, [], t.softphone.transferFailed);
    case 'referReceived':
      return step(state, { transfer: 'notified', referTarget: event.target, statusText: s.transferNotified });
    case 'referAnswered':
      return step(state, {
        transfer: 'none',
        referTarget: '',
        statusText: state.isLocalHold || state.isRemoteHold ? holdText(state) : s.inCall,
      });
    case 'referCallFailed':
      return {
        state: { ...event.restore, transfer: 'failed', statusText: s.transferFailed },
        effects: [],
        notice: t.softphone.transferFailed,
      };
    case 'mediaRequested':
      return step(state, { isMediaPrompt: true });
    case 'mediaGranted':
      return step(state, { isMediaPrompt: false });
    case 'mediaDenied': {
      // Refusal ends a call that is being placed or answered (spec section 4); a call already
      // talking (an incoming transfer refused for media) goes on.
      const isStarting = state.call === 'outgoing' || state.call === 'incoming' || state.call === 'connecting';
      const base = isStarting ? ended(state, s.mediaDenied) : { state, effects: [] as TEffect[] };
      return { state: { ...base.state, isMediaPrompt: false }, effects: base.effects, notice: t.softphone.mediaDenied };
    }
  }
};

/** Milliseconds as mm:ss for the call timer. */
export const formatDuration = (ms: number): string => mmss(ms / 1000);
