import crypto from 'node:crypto';
import type { TListenOffer } from '@yunhu/contract';
import type { TRequestContext } from '../../http/context.js';
import { forgetAfterMs, liveCallAtGateway, liveCallDefaults, type TLiveCallDeps, unsubscribeAll } from './live-call.js';
import { wallboardErrors } from './wallboard.errors.js';

type TListen = {
  tenantId: number;
  viewerId: number;
  callId: string;
  /** Per party: its tag at the gateway (from-tag) and the listener's subscription to it (to-tag). */
  fromTags: string[];
  toTags: string[];
  startedAt: number;
};

/**
 * 监听: a manager hears a talking person of his data scope through the media
 * gateway, silently. start() subscribes to both parties of the call and hands the page the
 * gateway's offers; answer() passes the page's answers back; stop() (or the call's end) ends it.
 * The listens under way are kept in this process (the ids the page holds); a restart forgets
 * them and the gateway drops the subscriptions with the call.
 */
export const createListenService = (deps: TLiveCallDeps) => {
  const { now, profile } = liveCallDefaults(deps);
  const listens = new Map<string, TListen>();

  const forgetOld = (at: number) => {
    for (const [id, l] of listens) if (at - l.startedAt > forgetAfterMs) listens.delete(id);
  };

  /** The viewer's own listen, else listenGone (another person's id answers the same). */
  const own = (ctx: TRequestContext, listenId: string) => {
    const listen = listens.get(listenId);
    if (!listen || listen.tenantId !== ctx.auth.tenantId || listen.viewerId !== ctx.auth.userId) {
      throw wallboardErrors.listenGone();
    }
    return listen;
  };

  const release = (callId: string, toTags: string[]) => unsubscribeAll(deps.gateway, callId, toTags);

  const start = async (ctx: TRequestContext, userId: number): Promise<TListenOffer> => {
    if (userId === ctx.auth.userId) throw wallboardErrors.listenSelf();
    const at = now();
    const { callId, gateway, parties } = await liveCallAtGateway(ctx, deps.gateway, userId, at);
    const made: { toTag: string; sdp: string }[] = [];
    try {
      for (const tag of parties) made.push(await gateway.subscribe(callId, tag, profile));
    } catch {
      await release(
        callId,
        made.map((m) => m.toTag),
      );
      throw wallboardErrors.listenFailed();
    }
    forgetOld(at.getTime());
    const listenId = crypto.randomUUID();
    listens.set(listenId, {
      tenantId: ctx.auth.tenantId,
      viewerId: ctx.auth.userId,
      callId,
      fromTags: parties,
      toTags: made.map((m) => m.toTag),
      startedAt: at.getTime(),
    });
    return { listenId, sdps: made.map((m) => m.sdp) };
  };

  /** The page's answer to the offer of party `index`. */
  const answer = async (ctx: TRequestContext, listenId: string, index: number, sdp: string) => {
    const listen = own(ctx, listenId);
    const toTag = listen.toTags[index];
    if (toTag === undefined) throw wallboardErrors.listenBadAnswer();
    try {
      await deps.gateway!.answer(listen.callId, toTag, sdp);
    } catch {
      listens.delete(listenId);
      await release(listen.callId, listen.toTags);
      throw wallboardErrors.listenBadAnswer();
    }
    return null;
  };

  /**
   * A fresh subscription to party `index` (the page's connection to it did not connect): the old
   * one is dropped at the gateway, the new offer handed back for listenAnswer.
   */
  const renew = async (ctx: TRequestContext, listenId: string, index: number): Promise<{ sdp: string }> => {
    const listen = own(ctx, listenId);
    const fromTag = listen.fromTags[index];
    const oldTag = listen.toTags[index];
    if (fromTag === undefined || oldTag === undefined) throw wallboardErrors.listenBadAnswer();
    await release(listen.callId, [oldTag]);
    try {
      const made = await deps.gateway!.subscribe(listen.callId, fromTag, profile);
      listen.toTags[index] = made.toTag;
      return { sdp: made.sdp };
    } catch {
      // The call ended meanwhile (or the gateway refuses): the listen is over.
      listens.delete(listenId);
      await release(listen.callId, listen.toTags);
      throw wallboardErrors.listenGone();
    }
  };

  const stop = async (ctx: TRequestContext, listenId: string) => {
    const listen = own(ctx, listenId);
    listens.delete(listenId);
    await release(listen.callId, listen.toTags);
    return null;
  };

  return { start, answer, renew, stop, underWay: () => listens.size };
};

export type TListenService = ReturnType<typeof createListenService>;
