import crypto from 'node:crypto';
import type { TWhisperStarted } from '@yunhu/contract';
import type { TRequestContext } from '../../http/context.js';
import type { TListenProfile } from '../telephony/index.js';
import { listenRepository } from './listen.repository.js';
import { forgetAfterMs, liveCallAtGateway, liveCallDefaults, type TLiveCallDeps, unsubscribeAll } from './live-call.js';
import { wallboardErrors } from './wallboard.errors.js';

export type TWhisperMode = 'whisper' | 'barge';

type TWhisper = {
  tenantId: number;
  viewerId: number;
  viewerName: string;
  agentId: number;
  mode: TWhisperMode;
  callId: string;
  /** The manager's stream at the gateway (its from-tag): `whisper-<whisperId>`. */
  fromTag: string;
  /** The agent's soft-phone's subscription to it, once it joined. */
  toTag: string | null;
  startedAt: number;
};

/** The gateway's tag of a whisper's published stream (a test subscribes to it directly). */
export const whisperTag = (whisperId: string) => `whisper-${whisperId}`;

/** A browser offers UDP/TLS/RTP/SAVPF; a plain-RTP sender (a test, a desk phone's bridge) RTP/AVP. */
const profileOf = (sdp: string): TListenProfile => (/^m=audio \d+ RTP\/AVP /m.test(sdp) ? 'rtp' : 'webrtc');

/**
 * 耳语 and 强插 through the media gateway: the manager's page offers its
 * microphone (send-only) and the server `publish`es it into the talking colleague's call under a
 * tag of its own. No party of the call subscribes to it — the customer's leg never receives it —
 * only the colleague's soft-phone, which asks every 2 s while 通话中 (`mine`), takes the gateway's
 * offer (`join`) and answers it (`joinAnswer`). 强插 is the same at the gateway: the soft-phone
 * mixes the manager's voice into the audio it sends, so the other party hears him through the
 * agent's own leg. Kept in this process like the listens; one whisper per colleague at a time.
 */
export const createWhisperService = (deps: TLiveCallDeps) => {
  const { now, profile } = liveCallDefaults(deps);
  const whispers = new Map<string, TWhisper>();
  /** tenant:agent → whisperId, reserved before the first await so two managers cannot both start. */
  const byAgent = new Map<string, string>();
  const agentKey = (tenantId: number, agentId: number) => `${tenantId}:${agentId}`;

  const drop = async (whisperId: string) => {
    const w = whispers.get(whisperId);
    if (!w) return;
    whispers.delete(whisperId);
    if (byAgent.get(agentKey(w.tenantId, w.agentId)) === whisperId) byAgent.delete(agentKey(w.tenantId, w.agentId));
    if (w.toTag) await unsubscribeAll(deps.gateway, w.callId, [w.toTag]);
  };

  const forgetOld = async (at: number) => {
    for (const [id, w] of whispers) if (at - w.startedAt > forgetAfterMs) await drop(id);
  };

  const start = async (
    ctx: TRequestContext,
    input: { userId: number; sdp: string },
    mode: TWhisperMode,
  ): Promise<TWhisperStarted> => {
    if (input.userId === ctx.auth.userId) throw wallboardErrors.whisperSelf();
    const at = now();
    await forgetOld(at.getTime());
    const key = agentKey(ctx.auth.tenantId, input.userId);
    const current = byAgent.get(key);
    if (current !== undefined) {
      const w = whispers.get(current);
      // A manager starting again (his page reloaded, 耳语 → 强插) replaces his own.
      if (!w || w.viewerId !== ctx.auth.userId) throw wallboardErrors.whisperBusy();
      await drop(current);
      if (byAgent.has(key)) throw wallboardErrors.whisperBusy();
    }
    const whisperId = crypto.randomUUID();
    byAgent.set(key, whisperId);
    try {
      const { callId, gateway } = await liveCallAtGateway(ctx, deps.gateway, input.userId, at);
      const fromTag = whisperTag(whisperId);
      const published = await gateway
        .publish(callId, fromTag, input.sdp, profileOf(input.sdp))
        .catch(() => Promise.reject(wallboardErrors.whisperFailed()));
      whispers.set(whisperId, {
        tenantId: ctx.auth.tenantId,
        viewerId: ctx.auth.userId,
        viewerName: ctx.auth.realName || ctx.auth.username,
        agentId: input.userId,
        mode,
        callId,
        fromTag,
        toTag: null,
        startedAt: at.getTime(),
      });
      return { whisperId, sdp: published.sdp };
    } catch (error) {
      if (byAgent.get(key) === whisperId) byAgent.delete(key);
      throw error;
    }
  };

  /** The manager's own whisper of that kind, else whisperGone (another person's id answers the same). */
  const stop = async (ctx: TRequestContext, whisperId: string, mode: TWhisperMode) => {
    const w = whispers.get(whisperId);
    if (!w || w.tenantId !== ctx.auth.tenantId || w.viewerId !== ctx.auth.userId || w.mode !== mode) {
      throw wallboardErrors.whisperGone();
    }
    await drop(whisperId);
    return null;
  };

  /**
   * The colleague's side: the whisper aimed at him now, if any. Only while he is still in the call
   * it was published into (one query, and only when a whisper waits for him): a call that ended
   * ends its whisper, so his next call never picks up a stale one.
   */
  const mine = async (ctx: TRequestContext) => {
    const id = byAgent.get(agentKey(ctx.auth.tenantId, ctx.auth.userId));
    const w = id === undefined ? undefined : whispers.get(id);
    if (!id || !w) return null;
    const callId = await listenRepository.talkingCallOf(ctx.tx, {
      tenantId: ctx.auth.tenantId,
      scope: ctx.scope,
      userId: ctx.auth.userId,
      now: now(),
    });
    if (callId !== w.callId) {
      await drop(id);
      return null;
    }
    return { whisperId: id, mode: w.mode, managerName: w.viewerName };
  };

  const aimedAt = (ctx: TRequestContext, whisperId: string) => {
    const w = whispers.get(whisperId);
    if (!w || w.tenantId !== ctx.auth.tenantId || w.agentId !== ctx.auth.userId) throw wallboardErrors.whisperGone();
    return w;
  };

  /** A fresh subscription to the manager's stream for the colleague's soft-phone (the old one dropped). */
  const join = async (ctx: TRequestContext, whisperId: string): Promise<{ sdp: string }> => {
    const w = aimedAt(ctx, whisperId);
    if (w.toTag) {
      await unsubscribeAll(deps.gateway, w.callId, [w.toTag]);
      w.toTag = null;
    }
    try {
      const made = await deps.gateway!.subscribe(w.callId, w.fromTag, profile);
      w.toTag = made.toTag;
      return { sdp: made.sdp };
    } catch {
      // The call ended meanwhile (or the gateway refuses): the whisper is over.
      await drop(whisperId);
      throw wallboardErrors.whisperGone();
    }
  };

  const joinAnswer = async (ctx: TRequestContext, whisperId: string, sdp: string) => {
    const w = aimedAt(ctx, whisperId);
    if (!w.toTag) throw wallboardErrors.whisperBadAnswer();
    try {
      await deps.gateway!.answer(w.callId, w.toTag, sdp);
    } catch {
      throw wallboardErrors.whisperBadAnswer();
    }
    return null;
  };

  return { start, stop, mine, join, joinAnswer, underWay: () => whispers.size };
};

export type TWhisperService = ReturnType<typeof createWhisperService>;
