import { z } from 'zod';
import { zInt, zString } from './http.js';
import { menuButton, menuScreen, type TMenuNode } from './menu.js';
import { Perm } from './permissions.js';
import { routesOf } from './route.js';
import { wallboardStates } from './wallboard-labels.js';

export * from './wallboard-labels.js';

const route = routesOf('call');

/** One person with a soft-phone or call-back seat, as 实时监控 shows him now. */
export const ZWallboardAgent = z.object({
  userId: zInt,
  realName: zString,
  deptName: zString,
  /** 'softphone' | 'callback': the kinds of seat he holds now (a person may hold both). */
  seatKinds: z.array(z.enum(['softphone', 'callback'])),
  state: z.enum(wallboardStates),
  /** Since when (epoch ms) he is in this state: the call's start or answer, his registration; null offline. */
  since: z.number().nullable(),
  /** The other party of his call, masked when the viewer's rule says so; '' without a call. */
  party: zString,
});
export type TWallboardAgent = z.infer<typeof ZWallboardAgent>;

export const ZWallboard = z.object({
  /** The server's clock (epoch ms): durations are counted from it, not from the browser's. */
  now: z.number(),
  totals: z.object({
    all: zInt,
    offline: zInt,
    idle: zInt,
    ringing: zInt,
    talking: zInt,
  }),
  agents: z.array(ZWallboardAgent),
});
export type TWallboard = z.infer<typeof ZWallboard>;

/** One listen: its id for the answer and the stop, and the gateway's offer per party of the call. */
export const ZListenOffer = z.object({
  listenId: zString,
  sdps: z.array(zString),
});
export type TListenOffer = z.infer<typeof ZListenOffer>;

/** 耳语 or 强插: the gateway's answer to the manager's offer (his microphone, send-only). */
export const ZWhisperStarted = z.object({
  whisperId: zString,
  sdp: zString,
});
export type TWhisperStarted = z.infer<typeof ZWhisperStarted>;

/** A session description the page sends (an offer or an answer). */
const ZSdp = z.string().min(1).max(20_000);

const ZWhisperStart = z.object({
  userId: zInt.positive(),
  sdp: ZSdp,
});
const ZWhisperRef = z.object({ whisperId: z.string().min(1).max(100) });
const ZListenRef = z.object({ listenId: z.string().min(1).max(100) });
/** One party of a listen (its index in the offer's `sdps`). */
const ZListenParty = ZListenRef.extend({ index: zInt.min(0).max(3) });

export const wallboardRoutes = {
  /** Everyone of the viewer's data scope with a seat, and what he is doing now (one statement). */
  wallboard: route({
    method: 'POST',
    path: '/base/call/wallboard',
    request: z.object({}),
    response: ZWallboard,
    permission: Perm.callWallboard,
    summary: '实时监控',
  }),
  /**
   * 监听: the gateway's offers (one per party of the talking colleague's call, receive-only for
   * the browser: ICE, DTLS-SRTP) for the manager's page to answer. Written to the operation log.
   */
  listenStart: route({
    method: 'POST',
    path: '/base/call/wallboard/listen',
    request: z.object({ userId: zInt.positive() }),
    response: ZListenOffer,
    permission: Perm.callListen,
    audited: true,
    summary: '监听通话',
  }),
  /**
   * The page's answer to one of those offers (`index`): the gateway starts sending that party. The
   * page connects one party after the other (two DTLS handshakes at once now and then left one
   * unfinished at rtpengine 10.5).
   */
  listenAnswer: route({
    method: 'POST',
    path: '/base/call/wallboard/listen/answer',
    request: ZListenParty.extend({ sdp: ZSdp }),
    response: z.null(),
    permission: Perm.callListen,
    summary: '监听应答',
  }),
  /**
   * A fresh offer for one party (`index`) whose connection did not reach `connected`: the gateway's
   * subscription to that party is replaced (unsubscribe, subscribe request); answered again with
   * listenAnswer. Part of the same listen (not written to the operation log again).
   */
  listenRenew: route({
    method: 'POST',
    path: '/base/call/wallboard/listen/renew',
    request: ZListenParty,
    response: z.object({ sdp: zString }),
    permission: Perm.callListen,
    summary: '监听重连',
  }),
  /** Stops a listen (the call's end stops it too). */
  listenStop: route({
    method: 'POST',
    path: '/base/call/wallboard/listen/stop',
    request: ZListenRef,
    response: z.null(),
    permission: Perm.callListen,
    audited: true,
    summary: '结束监听',
  }),
  /**
   * 耳语: the manager's microphone (his page's send-only offer) published into the talking
   * colleague's call at the gateway; only that colleague's soft-phone subscribes to it, the other
   * party never receives it. Written to the operation log.
   */
  whisperStart: route({
    method: 'POST',
    path: '/base/call/wallboard/whisper',
    request: ZWhisperStart,
    response: ZWhisperStarted,
    permission: Perm.callWhisper,
    audited: true,
    summary: '耳语',
  }),
  /** Ends one's own 耳语 (the colleague's soft-phone stops playing it). */
  whisperStop: route({
    method: 'POST',
    path: '/base/call/wallboard/whisper/stop',
    request: ZWhisperRef,
    response: z.null(),
    permission: Perm.callWhisper,
    audited: true,
    summary: '结束耳语',
  }),
  /** 强插: as 耳语, and the colleague's soft-phone mixes the manager's voice into what it sends. */
  bargeStart: route({
    method: 'POST',
    path: '/base/call/wallboard/barge',
    request: ZWhisperStart,
    response: ZWhisperStarted,
    permission: Perm.callBarge,
    audited: true,
    summary: '强插',
  }),
  bargeStop: route({
    method: 'POST',
    path: '/base/call/wallboard/barge/stop',
    request: ZWhisperRef,
    response: z.null(),
    permission: Perm.callBarge,
    audited: true,
    summary: '结束强插',
  }),
  /**
   * The soft-phone's question while 通话中 (every 2 s): is a manager speaking to me? null when not;
   * else the whisper to join, its kind and who speaks.
   */
  whisperMine: route({
    method: 'POST',
    path: '/base/call/softphone/whisper',
    request: z.object({}),
    response: z.object({ whisperId: zString, mode: z.enum(['whisper', 'barge']), managerName: zString }).nullable(),
    permission: Perm.softphoneUse,
    summary: '查询耳语',
  }),
  /** The gateway's offer of the manager's stream for the soft-phone (a fresh one on every call). */
  whisperJoin: route({
    method: 'POST',
    path: '/base/call/softphone/whisper/join',
    request: ZWhisperRef,
    response: z.object({ sdp: zString }),
    permission: Perm.softphoneUse,
    summary: '接收耳语',
  }),
  /** The soft-phone's answer to that offer: the gateway starts sending the manager's voice. */
  whisperJoinAnswer: route({
    method: 'POST',
    path: '/base/call/softphone/whisper/answer',
    request: ZWhisperRef.extend({ sdp: ZSdp }),
    response: z.null(),
    permission: Perm.softphoneUse,
    summary: '耳语应答',
  }),
} as const;

/** 实时监控 (in the 呼叫中心 folder): managers only; agents never hold its permission. */
export const wallboardMenuNodes: TMenuNode[] = [
  menuScreen('3075', '实时监控', 'callWallboard', 'DashboardOutlined', Perm.callWallboard, [
    menuButton('307501', '监听', Perm.callListen),
    menuButton('307502', '耳语', Perm.callWhisper),
    menuButton('307503', '强插', Perm.callBarge),
  ]),
];
