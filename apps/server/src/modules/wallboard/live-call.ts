import type { TRequestContext } from '../../http/context.js';
import type { TListenGateway, TListenProfile } from '../telephony/index.js';
import { listenRepository } from './listen.repository.js';
import { wallboardErrors } from './wallboard.errors.js';

/**
 * A listen or whisper nobody stopped is forgotten after this (the call ended long ago: the gateway
 * dropped its subscriptions).
 */
export const forgetAfterMs = 4 * 3_600_000;

/** What the listen and whisper services are built on. */
export type TLiveCallDeps = {
  gateway: TListenGateway | null;
  /** How the receiving page takes the media (a browser unless a test says otherwise). */
  profile?: TListenProfile;
  now?: () => Date;
};

/** The clock and the media profile, defaulted. */
export const liveCallDefaults = (deps: TLiveCallDeps): { now: () => Date; profile: TListenProfile } => ({
  now: deps.now ?? (() => new Date()),
  profile: deps.profile ?? 'webrtc',
});

/**
 * The call a person of the viewer's data scope is talking in, as the media gateway carries it: its
 * SIP Call-ID and the tags of its parties there. 监听, 耳语 and 强插 all start from it; none without
 * a call under way, a gateway, or a call the gateway knows.
 */
export const liveCallAtGateway = async (
  ctx: TRequestContext,
  gateway: TListenGateway | null,
  userId: number,
  at: Date,
) => {
  const callId = await listenRepository.talkingCallOf(ctx.tx, {
    tenantId: ctx.auth.tenantId,
    scope: ctx.scope,
    userId,
    now: at,
  });
  if (!callId) throw wallboardErrors.listenNoCall();
  if (!gateway) throw wallboardErrors.listenNoGateway();
  const parties = await gateway.parties(callId);
  if (parties.length === 0) throw wallboardErrors.listenNoCall();
  return { callId, gateway, parties };
};

/** Drops subscriptions at the gateway; a call that ended took them with it: nothing left to undo. */
export const unsubscribeAll = (gateway: TListenGateway | null, callId: string, toTags: readonly string[]) =>
  Promise.all(toTags.map((tag) => gateway?.unsubscribe(callId, tag).catch(() => undefined)));
