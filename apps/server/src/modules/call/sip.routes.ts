import { type callRoutes, routeTables } from '@yunhu/contract';
import type { FastifyInstance } from 'fastify';
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
  return sip;
};
