import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fail } from '../../http/envelope.js';
import { metricsErrors } from './metrics.errors.js';
import { envelopeKindOf, type TMetrics } from './metrics.registry.js';

const envelopeStart = '{"code":';

/**
 * The envelope's code of a serialized answer, read off its first characters: every JSON answer
 * starts with it (http/envelope.ts), so no answer is parsed again. Null for anything else (a file, a page).
 */
export const envelopeCodeOf = (payload: unknown): number | null => {
  if (typeof payload !== 'string' || !payload.startsWith(envelopeStart)) return null;
  let end = envelopeStart.length;
  while (end < payload.length && payload.charCodeAt(end) >= 48 && payload.charCodeAt(end) <= 57) end++;
  return end > envelopeStart.length ? Number(payload.slice(envelopeStart.length, end)) : null;
};

const digest = (text: string) => crypto.createHash('sha256').update(text).digest();

/** Whether the request carries `Authorization: Bearer <token>` (compared in constant time). */
const hasToken = (header: string | undefined, token: string) => {
  const given = /^Bearer (.+)$/.exec(header ?? '')?.[1];
  return given !== undefined && crypto.timingSafeEqual(digest(given), digest(token));
};

/**
 * Every request counted and timed under its route pattern (`/base/crm/customer/page`, never the URL
 * with its ids; `unmatched` for an unknown address), with its status and its envelope's kind; and
 * `GET /metrics` in Prometheus's text format, only to the bearer of METRICS_TOKEN (without a token
 * configured there is no such route: docs/decisions/0097-metrics.md).
 */
export const registerMetrics = (app: FastifyInstance, metrics: TMetrics, token: string | null) => {
  const envelopes = new WeakMap<FastifyRequest, number>();
  app.addHook('onSend', (request, _reply, payload, done) => {
    const code = envelopeCodeOf(payload);
    if (code !== null) envelopes.set(request, code);
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const code = envelopes.get(request);
    metrics.observeRequest({
      method: request.method,
      route: request.is404 ? 'unmatched' : (request.routeOptions.url ?? 'unmatched'),
      status: reply.statusCode,
      envelope: code === undefined ? 'none' : envelopeKindOf(code),
      seconds: reply.elapsedTime / 1000,
    });
    done();
  });
  if (!token) return;
  app.get('/metrics', async (request, reply) => {
    if (!hasToken(request.headers.authorization, token)) {
      const refused = metricsErrors.tokenRefused();
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send(fail(refused.code, refused.message, refused.reason));
    }
    const text = await metrics.registry.metrics();
    return reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store').send(text);
  });
};
