import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { carrierSignatureHeader, isCarrierSignatureValid } from './carrier.js';
import type { TDeliver } from './carrier.simulator.js';

const envelope = (code: number, msg: string) => ({ code, msg, data: null });

/**
 * A carrier's signed POST: the HMAC is over the exact bytes received, so the route keeps the raw
 * body (its own JSON parser, in its own plugin scope). Bad signature -> 403 and nothing read;
 * malformed -> 400; otherwise the handler's [status, code, msg] (docs/decisions/0006-carrier-callback.md).
 * The final callback (callback.routes.ts) and the progress events (callback-progress.ts) are both such routes.
 */
export const registerSignedCarrierPost = <T>(
  app: FastifyInstance,
  opts: {
    path: string;
    secret: string | null;
    bodyLimit: number;
    schema: z.ZodType<T>;
    handle: (data: T) => Promise<readonly [number, number, string]>;
  },
) =>
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: opts.bodyLimit },
      (_req, body, done) => done(null, body),
    );
    scope.post(opts.path, async (req, reply) => {
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
      const data = opts.schema.safeParse(parsed);
      if (!data.success) return reply.status(400).send(envelope(10002, 'malformed body'));
      const [status, code, msg] = await opts.handle(data.data);
      return reply.status(status).send(envelope(code, msg));
    });
  });

/**
 * How the simulator posts like a carrier: to `url` when the carrier's address is set
 * (CARRIER_CALLBACK_URL), otherwise through this server's own router to `path` (the same route,
 * signature check and ingestion a carrier's post meets).
 */
export const carrierDeliverer =
  (app: FastifyInstance, target: { url: string | null; path: string }): TDeliver =>
  async (body, signature) => {
    const headers = { 'content-type': 'application/json', [carrierSignatureHeader]: signature };
    if (target.url) {
      const res = await fetch(target.url, { method: 'POST', headers, body });
      return res.status === 200;
    }
    const res = await app.inject({ method: 'POST', url: target.path, headers, payload: body });
    return res.statusCode === 200;
  };
