import { routeTables, type wallboardRoutes } from '@yunhu/contract';
import type { FastifyInstance } from 'fastify';
import type { TDatabase } from '../../db/client.js';
import { bindRoutes, type TBindDeps, type THandlers } from '../../http/bind.js';
import type { TIsMasked } from '../call/index.js';
import { listenGatewayAt } from '../telephony/index.js';
import { createListenService, type TListenService } from './listen.service.js';
import { createWallboardService, type TRegistrationEvent, type TWallboardService } from './wallboard.service.js';
import { createWhisperService, type TWhisperService } from './whisper.service.js';

/**
 * Where Kamailio reports registrations, also when a WebSocket closes (kamailio.cfg route REG_EVENT),
 * and that it started knowing no one (event_route[core:worker-one-init]).
 */
export const sipRegistrationPath = '/internal/sip/registration';

export const wallboardHandlers = (
  wallboard: TWallboardService,
  listen: TListenService,
  whisper: TWhisperService,
): THandlers<typeof wallboardRoutes> => ({
  wallboard: (ctx) => wallboard.board(ctx),
  listenStart: (ctx) => listen.start(ctx, ctx.input.userId),
  listenAnswer: (ctx) => listen.answer(ctx, ctx.input.listenId, ctx.input.index, ctx.input.sdp),
  listenRenew: (ctx) => listen.renew(ctx, ctx.input.listenId, ctx.input.index),
  listenStop: (ctx) => listen.stop(ctx, ctx.input.listenId),
  whisperStart: (ctx) => whisper.start(ctx, ctx.input, 'whisper'),
  whisperStop: (ctx) => whisper.stop(ctx, ctx.input.whisperId, 'whisper'),
  bargeStart: (ctx) => whisper.start(ctx, ctx.input, 'barge'),
  bargeStop: (ctx) => whisper.stop(ctx, ctx.input.whisperId, 'barge'),
  whisperMine: (ctx) => whisper.mine(ctx),
  whisperJoin: (ctx) => whisper.join(ctx, ctx.input.whisperId),
  whisperJoinAnswer: (ctx) => whisper.joinAnswer(ctx, ctx.input.whisperId, ctx.input.sdp),
});

const envelope = (code: number, msg: string) => ({ code, msg, data: null });
const sipUserPattern = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The answered calls a Kamailio that started loaded from the one before it (kamailio.cfg
 * event_route[core:worker-one-init]): its dialog module's `dlg.briefing` reply, hex-encoded, each
 * with its Call-ID and the epoch second it was answered. Entries not of that shape are left out.
 */
export const parseAnsweredLostCalls = (hex: string | undefined): Map<string, Date> => {
  const answered = new Map<string, Date>();
  if (!hex || !/^(?:[0-9a-fA-F]{2})+$/.test(hex)) return answered;
  let reply: unknown;
  try {
    reply = JSON.parse(Buffer.from(hex, 'hex').toString('utf8'));
  } catch {
    return answered;
  }
  const dialogs = (reply as { result?: unknown } | null)?.result;
  for (const dialog of Array.isArray(dialogs) ? dialogs : []) {
    const callId = (dialog as Record<string, unknown>)?.['call-id'];
    const startedAt = (dialog as Record<string, unknown>)?.start_ts;
    if (typeof callId !== 'string' || !callId || typeof startedAt !== 'number' || !(startedAt > 0)) continue;
    answered.set(callId, new Date(startedAt * 1000));
  }
  return answered;
};

/** Kamailio's form fields (http_client posts them as a query string). */
export const parseRegistrationEvent = (raw: string): TRegistrationEvent | null => {
  const body = Object.fromEntries(new URLSearchParams(raw));
  if (body.event === 'restart') return { event: 'restart', answered: parseAnsweredLostCalls(body.answered) };
  if (body.event !== 'register') return null;
  const expires = Number(body.expires ?? '');
  if (!sipUserPattern.test(body.user ?? '') || !Number.isInteger(expires) || expires < 0 || expires > 86_400) {
    return null;
  }
  return { event: 'register', user: body.user!, expires };
};

/**
 * 实时监控: the page's one endpoint, and the internal route Kamailio posts
 * registrations to, guarded by the SIP shared secret like the call events.
 */
export const registerWallboard = async (
  app: FastifyInstance,
  opts: {
    database: TDatabase;
    deps: TBindDeps;
    isMasked: TIsMasked;
    isTrustedSipCaller: (secret: string | undefined) => boolean;
    /** The media gateway's ng control port (MEDIA_NG_PORT); null without a gateway: 监听 says so. */
    mediaNgPort: number | null;
    /** Ends the calls the Kamailio before carried, when one says it started. */
    endLostCalls: (answered: ReadonlyMap<string, Date>) => Promise<number>;
  },
) => {
  const wallboard = createWallboardService({
    database: opts.database,
    isMasked: opts.isMasked,
    endLostCalls: opts.endLostCalls,
  });
  // 监听: subscriptions at the gateway beside Kamailio (listen.gateway.ts).
  const gateway = opts.mediaNgPort === null ? null : listenGatewayAt(opts.mediaNgPort);
  const listen = createListenService({ gateway });
  // 耳语 / 强插: the manager's voice published into the call at the same gateway (whisper.service.ts).
  const whisper = createWhisperService({ gateway });
  bindRoutes(app, routeTables.wallboard, wallboardHandlers(wallboard, listen, whisper), opts.deps);
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    // A restart lists the answered calls it loaded: some thousands fit.
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(sipRegistrationPath, async (req, reply) => {
      const secret = req.headers['x-sip-secret'];
      if (!opts.isTrustedSipCaller(typeof secret === 'string' ? secret : undefined)) {
        return reply.status(403).send(envelope(403, 'forbidden'));
      }
      const ev = parseRegistrationEvent(typeof req.body === 'string' ? req.body : '');
      if (!ev) return reply.status(400).send(envelope(10002, 'malformed event'));
      return (await wallboard.ingest(ev)) === 'written'
        ? reply.status(200).send(envelope(0, 'ok'))
        : reply.status(404).send(envelope(404, 'unknown user'));
    });
  });
  return { wallboard, listen, whisper };
};
