import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { TCallDetailService } from './call-detail.service.js';
import type { TCallbackService, TSipCallEvent } from './callback.service.js';
import { carrierCallbackPath, carrierSignatureHeader, isCarrierSignatureValid, ZCarrierCallback } from './carrier.js';
import { recordingPathPrefix, type TRecordingStore } from './recording.store.js';

/** Where Kamailio reports a soft-phone call's progress (kamailio.cfg route CALL_EVENT). */
export const sipCallEventPath = '/internal/sip/call-event';
/** Where Kamailio turns a bind id into its number (kamailio.cfg route BIND_TARGET). */
export const sipBindTargetPath = '/internal/sip/bind-target';

const envelope = (code: number, msg: string, data: unknown = null) => ({ code, msg, data });
const ingestReply = {
  written: [200, 0, 'ok'],
  duplicate: [200, 0, 'duplicate'],
  unknown_bind: [404, 404, 'unknown bind'],
} as const;

/**
 * The carrier's signed callback: the HMAC is over the exact bytes received, so this route keeps
 * the raw body (its own JSON parser, in its own plugin scope). Bad signature -> 403 and nothing
 * written; malformed -> 400; a bind id nobody issued -> 404 (docs/decisions/0006-carrier-callback.md).
 */
const registerCarrierCallback = (app: FastifyInstance, opts: { secret: string | null; callbacks: TCallbackService }) =>
  app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(carrierCallbackPath, async (req, reply) => {
      const raw = typeof req.body === 'string' ? req.body : '';
      const presented = req.headers[carrierSignatureHeader];
      if (!isCarrierSignatureValid(opts.secret, raw, typeof presented === 'string' ? presented : undefined)) {
        return reply.status(403).send(envelope(403, 'bad signature'));
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        return reply.status(400).send(envelope(10002, 'malformed body'));
      }
      const cb = ZCarrierCallback.safeParse(parsed);
      if (!cb.success) return reply.status(400).send(envelope(10002, 'malformed body'));
      const [status, code, msg] = ingestReply[await opts.callbacks.ingestCarrier(cb.data)];
      return reply.status(status).send(envelope(code, msg));
    });
  });

/** Kamailio's http_client posts form fields; any content type is read as a query string (or JSON). */
const fieldsOf = (raw: string): Record<string, string> => {
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
      if (
        !['invite', 'answered', 'ended', 'failed'].includes(event) ||
        !callId ||
        callId.length > 200 ||
        !/^b[0-9a-f]{32}$/.test(bindId) ||
        !Number.isInteger(code)
      ) {
        return reply.status(400).send(envelope(10002, 'malformed event'));
      }
      const result = await opts.callbacks.ingestSip({ event: event as TSipCallEvent['event'], callId, bindId, code });
      const [status, c, msg] = ingestReply[result];
      return reply.status(status).send(envelope(c, msg));
    });
  });

/** 200 with the number as plain text, 404 when the bind is not the caller's or not fresh. */
const registerSipBindTarget = (
  app: FastifyInstance,
  opts: { isTrustedCaller: (secret: string | undefined) => boolean; callbacks: TCallbackService },
) =>
  app.get(sipBindTargetPath, async (req, reply) => {
    reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8');
    const secret = req.headers['x-sip-secret'];
    if (!opts.isTrustedCaller(typeof secret === 'string' ? secret : undefined))
      return reply.status(403).send('forbidden');
    const { bind, from } = req.query as Record<string, unknown>;
    if (typeof bind !== 'string' || !/^b[0-9a-f]{32}$/.test(bind) || typeof from !== 'string' || from.length > 64) {
      return reply.status(400).send('bad request');
    }
    const target = await opts.callbacks.sipTarget(bind, from);
    return target ? reply.status(200).send(target) : reply.status(404).send('not found');
  });

/**
 * A recording behind a signed address (recording.store.ts): no session, because an <audio>
 * element cannot send CLOUD-TOKEN; the signature names the enterprise, the record and the expiry.
 * Single byte ranges are answered so the player can seek.
 */
const registerRecordingFiles = (app: FastifyInstance, opts: { store: TRecordingStore; details: TCallDetailService }) =>
  app.get(`${recordingPathPrefix}/:tenantId/:id`, async (req, reply) => {
    const { tenantId, id } = req.params as { tenantId: string; id: string };
    const { exp, sig } = req.query as { exp?: string; sig?: string };
    const t = Number(tenantId);
    const r = Number(id);
    if (
      !Number.isSafeInteger(t) ||
      !Number.isSafeInteger(r) ||
      !opts.store.verify(t, r, Number(exp), typeof sig === 'string' ? sig : '')
    ) {
      return reply.status(403).send(envelope(403, '录音地址已失效，请刷新页面后重试'));
    }
    const file = await opts.details.recordingFile(t, r);
    const stat = file ? await fs.promises.stat(file).catch(() => null) : null;
    if (!file || !stat) return reply.status(404).send(envelope(404, '录音不存在'));
    reply
      .header('content-type', 'audio/wav')
      .header('accept-ranges', 'bytes')
      .header('cache-control', 'private, max-age=600');
    const range = /^bytes=(\d*)-(\d*)$/.exec(String(req.headers.range ?? ''));
    if (range && (range[1] || range[2])) {
      const start = range[1] ? Number(range[1]) : Math.max(0, stat.size - Number(range[2]));
      const end = range[1] && range[2] ? Math.min(Number(range[2]), stat.size - 1) : stat.size - 1;
      if (start > end || start >= stat.size) {
        return reply.status(416).header('content-range', `bytes */${stat.size}`).send();
      }
      reply
        .status(206)
        .header('content-range', `bytes ${start}-${end}/${stat.size}`)
        .header('content-length', end - start + 1);
      return reply.send(fs.createReadStream(file, { start, end }));
    }
    reply.header('content-length', stat.size);
    return reply.send(fs.createReadStream(file));
  });

export const registerCallInternalRoutes = async (
  app: FastifyInstance,
  opts: {
    carrierSecret: string | null;
    isTrustedSipCaller: (secret: string | undefined) => boolean;
    callbacks: TCallbackService;
    store: TRecordingStore;
    details: TCallDetailService;
  },
) => {
  await registerCarrierCallback(app, { secret: opts.carrierSecret, callbacks: opts.callbacks });
  await registerSipCallEvents(app, { isTrustedCaller: opts.isTrustedSipCaller, callbacks: opts.callbacks });
  registerSipBindTarget(app, { isTrustedCaller: opts.isTrustedSipCaller, callbacks: opts.callbacks });
  registerRecordingFiles(app, { store: opts.store, details: opts.details });
};
