import { softphoneLineMode, type TSipLineConfig } from '@yunhu/contract';
import { C, UA, WebSocketInterface } from 'jssip';
import type { NameAddrHeader } from 'jssip/lib/NameAddrHeader';
import type {
  EndEvent,
  HoldEvent,
  IceCandidateEvent,
  IncomingEvent,
  OutgoingEvent,
  PeerConnectionEvent,
  ReferEvent,
  RTCSession,
} from 'jssip/lib/RTCSession';
import type { IncomingRTCSessionEvent, OutgoingRTCSessionEvent, UnRegisteredEvent } from 'jssip/lib/UA';
import * as t from '../../locales/zh-CN';
import { feedback } from '../../shared/feedback';
import { configSlot, loadLineConfig, type TConfigSlot } from './config';
import { SoftphoneError } from './errors';
import { HANGUP_CLEAR_MS, isBusy, reduce, type TEffect, type TPhoneEvent, type TPhoneState } from './machine';
import { forgetOnline, rememberOnline, wasOnline } from './onlineIntent';
import { startRingtone, stopRingtone } from './ringtone';
import { notOnlineText, phoneStateOf, useSoftphone } from './store';

/**
 * The page's SIP phone over JsSIP (spec section 4 "Soft-phone"): one UA per signed-in page,
 * registered with expiry 200, one current call. Every JsSIP event goes through the pure machine
 * (machine.ts); this module only carries out the effects it returns.
 */

/** Spec section 9: SIP registration expiry 200 s. */
export const REGISTER_EXPIRES = 200;

/** No STUN: an unreachable one stalls call setup while ICE gathering waits (spike pitfall 5). */
const PC_CONFIG: RTCConfiguration = { iceServers: [] };
const AUDIO_ONLY: MediaStreamConstraints = { audio: true, video: false };
/**
 * JsSIP sends the INVITE / 200 only once ICE gathering completes, and Chromium keeps gathering TCP
 * host candidates for a good 100 ms after the UDP ones. Without STUN/TURN servers (PC_CONFIG) the
 * host candidates are all there is: send this long after the first one.
 */
const ICE_GRACE_MS = 30;

/**
 * A lost connection to the SIP server is won back by JsSIP's own reconnection: the first attempt
 * after 1 s, then after a random wait up to twice as long each time, at most 30 s.
 */
const RECONNECT_MIN_S = 1;
const RECONNECT_MAX_S = 30;
/** A registration refused while reconnecting (not for its credentials) is sent again after this, doubled each time. */
const REREGISTER_FIRST_MS = 2000;
/** Reconnecting gives up after this long: offline, SIP服务器已断开，请重新上线. */
export const RECONNECT_GIVE_UP_MS = 5 * 60_000;

type TPhoneRuntime = {
  ua: UA;
  config: TSipLineConfig;
  /** The user asked to go offline: the socket closing is not a server loss. */
  isStopping: boolean;
  /** Registered at least once: a lost connection is then won back, not a failed 上线. */
  wasRegistered: boolean;
  reregisterMs: number;
  reregisterTimer: ReturnType<typeof setTimeout> | null;
  giveUpTimer: ReturnType<typeof setTimeout> | null;
};

let runtime: TPhoneRuntime | null = null;
let current: RTCSession | null = null;
/** The incoming REFER waiting for the user's answer (transfer notified). */
let pendingRefer: { accept: (cb: unknown, options: unknown) => void; reject: () => void } | null = null;
/**
 * The call an accepted transfer came from, until the new call connects: the transferor hangs it up
 * only on success, so a failed transfer goes back to it.
 */
let referOrigin: { session: RTCSession; state: TPhoneState } | null = null;
let clearTimer: ReturnType<typeof setTimeout> | null = null;
const remoteAudio = typeof Audio === 'undefined' ? null : new Audio();
if (remoteAudio) remoteAudio.autoplay = true;

const notice = (text: string) => {
  feedback.notification.warning({ title: t.app.noticeTitle, description: text });
};

const runEffect = (effect: TEffect) => {
  switch (effect) {
    case 'startRingtone':
      startRingtone();
      return;
    case 'stopRingtone':
      stopRingtone();
      return;
    case 'scheduleClear':
      if (clearTimer) clearTimeout(clearTimer);
      clearTimer = setTimeout(() => {
        clearTimer = null;
        dispatch({ type: 'cleared' });
      }, HANGUP_CLEAR_MS);
      return;
    case 'terminateAfterRefer':
      // Blind transfer: the transferee now talks to the third party; we hang up our leg (spike pitfall 7).
      safely(() => current?.terminate());
      return;
    case 'rejectIncoming':
      return; // handled where the session is at hand (onNewSession)
  }
};

/** Feeds one event to the machine, stores the result, runs its effects and shows its notice. */
export const dispatch = (event: TPhoneEvent): TEffect[] => {
  const store = useSoftphone.getState();
  const { state, effects, notice: text } = reduce(phoneStateOf(store), event);
  store.apply(state);
  for (const effect of effects) runEffect(effect);
  if (text) notice(text);
  return effects;
};

const safely = (fn: () => void): boolean => {
  try {
    fn();
    return true;
  } catch {
    return false;
  }
};

/**
 * The microphone opened when the phone went online, kept while it is online: opening the device
 * costs 100–250 ms that would otherwise delay every INVITE and 200 OK. Each call sends a clone.
 * The browser's permission question therefore comes at 上线, with our prompt beside it.
 */
let warmMicrophone: MediaStream | null = null;

const isLive = (stream: MediaStream | null): stream is MediaStream =>
  Boolean(stream?.getAudioTracks().some((track) => track.readyState === 'live'));

/** Opens the microphone once online; a refusal is announced, and asked again at each call. */
const warmUpMicrophone = async (rt: TPhoneRuntime) => {
  dispatch({ type: 'mediaRequested' });
  try {
    const stream = await navigator.mediaDevices.getUserMedia(AUDIO_ONLY);
    dispatch({ type: 'mediaGranted' });
    if (runtime === rt && !warmMicrophone) warmMicrophone = stream;
    else stopStream(stream);
  } catch {
    dispatch({ type: 'mediaDenied' });
  }
};

const releaseMicrophone = () => {
  stopStream(warmMicrophone);
  warmMicrophone = null;
};

/**
 * The microphone for one call: a clone of the open one, or getUserMedia with the permission
 * prompt shown while it is pending (spec section 4); null when refused.
 */
const requestMedia = async (): Promise<MediaStream | null> => {
  if (isLive(warmMicrophone)) return warmMicrophone.clone();
  dispatch({ type: 'mediaRequested' });
  try {
    const stream = await navigator.mediaDevices.getUserMedia(AUDIO_ONLY);
    dispatch({ type: 'mediaGranted' });
    return stream;
  } catch {
    dispatch({ type: 'mediaDenied' });
    return null;
  }
};

const stopStream = (stream: MediaStream | null | undefined) => {
  for (const track of stream?.getTracks() ?? []) track.stop();
};

/** Plays the remote party (Chromium only decodes remote audio that is played: spike pitfall 6). */
const hookPeerConnection = (pc: RTCPeerConnection) => {
  pc.addEventListener('track', (ev) => {
    if (!remoteAudio) return;
    remoteAudio.srcObject = ev.streams[0] ?? new MediaStream([ev.track]);
    void remoteAudio.play().catch(() => undefined);
  });
};

/**
 * Who calls: the display name when the caller has one, else the SIP user. A call from the carrier
 * or a desk phone comes as sip:pstn@… with the number masked by the server in the display name
 * (kamailio.cfg route INBOUND); a colleague shows his key.
 */
export const callerOf = (identity: { display_name?: string | null; uri?: { user?: string | null } | null } | null) =>
  identity?.display_name?.trim() || identity?.uri?.user || '';

const peerOf = (session: RTCSession): string => callerOf(session.remote_identity);

/** Listens to one call; events of any call but the current one are ignored (a rejected second call). */
const wireSession = (session: RTCSession, media: MediaStream | Promise<MediaStream | null> | null) => {
  // Whenever the call ends, its microphone stream is released (also one still being opened).
  const release = () => void Promise.resolve(media).then(stopStream);
  const on = (fn: () => void) => () => {
    if (session === current) fn();
  };
  if (session.connection) hookPeerConnection(session.connection);
  session.on('peerconnection', ({ peerconnection }: PeerConnectionEvent) => hookPeerConnection(peerconnection));
  let iceTimer: ReturnType<typeof setTimeout> | null = null;
  session.on('icecandidate', ({ ready }: IceCandidateEvent) => {
    if (iceTimer) return;
    iceTimer = setTimeout(() => {
      iceTimer = null;
      ready();
    }, ICE_GRACE_MS);
  });
  session.on('progress', (e: IncomingEvent | OutgoingEvent) => {
    if (session !== current || session.direction !== 'outgoing') return;
    const response = 'response' in e ? e.response : null;
    dispatch({ type: 'progress', code: response?.status_code ?? 0, hasSdp: Boolean(response?.body) });
  });
  session.on(
    'accepted',
    on(() => dispatch({ type: 'accepted' })),
  );
  session.on(
    'confirmed',
    on(() => {
      referOrigin = null;
      dispatch({ type: 'confirmed', at: Date.now() });
    }),
  );
  session.on('ended', () => {
    release();
    if (session === current) {
      current = null;
      pendingRefer = null;
      const failure = holdFailure();
      if (failure) dispatch(failure);
      dispatch({ type: 'ended' });
    }
  });
  session.on('failed', (e: EndEvent) => {
    release();
    if (session === current && backToReferOrigin(session)) return;
    if (session === current) {
      current = null;
      pendingRefer = null;
      const code = (e.message as { status_code?: unknown } | undefined)?.status_code;
      dispatch({ type: 'failed', cause: String(e.cause ?? ''), code: typeof code === 'number' ? code : undefined });
    }
  });
  session.on('hold', (e: HoldEvent) => {
    if (session === current) dispatch({ type: 'hold', originator: e.originator === 'remote' ? 'remote' : 'local' });
  });
  session.on('unhold', (e: HoldEvent) => {
    if (session === current) dispatch({ type: 'unhold', originator: e.originator === 'remote' ? 'remote' : 'local' });
  });
  session.on(
    'muted',
    on(() => dispatch({ type: 'muted', isMuted: true })),
  );
  session.on(
    'unmuted',
    on(() => dispatch({ type: 'muted', isMuted: false })),
  );
  session.on('refer', (e: ReferEvent) => {
    if (session !== current) return e.reject();
    pendingRefer = e as unknown as NonNullable<typeof pendingRefer>;
    // JsSIP's parser puts the Refer-To header on the request as `refer_to`.
    const referTo = (e.request as unknown as { refer_to: NameAddrHeader }).refer_to;
    dispatch({ type: 'referReceived', target: referTo.uri.user ?? String(referTo.uri) });
  });
};

/** After the call of an accepted transfer failed, makes the call it came from current again. */
const backToReferOrigin = (failed: RTCSession | null): boolean => {
  const origin = referOrigin;
  referOrigin = null;
  if (!origin || origin.session === failed || origin.session.isEnded()) return false;
  current = origin.session;
  dispatch({ type: 'referCallFailed', restore: origin.state });
  return true;
};

/** The UA's new call: ours (placed by `placeCall` or an accepted REFER) or someone calling us. */
const onNewSession = (e: IncomingRTCSessionEvent | OutgoingRTCSessionEvent) => {
  const { session } = e;
  if (e.originator === 'local') {
    current = session;
    wireSession(session, outgoingStream);
    outgoingStream = null;
    return;
  }
  const effects = dispatch({ type: 'incoming', peer: peerOf(session) });
  if (effects.includes('rejectIncoming')) {
    // Spec section 4: a new incoming call while one is active is hung up.
    safely(() => session.terminate({ status_code: 486, reason_phrase: 'Busy Here' }));
    return;
  }
  current = session;
  // The microphone opens while it rings, so 接听 connects at once; the permission prompt shows
  // now, and a refusal ends the call (spec section 4: 媒体权限被拒绝).
  const media = requestMedia();
  ringMedia = media;
  wireSession(session, media);
  void media.then((stream) => {
    if (!stream && session === current) {
      safely(() => session.terminate({ status_code: 480, reason_phrase: 'Media Denied' }));
    }
  });
};

/** The microphone of the ringing call, opened when it started ringing. */
let ringMedia: Promise<MediaStream | null> | null = null;

/** The stream the next local session (created synchronously inside ua.call) sends. */
let outgoingStream: MediaStream | null = null;

/** The calls a lost connection cut: hung up (BYE) as soon as the connection is back. */
let cutCalls: RTCSession[] = [];

const clearTimers = (rt: TPhoneRuntime) => {
  if (rt.reregisterTimer) clearTimeout(rt.reregisterTimer);
  if (rt.giveUpTimer) clearTimeout(rt.giveUpTimer);
  rt.reregisterTimer = null;
  rt.giveUpTimer = null;
};

const stopUa = (rt: TPhoneRuntime) => {
  rt.isStopping = true;
  clearTimers(rt);
  releaseMicrophone();
  // Stopping the stack ends every call it holds, the cut ones included.
  cutCalls = [];
  safely(() => rt.ua.stop());
  if (runtime === rt) runtime = null;
};

/**
 * The connection to the SIP server was lost while online: the current call ends here at once
 * (silenced; its BYE goes when the connection is back), the line says 重新连接中… while JsSIP
 * reconnects and registers again, and after RECONNECT_GIVE_UP_MS the phone gives up.
 */
const loseServer = (rt: TPhoneRuntime) => {
  const session = current;
  if (session) {
    current = null;
    pendingRefer = null;
    referOrigin = null;
    for (const sender of session.connection?.getSenders() ?? []) sender.track?.stop();
    if (remoteAudio) remoteAudio.srcObject = null;
    cutCalls.push(session);
  }
  rt.giveUpTimer ??= setTimeout(() => {
    stopUa(rt);
    useSoftphone.getState().setOnline('', null);
    dispatch({ type: 'serverGone' });
  }, RECONNECT_GIVE_UP_MS);
  dispatch({ type: 'serverLost' });
};

/** A REGISTER refused while reconnecting (the server busy starting, a timeout) is sent again later. */
const registerAgain = (rt: TPhoneRuntime) => {
  if (rt.reregisterTimer) return;
  rt.reregisterTimer = setTimeout(() => {
    rt.reregisterTimer = null;
    if (runtime === rt && !rt.isStopping) safely(() => rt.ua.register());
  }, rt.reregisterMs);
  rt.reregisterMs = Math.min(rt.reregisterMs * 2, RECONNECT_MAX_S * 1000);
};

/** A refusal of the credentials themselves (a password reset elsewhere): trying again cannot help. */
const isCredentialRefusal = (cause: string | undefined) =>
  cause === C.causes.REJECTED || cause === C.causes.AUTHENTICATION_ERROR;

/** The notice for a config that cannot be used (spec section 5), or null when it can. */
const configProblem = (loaded: TConfigSlot): string | null => {
  if (loaded.state === 'loading') return t.softphone.configLoading;
  if (loaded.state === 'failed') return t.softphone.configFailed;
  if (loaded.state === 'noSeat') return loaded.message;
  if (loaded.state === 'invalid') return t.softphone.configInvalid;
  return null;
};

/**
 * 上线 (spec section 4): with the config loaded at mount (lineId 2), start JsSIP and register with
 * expiry 200. Resolves when the attempt is over (registered, refused or failed).
 */
export const goOnline = async (): Promise<void> => {
  if (useSoftphone.getState().line !== 'offline') return;
  const slot = configSlot();
  const problem = configProblem(slot);
  if (problem || slot.state !== 'ready') {
    // A failed load is tried again in the background, so the next click can succeed (a seat
    // assigned meanwhile included).
    if (slot.state === 'failed' || slot.state === 'noSeat') void loadLineConfig();
    return notice(problem ?? t.softphone.configFailed);
  }
  const { config } = slot;
  let ua: UA;
  try {
    ua = new UA({
      sockets: [new WebSocketInterface(config.wsUrl)],
      uri: `sip:${config.key}@${config.realm}`,
      password: config.passWord,
      realm: config.realm,
      display_name: config.key,
      register: true,
      register_expires: REGISTER_EXPIRES,
      session_timers: false,
      user_agent: 'YunhuConsole',
      connection_recovery_min_interval: RECONNECT_MIN_S,
      connection_recovery_max_interval: RECONNECT_MAX_S,
    });
  } catch {
    return notice(t.softphone.onlineFailed);
  }
  const rt: TPhoneRuntime = {
    ua,
    config,
    isStopping: false,
    wasRegistered: false,
    reregisterMs: REREGISTER_FIRST_MS,
    reregisterTimer: null,
    giveUpTimer: null,
  };
  runtime = rt;
  dispatch({ type: 'registering' });
  await new Promise<void>((resolve) => {
    ua.on('registered', () => {
      clearTimers(rt);
      rt.reregisterMs = REREGISTER_FIRST_MS;
      useSoftphone.getState().setOnline(config.key, softphoneLineMode);
      // A reload of the page goes online again (resumeOnline).
      rememberOnline(config.key);
      dispatch({ type: 'registered' });
      if (!rt.wasRegistered) void warmUpMicrophone(rt);
      rt.wasRegistered = true;
      resolve();
    });
    ua.on('registrationFailed', (e: UnRegisteredEvent) => {
      if (rt.isStopping) return resolve();
      // Reconnecting (or a refresh): the line stays as it is (重新连接中… after a lost connection)
      // and the REGISTER goes again.
      if (rt.wasRegistered && !isCredentialRefusal(e.cause)) return registerAgain(rt);
      // A refused digest (a password reset elsewhere) or no answer at 上线: stop the stack, 上线失败,
      // and fetch the config again so the next 上线 uses the current password.
      stopUa(rt);
      forgetOnline();
      useSoftphone.getState().setOnline('', null);
      dispatch({ type: 'registrationFailed' });
      void loadLineConfig();
      resolve();
    });
    ua.on('connected', () => {
      for (const session of cutCalls.splice(0)) safely(() => session.terminate());
    });
    ua.on('disconnected', () => {
      if (rt.isStopping) return resolve();
      // Online before: JsSIP reconnects (and registers again) by itself.
      if (rt.wasRegistered) return loseServer(rt);
      // The first connection failed: 上线失败.
      stopUa(rt);
      useSoftphone.getState().setOnline('', null);
      dispatch({ type: 'registrationFailed' });
      resolve();
    });
    ua.on('newRTCSession', onNewSession);
    try {
      ua.start();
    } catch {
      stopUa(rt);
      dispatch({ type: 'registrationFailed' });
      resolve();
    }
  });
};

/** 下线: hang up, unregister, stop the stack and clear the logged-in flag (a reload stays offline). */
export const goOffline = (): void => {
  if (current) safely(() => current?.terminate());
  if (runtime) stopUa(runtime);
  forgetOnline();
  useSoftphone.getState().setOnline('', null);
  dispatch({ type: 'stopped' });
};

/** After a reload: back online when this person's phone was online in this tab before (its config loaded). */
export const resumeOnline = async (): Promise<void> => {
  const slot = configSlot();
  if (slot.state === 'ready' && wasOnline(slot.config.key)) await goOnline();
};

export { SoftphoneError, type TSoftphoneRefusal } from './errors';

const notOnline = () => new SoftphoneError('notOnline', notOnlineText());
const callFailed = () => new SoftphoneError('busy', t.softphone.callFailed);

/**
 * Places a call to `target` (a number, a colleague's SIP key, or a bind id Kamailio turns into the
 * number) through Kamailio; the widget shows `display` as the other party.
 */
export const placeCall = async (target: string, extraHeaders: string[] = [], display = target): Promise<void> => {
  const rt = runtime;
  if (!rt || useSoftphone.getState().line !== 'online') throw notOnline();
  if (isBusy(phoneStateOf(useSoftphone.getState()))) throw callFailed();
  useSoftphone.getState().setSipNumber(target);
  dispatch({ type: 'outgoing', peer: display });
  const stream = await requestMedia();
  if (!stream) throw new SoftphoneError('mediaDenied', t.softphone.mediaDenied);
  if (runtime !== rt) {
    stopStream(stream);
    throw notOnline();
  }
  outgoingStream = stream;
  try {
    rt.ua.call(`sip:${target}@${rt.config.realm}`, { mediaStream: stream, pcConfig: PC_CONFIG, extraHeaders });
  } catch {
    outgoingStream = null;
    stopStream(stream);
    current = null;
    dispatch({ type: 'failed', cause: 'call' });
    throw callFailed();
  }
};

export const answer = async (): Promise<void> => {
  const session = current;
  if (session?.direction !== 'incoming' || useSoftphone.getState().call !== 'incoming') return;
  stopRingtone();
  const stream = await (ringMedia ?? requestMedia());
  ringMedia = null;
  if (session !== current || !stream || session.isEnded()) return stopStream(stream);
  dispatch({ type: 'answering' });
  safely(() => session.answer({ mediaStream: stream, pcConfig: PC_CONFIG }));
};

export const hangUp = (): void => {
  const session = current;
  if (!session) return;
  if (!safely(() => session.terminate())) {
    current = null;
    dispatch({ type: 'ended' });
  }
};

/**
 * The hold or resume whose re-INVITE is under way: JsSIP hangs up when it is refused, and the
 * user should hear why (保持失败 / 取消保持失败) rather than only 已挂断.
 */
let pendingHold: 'hold' | 'unhold' | null = null;

const holdFailure = (): TPhoneEvent | null => {
  const kind = pendingHold;
  pendingHold = null;
  return kind === 'hold' ? { type: 'holdFailed' } : kind === 'unhold' ? { type: 'unholdFailed' } : null;
};

export const toggleHold = (): void => {
  const session = current;
  if (!session || pendingHold) return;
  const kind = useSoftphone.getState().isLocalHold ? 'unhold' : 'hold';
  const done = () => {
    pendingHold = null;
  };
  let isSent = false;
  pendingHold = kind;
  safely(() => {
    isSent = kind === 'hold' ? session.hold({}, done) : session.unhold({}, done);
  });
  if (!isSent) {
    pendingHold = null;
    dispatch(kind === 'hold' ? { type: 'holdFailed' } : { type: 'unholdFailed' });
  }
};

export const toggleMute = (): void => {
  const session = current;
  if (!session) return;
  if (session.isMuted().audio) session.unmute({ audio: true });
  else session.mute({ audio: true });
};

/**
 * 强插: what the call sends becomes the microphone mixed with `extra` (the
 * manager's voice received from the gateway), so the other party hears both through this leg.
 * Answers the undo (the microphone's own track back), or null without a call.
 */
export const mixIntoCall = (extra: MediaStream): (() => void) | null => {
  const sender = current?.connection?.getSenders().find((s) => s.track?.kind === 'audio');
  const own = sender?.track;
  if (!sender || !own) return null;
  const ctx = new AudioContext();
  const mix = ctx.createMediaStreamDestination();
  ctx.createMediaStreamSource(new MediaStream([own])).connect(mix);
  ctx.createMediaStreamSource(extra).connect(mix);
  void ctx.resume();
  void sender.replaceTrack(mix.stream.getAudioTracks()[0]!).catch(() => undefined);
  return () => {
    if (sender.track !== own) void sender.replaceTrack(own).catch(() => undefined);
    void ctx.close();
  };
};

/** One key of the DTMF keypad (SIP INFO, which Kamailio relays in the dialog). */
export const sendDtmf = (tone: string): void => {
  safely(() => current?.sendDTMF(tone));
};

/** Blind transfer (REFER): the other party is asked to call `target`; we hang up once it did. */
export const transfer = (target: string): void => {
  const session = current;
  const rt = runtime;
  if (!session || !rt) return;
  dispatch({ type: 'referTrying' });
  const isSent = safely(() =>
    session.refer(`sip:${target}@${rt.config.realm}`, {
      eventHandlers: {
        requestSucceeded: () => session === current && dispatch({ type: 'referAccepted' }),
        requestFailed: () => session === current && dispatch({ type: 'referFailed' }),
        accepted: () => session === current && dispatch({ type: 'referCompleted' }),
        failed: () => session === current && dispatch({ type: 'referFailed' }),
      },
    }),
  );
  if (!isSent) dispatch({ type: 'referFailed' });
};

/** The user's answer to an incoming transfer (transfer notified): accept calls the new target. */
export const answerRefer = async (isAccepted: boolean): Promise<void> => {
  const refer = pendingRefer;
  const origin = current;
  pendingRefer = null;
  if (!refer || !origin) return;
  const { referTarget } = useSoftphone.getState();
  dispatch({ type: 'referAnswered' });
  if (!isAccepted) return refer.reject();
  const stream = await requestMedia();
  if (!stream || origin !== current) {
    stopStream(stream);
    return refer.reject();
  }
  referOrigin = { session: origin, state: phoneStateOf(useSoftphone.getState()) };
  dispatch({ type: 'outgoing', peer: referTarget });
  useSoftphone.getState().setSipNumber(referTarget);
  outgoingStream = stream;
  if (!safely(() => refer.accept(undefined, { mediaStream: stream, pcConfig: PC_CONFIG }))) {
    outgoingStream = null;
    stopStream(stream);
    backToReferOrigin(null);
  }
};
