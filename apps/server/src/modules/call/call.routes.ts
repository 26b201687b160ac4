import type { callRoutes } from '@yunhu/contract';
import type { FastifyInstance } from 'fastify';
import type { TConfig } from '../../config.js';
import type { TDatabase } from '../../db/client.js';
import { detached, type TBindDeps, type THandlers } from '../../http/bind.js';
import type { TObjectStore } from '../../storage/index.js';
import {
  carrierCallbackPath,
  carrierDeliverer,
  createCarrierSimulator,
  createGatewayRecordings,
  createRecordingStore,
  gatewayCaptureDir,
  listenGatewayAt,
} from '../telephony/index.js';
import { registerCallInternalRoutes } from './callback.routes.js';
import { createCallbackService } from './callback.service.js';
import { carrierProgressPath, registerCarrierProgress } from './callback-progress.js';
import {
  createDialService,
  type TCustomerGuard,
  type TDialService,
  type TIsMasked,
  type TTaskItemGuard,
} from './dial.service.js';
import { createDialBack } from './dial-back.service.js';
import { registerIntercepts } from './intercept.routes.js';
import { createInterceptService } from './intercept.service.js';
import { registerSip, type TSipRouteNames } from './sip.routes.js';

const dialHandlers = (
  dial: TDialService,
  dialBack: ReturnType<typeof createDialBack>,
): Omit<THandlers<typeof callRoutes>, TSipRouteNames> => ({
  calleeCheck: (ctx) => dial.calleeCheck(ctx, ctx.input),
  // Its own transactions: the black-list refusal stays logged, the carrier is ordered after the commit.
  dial: detached((ctx) => dial.dial(ctx, ctx.input)),
  // The dial's own transactions, as above.
  callBack: detached((ctx) => dialBack.callBack(ctx, ctx.input)),
  usableLines: (ctx) => dial.usableLines(ctx),
  dialState: (ctx) => dial.dialState(ctx, ctx.input),
  dialCancel: (ctx) => dial.dialCancel(ctx, ctx.input),
});

/**
 * The call area: soft-phone credentials, the dial flow, the carrier (the simulator in development)
 * and the one ingestion path of call records with their recordings; answers what the other calling
 * areas and the tests reach (calling.ts).
 */
export const registerCall = async (
  app: FastifyInstance,
  opts: {
    config: TConfig;
    database: TDatabase;
    /** Where the recordings are kept (storage/). */
    objects: TObjectStore;
    deps: TBindDeps;
    /** Who may reach a customer: the CRM's check, around it the grants of calling tasks. */
    customerGuard: TCustomerGuard;
    /** 我的任务's dial names its task item: refused unless the item is the agent's and open. */
    taskItemGuard: TTaskItemGuard;
    isMasked: TIsMasked;
  },
) => {
  const { config, database } = opts;
  const { callbackUrl } = config.carrier;
  const store = createRecordingStore({ objects: opts.objects, secret: config.carrier.recordingSecret });
  const callbacks = createCallbackService({
    database,
    store,
    // The media gateway's captures of soft-phone calls (its recording dir: sip.kamailio-dev.ts, deploy/kamailio/README.md).
    recordings: createGatewayRecordings({ dir: gatewayCaptureDir(config.dataDir), logger: app.log }),
    // Where an ended call is released at the gateway (MEDIA_NG_PORT, the port 监听 uses too).
    gateway: config.sip.dev.media ? listenGatewayAt(config.sip.dev.media.ngPort) : null,
    logger: app.log,
  });
  const simulator = createCarrierSimulator({
    settings: config.carrier.simulator,
    store,
    secret: config.carrier.callbackSecret,
    // Posted like a carrier's: to CARRIER_CALLBACK_URL (progress beside it) or through this server's router.
    deliver: carrierDeliverer(app, { url: callbackUrl, path: carrierCallbackPath }),
    deliverProgress: carrierDeliverer(app, {
      url: callbackUrl ? new URL(carrierProgressPath, callbackUrl).href : null,
      path: carrierProgressPath,
    }),
    logger: app.log,
  });
  // Production without the simulator has no carrier yet: call-back and app lines refuse to dial.
  const carrier = config.carrier.simulator.isEnabled
    ? simulator
    : { isAvailable: false, placeCall: () => undefined, idle: async () => undefined };
  const dial = createDialService({
    database,
    customerGuard: opts.customerGuard,
    taskItemGuard: opts.taskItemGuard,
    isMasked: opts.isMasked,
    carrier,
  });
  const sip = registerSip(app, {
    database,
    sip: config.sip,
    deps: opts.deps,
    dialHandlers: dialHandlers(dial, createDialBack({ database, dial: dial.dial })),
  });
  await registerCallInternalRoutes(app, {
    carrierSecret: config.carrier.callbackSecret,
    isTrustedSipCaller: sip.isTrustedCaller,
    callbacks,
  });
  // Nothing leaves for the carrier without the dial flow's bind: Kamailio asks here (呼叫拦截记录).
  await registerIntercepts(app, {
    deps: opts.deps,
    guard: sip,
    intercepts: createInterceptService({ database, isMasked: opts.isMasked, logger: app.log }),
  });
  await registerCarrierProgress(app, { secret: config.carrier.callbackSecret, database });
  app.addHook('onClose', async () => simulator.stop());
  return { dial, callbacks, store, simulator, sip };
};
