import { maskPhone } from '@yunhu/contract';
import type { FastifyInstance } from 'fastify';
import { isSaneRequestId } from '../../http/request-log.js';
import { carrierCallbackPath, registerSignedCarrierPost, ZCarrierCallback } from '../telephony/index.js';
import type { TCallbackService } from './callback.service.js';
import type { TIngestResult, TSipCallEvent } from './ingest.rules.js';

/** Where Kamailio reports a soft-phone call's progress (kamailio.cfg route CALL_EVENT). */
export const sipCallEventPath = '/internal/sip/call-event';

const envelope = (code: number, msg: string, data: unknown = null) => ({ code, msg, data });
const ingestReply = {
  written: [200, 0, 'ok'],
  // kamailio.cfg route BIND adds record-call=on to the gateway's offer on this answer.
  record: [200, 0, 'record'],
  duplicate: [200, 0, 'duplicate'],
  unknown_bind: [404, 404, 'unknown bind'],
} as const;

/** The carrier's finished call: a bind id nobody issued -> 404. */
const registerCarrierCallback = (app: FastifyInstance, opts: { secret: string | null; callbacks: TCallbackService }) =>
  registerSignedCarrierPost(app, {
    path: carrierCallbackPath,
    secret: opts.secret,
    bodyLimit: 64 * 1024,
    schema: ZCarrierCallback,
    handle: async (cb) => ingestReply[await opts.callbacks.ingestCarrier(cb)],
  });

/** Kamailio's http_client posts form fields; any content type is read as a query string (or JSON). */
export const fieldsOf = (raw: string): Record<string, string> => {
  if (raw.trimStart().startsWith('{')) {
    try {
      const parsed = JSON.parse(raw) as Record<string, unknown>;
      return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(raw));
};

/**
 * An event's own time (`at`, epoch ms on Kamailio's clock; route CALL_EVENT): Kamailio queues the
 * events that need no answer, so one may arrive seconds after it happened. Held within ten minutes
 * before and five seconds after its arrival (a stalled queue, a clock off); the arrival time when
 * absent or not a time.
 */
export const sipEventTime = (raw: string | undefined, now = Date.now()): Date | undefined => {
  const at = Number(raw);
  if (!raw || !Number.isSafeInteger(at) || at <= 0) return undefined;
  return new Date(Math.min(now + 5_000, Math.max(now - 10 * 60_000, at)));
};

/**
 * Kamailio's call events (kamailio.cfg route CALL_EVENT), guarded by the SIP shared secret like
 * the HA1 lookup: invite / answered / ended / failed with the call's X-Bind-Id and SIP Call-ID.
 */
const registerSipCallEvents = (
  app: FastifyInstance,
  opts: { isTrustedCaller: (secret: string | undefined) => boolean; callbacks: TCallbackService },
) =>
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4 * 1024 }, (_req, body, done) => done(null, body));
    scope.post(sipCallEventPath, async (req, reply) => {
      const secret = req.headers['x-sip-secret'];
      if (!opts.isTrustedCaller(typeof secret === 'string' ? secret : undefined)) {
        return reply.status(403).send(envelope(403, 'forbidden'));
      }
      const body = fieldsOf(typeof req.body === 'string' ? req.body : '');
      const event = body.event ?? '';
      const callId = body.callId ?? '';
      const bindId = body.bindId ?? '';
      const code = Number(body.code ?? 0);
      // A call without a dial request (kamailio.cfg PEER_CALL): an agent's key or a number each side.
      const kind = body.kind === 'internal' || body.kind === 'inbound' ? body.kind : undefined;
      const party = (v: string | undefined) => v !== undefined && /^[A-Za-z0-9+*#._-]{1,64}$/.test(v);
      if (
        !['invite', 'answered', 'ended', 'failed'].includes(event) ||
        !callId ||
        callId.length > 200 ||
        (kind ? !party(body.from) || !party(body.to) : !/^b[0-9a-f]{32}$/.test(bindId)) ||
        // The number dialled ('' when a desk phone dialled an agent's key).
        (kind === 'inbound' && !/^([+]?[0-9]{3,20})?$/.test(body.number ?? '')) ||
        !Number.isInteger(code)
      ) {
        return reply.status(400).send(envelope(10002, 'malformed event'));
      }
      const by = body.by === 'caller' || body.by === 'callee' ? body.by : '';
      const cause = Number(body.cause ?? 0);
      let result: TIngestResult;
      try {
        result = await opts.callbacks.ingestSip({
          event: event as TSipCallEvent['event'],
          callId,
          bindId: kind ? '' : bindId,
          ...(kind ? { kind, from: body.from, to: body.to, number: body.number ?? '' } : {}),
          code,
          by,
          cause: Number.isInteger(cause) && cause >= 0 && cause < 1000 ? cause : 0,
          at: sipEventTime(body.at),
        });
      } catch (error) {
        // Nothing was written: a 5xx has Kamailio post the event again (its late queue, in the call's
        // order), where the envelope's 200 of an unexpected error would have it dropped for good.
        req.log.error({ err: error, event, callId }, 'call event not written');
        return reply.status(500).send(envelope(500, 'not written'));
      }
      const [status, c, msg] = ingestReply[result];
      // The id of the dial request that authorised the call: Kamailio learns it from the invite's
      // answer (route BIND) and carries it on the call's later events (route CALL_EVENT), so the
      // call's lines are found with the dial's own.
      const dialRequestId = async () => {
        if (kind) return undefined;
        if (isSaneRequestId(body.reqId)) return body.reqId;
        if (event !== 'invite' || status !== 200) return undefined;
        return (await opts.callbacks.dialRequestIdOf(bindId)) ?? undefined;
      };
      const reqId = await dialRequestId();
      req.log.info(
        { event, callId, bindId: kind ? undefined : bindId, code, result, dialRequestId: reqId },
        'call event',
      );
      // An inbound call's caller as the agent's browser is shown him (route PEER_CALL rewrites From):
      // masked, whoever the agent is (decision 0016); the full number is in 通话记录 for those who may see it.
      const data =
        kind === 'inbound' && event === 'invite' && status === 200
          ? { display: maskPhone(body.from!) }
          : event === 'invite' && reqId
            ? { reqId }
            : null;
      return reply.status(status).send(envelope(c, msg, data));
    });
  });

export const registerCallInternalRoutes = async (
  app: FastifyInstance,
  opts: {
    carrierSecret: string | null;
    isTrustedSipCaller: (secret: string | undefined) => boolean;
    callbacks: TCallbackService;
  },
) => {
  await registerCarrierCallback(app, { secret: opts.carrierSecret, callbacks: opts.callbacks });
  await registerSipCallEvents(app, { isTrustedCaller: opts.isTrustedSipCaller, callbacks: opts.callbacks });
};
