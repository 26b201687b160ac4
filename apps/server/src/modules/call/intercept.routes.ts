import { routeTables } from '@yunhu/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bindRoutes, type TBindDeps } from '../../http/bind.js';
import { fieldsOf } from './callback.routes.js';
import type { TInterceptService } from './intercept.service.js';

/** Where Kamailio has a call toward the carrier authorised (kamailio.cfg route BIND_TARGET). */
export const sipBindTargetPath = '/internal/sip/bind-target';
/** Where Kamailio reports a call it refused itself (kamailio.cfg route INTERCEPT). */
export const sipInterceptPath = '/internal/sip/intercept';

const sipKey = /^[a-z0-9]{1,32}-[0-9]{1,19}$/;
const bindId = /^b[0-9a-f]{32}$/;
/** The Request-URI's user as Kamailio passes it on: a number, a bind id, a key or anything else short. */
const dialled = /^[A-Za-z0-9+*#._-]{1,64}$/;
const sourceIp = /^[0-9A-Fa-f.:[\]]{0,64}$/;
/** The refusals Kamailio decides itself; the bind look-up's are the server's own. */
const edgeReasons = ['no_bind', 'other_tenant'] as const;

type TGuard = { isTrustedCaller: (secret: string | undefined) => boolean };

const isTrusted = (req: FastifyRequest, reply: FastifyReply, guard: TGuard) => {
  reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8');
  const secret = req.headers['x-sip-secret'];
  return guard.isTrustedCaller(typeof secret === 'string' ? secret : undefined);
};

/**
 * Kamailio's look-up before a call leaves for the carrier, plain text like the HA1 one: 200 with the
 * number to call when this INVITE took the bind; 403 when it is refused (the intercept is written);
 * 400 for a malformed query. Kamailio answers the phone 403 on anything but 200 (503 when unreachable).
 */
const registerBindTarget = (app: FastifyInstance, guard: TGuard, intercepts: TInterceptService) =>
  app.get(sipBindTargetPath, async (req, reply) => {
    if (!isTrusted(req, reply, guard)) return reply.status(403).send('forbidden');
    const q = req.query as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    const [bind, from, number, callId, ip] = [text(q.bind), text(q.from), text(q.number), text(q.callId), text(q.ip)];
    if (
      !bindId.test(bind) ||
      !sipKey.test(from) ||
      !/^([+]?[0-9]{3,20})?$/.test(number) ||
      !callId ||
      callId.length > 200 ||
      !sourceIp.test(ip)
    ) {
      return reply.status(400).send('bad request');
    }
    const target = await intercepts.authorise({
      sipUser: from,
      dialled: number || bind,
      bindId: bind,
      sourceIp: ip,
      callId,
      number: number || null,
    });
    return target ? reply.status(200).send(target) : reply.status(403).send('refused');
  });

/**
 * A call Kamailio refused itself (no bind, another enterprise's key): 200 once written (a repeat of
 * the same INVITE, its Call-ID, is written once), 404 for an unknown key.
 */
const registerInterceptPost = (app: FastifyInstance, guard: TGuard, intercepts: TInterceptService) =>
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4 * 1024 }, (_req, body, done) => done(null, body));
    scope.post(sipInterceptPath, async (req, reply) => {
      if (!isTrusted(req, reply, guard)) return reply.status(403).send('forbidden');
      const body = fieldsOf(typeof req.body === 'string' ? req.body : '');
      const reason = edgeReasons.find((r) => r === body.reason);
      const bind = body.bindId ?? '';
      const callId = body.callId ?? '';
      if (
        !reason ||
        !sipKey.test(body.from ?? '') ||
        !dialled.test(body.number ?? '') ||
        !(bind === '' || bindId.test(bind)) ||
        callId.length > 200 ||
        !sourceIp.test(body.ip ?? '')
      ) {
        return reply.status(400).send('bad request');
      }
      const isWritten = await intercepts.record(
        { sipUser: body.from!, dialled: body.number!, bindId: bind, sourceIp: body.ip ?? '', callId },
        reason,
      );
      return isWritten ? reply.status(200).send('ok') : reply.status(404).send('unknown key');
    });
  });

/** 呼叫拦截记录 for the console, and Kamailio's authorisation and intercept routes. */
export const registerIntercepts = async (
  app: FastifyInstance,
  opts: { deps: TBindDeps; guard: TGuard; intercepts: TInterceptService },
) => {
  bindRoutes(app, routeTables.callIntercept, { page: (ctx) => opts.intercepts.page(ctx, ctx.input) }, opts.deps);
  registerBindTarget(app, opts.guard, opts.intercepts);
  await registerInterceptPost(app, opts.guard, opts.intercepts);
};
