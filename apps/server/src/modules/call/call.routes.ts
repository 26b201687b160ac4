import { type callCensusRoutes, type callRecordRoutes, type callRoutes, routeTables } from '@yunhu/contract';
import type { FastifyInstance } from 'fastify';
import type { TConfig } from '../../config.js';
import type { TDatabase } from '../../db/client.js';
import { bindRoutes, detached, type TBindDeps, type THandlers } from '../../http/bind.js';
import { streamXlsx } from '../../http/download.js';
import {
  carrierCallbackPath,
  carrierDeliverer,
  createCarrierSimulator,
  createGatewayRecordings,
  createRecordingStore,
  gatewayCaptureDir,
} from '../telephony/index.js';
import {
  agentColumns,
  createCallCensusService,
  dayAgentColumns,
  type TCallCensusService,
} from './call-census.service.js';
import { createCallDetailService, type TCallDetailService } from './call-detail.service.js';
import { callRecordColumns, createCallRecordService, type TCallRecordService } from './call-record.service.js';
import { registerCallInternalRoutes } from './callback.routes.js';
import { createCallbackService } from './callback.service.js';
import { carrierProgressPath, registerCarrierProgress } from './callback-progress.js';
import { createDialService, type TCustomerGuard, type TDialService, type TIsMasked } from './dial.service.js';
import { registerSip, type TSipRouteNames } from './sip.routes.js';
import { taskCardHandlers } from './task-card.routes.js';
import { createTaskCardService, type TTaskCrm } from './task-card.service.js';
import { registerWallboard } from './wallboard.routes.js';

export const callDetailHandlers = (
  details: TCallDetailService,
  records: TCallRecordService,
): THandlers<typeof callRecordRoutes> => ({
  getCallDetailList: (ctx) => details.customerCalls(ctx, ctx.input),
  recordingUrl: (ctx) => details.recordingUrl(ctx, ctx.input.id),
  getPage: (ctx) => records.page(ctx, ctx.input),
  getPageCount: (ctx) => records.pageCount(ctx, ctx.input),
  exportRecords: async (ctx) => {
    const { rows, fileName } = await records.exportRecords(ctx, ctx.input);
    return streamXlsx(rows, callRecordColumns, fileName, '通话记录');
  },
  callDetailContent: (ctx) => records.content(ctx, ctx.input.id),
  selectBoughtLine: (ctx) => records.lines(ctx),
});

export const callCensusHandlers = (census: TCallCensusService): THandlers<typeof callCensusRoutes> => ({
  baseCensus: (ctx) => census.totals(ctx, ctx.input),
  census: (ctx) => census.perDay(ctx, ctx.input),
  hourCensus: (ctx) => census.perHour(ctx, ctx.input),
  localCensus: (ctx) => census.perDept(ctx, ctx.input),
  huaJiCensus: (ctx) => census.perLine(ctx, ctx.input),
  getCensusDetail: (ctx) => census.detailPage(ctx, ctx.input),
  censusDetailDownload: async (ctx) => {
    const { rows, fileName } = census.exportDetail(ctx, ctx.input);
    return streamXlsx(rows, dayAgentColumns, fileName, '话务统计明细');
  },
  statisticsUsePage: (ctx) => census.agentPage(ctx, ctx.input),
  statisticsUserExport: async (ctx) => {
    const { rows, fileName } = census.exportAgents(ctx, ctx.input);
    return streamXlsx(rows, agentColumns, fileName, '坐席话务统计');
  },
});

const dialHandlers = (dial: TDialService): Omit<THandlers<typeof callRoutes>, TSipRouteNames> => ({
  calleeCheck: (ctx) => dial.calleeCheck(ctx, ctx.input),
  // Its own transactions: the black-list refusal stays logged, the carrier is ordered after the commit.
  dial: detached((ctx) => dial.dial(ctx, ctx.input)),
  usableLines: (ctx) => dial.usableLines(ctx),
  dialState: (ctx) => dial.dialState(ctx, ctx.input),
  dialCancel: (ctx) => dial.dialCancel(ctx, ctx.input),
});

/**
 * The call area (issue 5): soft-phone credentials, the dial flow, the carrier (the simulator in
 * development) and the one ingestion path of call records, the records' pages and recordings.
 */
export const registerCall = async (
  app: FastifyInstance,
  opts: {
    config: TConfig;
    database: TDatabase;
    deps: TBindDeps;
    customerGuard: TCustomerGuard;
    isMasked: TIsMasked;
    /** The CRM's follow-up write and customer pick, for the calling tasks. */
    crm: TTaskCrm;
  },
) => {
  const { config, database } = opts;
  const { callbackUrl } = config.carrier;
  const store = createRecordingStore({ dataDir: config.dataDir, secret: config.carrier.recordingSecret });
  const callbacks = createCallbackService({
    database,
    store,
    // The media gateway's captures of soft-phone calls (its recording dir: sip.kamailio-dev.ts, deploy/kamailio/README.md).
    recordings: createGatewayRecordings({ dir: gatewayCaptureDir(config.dataDir), logger: app.log }),
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
  // 任务卡 (issue 6): an agent may dial the customers his open items of running tasks give him.
  const tasks = createTaskCardService({
    isMasked: opts.isMasked,
    crm: opts.crm,
  });
  const dial = createDialService({
    database,
    customerGuard: tasks.dialGuard(opts.customerGuard),
    taskItemGuard: tasks.itemDialGuard,
    isMasked: opts.isMasked,
    carrier,
  });
  const details = createCallDetailService({
    database,
    customerGuard: opts.customerGuard,
    isMasked: opts.isMasked,
    store,
  });
  const sip = registerSip(app, { database, sip: config.sip, deps: opts.deps, dialHandlers: dialHandlers(dial) });
  const records = createCallRecordService({
    database,
    isMasked: opts.isMasked,
    store,
  });
  bindRoutes(app, routeTables.callRecord, callDetailHandlers(details, records), opts.deps);
  // 话务统计 (issue 6): the statistics of the same records.
  const census = createCallCensusService({ database });
  bindRoutes(app, routeTables.callCensus, callCensusHandlers(census), opts.deps);
  bindRoutes(app, routeTables.taskCard, taskCardHandlers(tasks), opts.deps);
  await registerCallInternalRoutes(app, {
    carrierSecret: config.carrier.callbackSecret,
    isTrustedSipCaller: sip.isTrustedCaller,
    callbacks,
    store,
    details,
  });
  await registerCarrierProgress(app, { secret: config.carrier.callbackSecret, database });
  // 实时监控 (issue 14 step 7): who of the viewer's scope is online, ringing, talking; Kamailio's registrations.
  const { wallboard, listen } = await registerWallboard(app, {
    database,
    deps: opts.deps,
    isMasked: opts.isMasked,
    isTrustedSipCaller: sip.isTrustedCaller,
    mediaNgPort: config.sip.dev.media?.ngPort ?? null,
    endLostCalls: callbacks.endLostCalls,
  });
  app.addHook('onClose', async () => simulator.stop());
  return { dial, details, callbacks, store, simulator, sip, tasks, wallboard, listen };
};

export type TCallArea = Awaited<ReturnType<typeof registerCall>>;
