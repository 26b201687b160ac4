import { create } from 'zustand';
import * as t from '../../locales/zh-CN';
import { initialPhoneState, isBusy, type TPhoneState } from './machine';

/** Spec section 9: the SIP countdown defaults to 5 (seconds). */
export const DEFAULT_COUNTDOWN = 5;

/**
 * The soft-phone's part of the client state (spec section 3): SIP phone number, timers and
 * countdown, logged-in flag, call in progress, sip type, the status text. The machine's state is
 * kept whole beside the flags; `isLoggedIn` and `isInCall` follow it on every change.
 */
export type TSoftphoneStore = TPhoneState & {
  /** The number of the current or last SIP call (spec section 4 Dial flow: "the number is stored"). */
  sipNumber: string;
  /** Our own SIP user (the key of the line config) once online: colleagues dial it. */
  sipKey: string;
  /** The line mode the phone is online with (2 = soft-phone), null offline. */
  sipType: number | null;
  countdown: number;
  /** Where the line config (fetched at mount) stands: 上线 needs it ready. */
  configState: 'loading' | 'failed' | 'noSeat' | 'invalid' | 'ready';
  /** The server's own reason when it refused the config (e.g. 您没有可用的软电话坐席), else ''. */
  configReason: string;
  /** Registered with the SIP server (the spec's logged-in flag). */
  isLoggedIn: boolean;
  /** A call is ringing or in progress (the spec's call-in-progress flag). */
  isInCall: boolean;
  /** Epoch ms of the last tick of the call timer, so the widget re-renders each second. */
  now: number;
  apply: (next: TPhoneState) => void;
  setSipNumber: (sipNumber: string) => void;
  setOnline: (sipKey: string, sipType: number | null) => void;
  setCountdown: (countdown: number) => void;
  setConfigState: (configState: TSoftphoneStore['configState'], configReason?: string) => void;
  tick: (now: number) => void;
};

export const useSoftphone = create<TSoftphoneStore>((set) => ({
  ...initialPhoneState,
  sipNumber: '',
  sipKey: '',
  sipType: null,
  countdown: DEFAULT_COUNTDOWN,
  configState: 'failed',
  configReason: '',
  isLoggedIn: false,
  isInCall: false,
  now: Date.now(),
  apply: (next) => set({ ...next, isLoggedIn: next.line === 'online', isInCall: isBusy(next) }),
  setSipNumber: (sipNumber) => set({ sipNumber }),
  setOnline: (sipKey, sipType) => set({ sipKey, sipType }),
  setCountdown: (countdown) => set({ countdown }),
  setConfigState: (configState, configReason = '') => set({ configState, configReason }),
  tick: (now) => set({ now }),
}));

/** What a call refused because the phone is not online says: 请先点击上线按钮, or, while it reconnects by itself, to wait. */
export const notOnlineText = (): string =>
  useSoftphone.getState().line === 'reconnecting' ? t.softphone.reconnectingWait : t.softphone.notOnline;

/** The machine's part of the store (what `reduce` reads). */
export const phoneStateOf = (store: TSoftphoneStore): TPhoneState => ({
  line: store.line,
  call: store.call,
  peer: store.peer,
  direction: store.direction,
  isLocalHold: store.isLocalHold,
  isRemoteHold: store.isRemoteHold,
  isMuted: store.isMuted,
  transfer: store.transfer,
  referTarget: store.referTarget,
  isMediaPrompt: store.isMediaPrompt,
  connectedAt: store.connectedAt,
  statusText: store.statusText,
});
