import { type callRoutes, routeTables } from '@yunhu/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TSipConfig } from '../../config.js';
import type { TDatabase } from '../../db/client.js';
import { bindRoutes, type TBindDeps, type THandlers } from '../../http/bind.js';
import { createSipService, type TSipService } from './sip.service.js';

export type TSipRouteNames = 'lineConfig' | 'lineConfigReset';

export const sipHandlers = (sip: TSipService): Pick<THandlers<typeof callRoutes>, TSipRouteNames> => ({
  lineConfig: (ctx) => sip.lineConfig(ctx),
  lineConfigReset: (ctx) => sip.resetPassword(ctx),
});

/** Where Kamailio asks for a digest HA1; not a console API, so not in the contract's route table. */
export const sipHa1Path = '/internal/sip/ha1';
export const sipSecretHeader = 'x-sip-secret';
/** Where Kamailio asks for the 外显号码 of a dial request (kamailio.cfg route CALLER_ID). */
export const sipCallerIdPath = '/internal/sip/caller-id';
/** Where Kamailio asks which agent a call to a number rings (kamailio.cfg route INBOUND). */
export const sipInboundPath = '/internal/sip/inbound';

/**
 * Kamailio's HA1 lookup answers in plain HTTP statuses its config branches on: 200 with the HA1 as
 * the body, 404 for a key that may not register, 403 without the shared secret, 400 for a
 * malformed query. Keep it off the public site (README.md: the reverse proxy forwards no /internal).
 */
const registerHa1Lookup = (app: FastifyInstance, sip: TSipService) => {
  app.get(sipHa1Path, async (req, reply) => {
    reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8');
    const secret = req.headers[sipSecretHeader];
    if (!sip.isTrustedCaller(typeof secret === 'string' ? secret : undefined)) {
      return reply.status(403).send('forbidden');
    }
    const { user, realm } = req.query as Record<string, unknown>;
    if (typeof user !== 'string' || typeof realm !== 'string' || !user || user.length > 64 || realm.length > 255) {
      return reply.status(400).send('bad request');
    }
    const ha1 = await sip.ha1(user, realm);
    if (!ha1) return reply.status(404).send('not found');
    return reply.status(200).send(ha1);
  });
};

/**
 * Kamailio's look-ups for a call toward or from the carrier (decision 0016), plain text like the HA1
 * one: the caller ID of a bind (200 number / 404) and the SIP key an inbound number rings (200 key /
 * 404: Kamailio refuses the call 404).
 */
const registerTrunkLookups = (app: FastifyInstance, sip: TSipService) => {
  const guard = (req: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8');
    const secret = req.headers[sipSecretHeader];
    return sip.isTrustedCaller(typeof secret === 'string' ? secret : undefined);
  };
  app.get(sipCallerIdPath, async (req, reply) => {
    if (!guard(req, reply)) return reply.status(403).send('forbidden');
    const { bind, from } = req.query as Record<string, unknown>;
    if (typeof bind !== 'string' || !/^b[0-9a-f]{32}$/.test(bind) || typeof from !== 'string' || from.length > 64) {
      return reply.status(400).send('bad request');
    }
    const number = await sip.callerId(bind, from);
    return number ? reply.status(200).send(number) : reply.status(404).send('not found');
  });
  app.get(sipInboundPath, async (req, reply) => {
    if (!guard(req, reply)) return reply.status(403).send('forbidden');
    const { number } = req.query as Record<string, unknown>;
    if (typeof number !== 'string' || !/^[+]?[0-9]{3,20}$/.test(number)) return reply.status(400).send('bad request');
    const key = await sip.inboundKey(number);
    return key ? reply.status(200).send(key) : reply.status(404).send('not found');
  });
};

/**
 * The soft-phone's SIP credentials: the contract routes and Kamailio's lookup. The call table's
 * other routes (the dial flow, call.routes.ts) come in as `dialHandlers`.
 */
export const registerSip = (
  app: FastifyInstance,
  opts: {
    database: TDatabase;
    sip: TSipConfig;
    deps: TBindDeps;
    dialHandlers: Omit<THandlers<typeof callRoutes>, TSipRouteNames>;
  },
): TSipService => {
  const sip = createSipService({ database: opts.database, sip: opts.sip });
  bindRoutes(app, routeTables.call, { ...sipHandlers(sip), ...opts.dialHandlers }, opts.deps);
  registerHa1Lookup(app, sip);
  registerTrunkLookups(app, sip);
  return sip;
};
