import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/** A request answered later than this leaves a line at `info` level. */
export const slowRequestMs = 1000;

/**
 * Request logging that costs little. Fastify's two lines per request ("incoming request",
 * "request completed") cost 12 % of `/healthz`'s throughput at `info`. Here, at `info`, a request
 * leaves one lean line only when it went wrong (an error, a status of 500 or more) or was slow;
 * at `debug` and `trace` every request is logged the full way. Fastify's other lines (errors,
 * broken streams, a server closing) are untouched, and so is the envelope's error log.
 */
export class LeanRequestLog extends LogController {
  readonly #isFull: boolean;

  constructor(level: string) {
    super();
    this.#isFull = level === 'debug' || level === 'trace';
  }

  override incomingRequest(request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>): void {
    if (this.#isFull) super.incomingRequest(request, reply, metadata);
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    if (this.#isFull || error) {
      super.requestCompleted(error, request, reply, metadata);
      return;
    }
    const ms = reply.elapsedTime;
    if (reply.statusCode < 500 && ms < slowRequestMs) return;
    request.log.info(
      { method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(ms) },
      ms < slowRequestMs ? 'request failed' : 'slow request',
    );
  }
}

/** An id a proxy or client may hand us: a plain token, short enough for a log line and a header. */
const saneRequestId = /^[A-Za-z0-9._:@-]{1,128}$/;

/** Whether `id` may stand as a request id (a plain token): what a caller or Kamailio hands back is checked so. */
export const isSaneRequestId = (id: unknown): id is string => typeof id === 'string' && saneRequestId.test(id);

/**
 * Fastify's `genReqId`: the caller's `x-request-id` when it is a sane token (nginx's `$request_id`,
 * a client's own), a new UUID otherwise. Fastify puts it on every line `request.log` writes (`reqId`).
 */
export const requestIdOf = (req: IncomingMessage): string => {
  const given = req.headers['x-request-id'];
  return isSaneRequestId(given) ? given : crypto.randomUUID();
};

/** The id of the request whose handler runs now (set from preHandler on: body parsing loses a context set earlier). */
const handling = new AsyncLocalStorage<string>();

/** The id of the request being handled now (what its log lines carry as `reqId`); undefined outside one. */
export const currentRequestId = (): string | undefined => handling.getStore();

type TBindings = { bindings?: () => Record<string, unknown> };

/**
 * pino's `mixin`: a line the app's own logger writes while a request is handled (a service's
 * warning, the job of a detached import) carries that request's `reqId` too. `request.log` has it
 * bound already, and is not given it twice.
 */
export const requestIdMixin = (_merge: object, _level: number, logger: unknown): object => {
  const reqId = handling.getStore();
  if (reqId === undefined || (logger as TBindings).bindings?.().reqId !== undefined) return {};
  return { reqId };
};

/** Every answer names its request's id (`x-request-id`), so a user's report finds its log lines. */
export const registerRequestId = (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('preHandler', (request, _reply, done) => {
    handling.run(request.id, done);
  });
};
