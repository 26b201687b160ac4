import fs from 'node:fs';
import multipart from '@fastify/multipart';
import { isAppMenuOff, routeTables, uploadLimits } from '@yunhu/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { createDevSms, type TSmsSender } from './adapters/sms.js';
import { registerWechatScanPage } from './adapters/wechat-scan-page.js';
import { registerCalling, type TCallArea } from './calling.js';
import type { TConfig } from './config.js';
import { pingTimeoutMs, type TDatabase } from './db/client.js';
import { maintenanceJob, queueVacuumJob } from './db/maintenance.js';
import { registerAdmission } from './http/admission.js';
import { bindRoutes, type TBindDeps } from './http/bind.js';
import { frameworkErrors, registerEnvelope } from './http/envelope.js';
import { LeanRequestLog, registerRequestId, requestIdMixin, requestIdOf } from './http/request-log.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { createLinkSigner } from './http/signed-link.js';
import { registerWebApp } from './http/web-app.js';
import { importRecoveryJob } from './import/import.runner.js';
import { createJobQueue, runQueueWithApp, type TJobQueue } from './jobs/index.js';
import {
  agentHandlers,
  agentJxsHandlers,
  agentLookupHandlers,
  agentNoticeHandlers,
  agentSettlementHandlers,
  agentStockHandlers,
  agentTransferHandlers,
  asAgent,
  createAgentCloseService,
  createAgentJxsService,
  createAgentLookupService,
  createAgentNoticeService,
  createAgentPacketChangeService,
  createAgentSeatSummaryService,
  createAgentService,
  createAgentSettlementService,
  createAgentStockService,
  createAgentTransferService,
  jxsInvitationOf,
  refuseDistributor,
} from './modules/agent/index.js';
import { appCentreHandlers, createAppCentreService, isAppOn, offAppsOf } from './modules/app-centre/index.js';
import { authHandlers, createAuthService } from './modules/auth/index.js';
import { billingHandlers, createBillingService } from './modules/billing/index.js';
import { blacklistHandlers, blockedMobiles, createBlacklistService } from './modules/blacklist/index.js';
import { hasSoftphoneSeatNow } from './modules/call/index.js';
import {
  callAnalysisHandlers,
  createCallAnalysisService,
  createSpeechAdapters,
} from './modules/call-analysis/index.js';
import {
  agentReviewHandlers,
  callerReportHandlers,
  createCallerReportService,
  registerDocumentFiles,
} from './modules/caller-report/index.js';
import { certificationHandlers, createCertificationService } from './modules/certification/index.js';
import {
  clueBatchHandlers,
  clueHandlers,
  cluePackageHandlers,
  createClueMatch,
  createCluePackages,
  createClueService,
  devClueSource,
  tianyanchaSource,
} from './modules/clue/index.js';
import { createCrmService, crmHandlers } from './modules/crm/index.js';
import {
  createCensusService,
  createRankService,
  crmCensusHandlers,
  crmRankHandlers,
} from './modules/crm-census/index.js';
import { createCrmImportService, createExportService, crmImportHandlers } from './modules/crm-import/index.js';
import { createCrmSettingsService, crmSettingsHandlers } from './modules/crm-settings/index.js';
import { createVisitService, crmVisitHandlers } from './modules/crm-visit/index.js';
import {
  createEcSimulator,
  createEcSyncService,
  ecSimulatorAccount,
  ecSyncHandlers,
  ecSyncJobName,
  ecSyncListener,
  type TEcSimulator,
} from './modules/ec-sync/index.js';
import { createFeedbackService, feedbackHandlers } from './modules/feedback/index.js';
import {
  createApiKeyService,
  createWebhookService,
  integrationHandlers,
  onWebhookEvent,
  registerOpenApiDocument,
  webhookJobName,
} from './modules/integration/index.js';
import { createLineService, lineHandlers, lineScriptOf } from './modules/line/index.js';
import { createMarketService, marketHandlers } from './modules/market/index.js';
import { createMetrics, registerMetrics } from './modules/metrics/index.js';
import {
  createNumberCheckService,
  devNumberChecker,
  excludedMobiles,
  numberCheckHandlers,
  tianapiChecker,
} from './modules/number-check/index.js';
import {
  activeAdministrators,
  agentStaffHandlers,
  createAgentStaffService,
  createOrgService,
  crmDeptHandlers,
  deptHandlers,
  orgHandlers,
  resolveDataScope,
  roleHandlers,
  staffHandlers,
} from './modules/org/index.js';
import { createPacketService, packetHandlers } from './modules/packet/index.js';
import {
  createPlatformContentService,
  createPlatformService,
  platformContentHandlers,
  platformHandlers,
} from './modules/platform/index.js';
import { createPlatformJobsService, platformJobsHandlers } from './modules/platform-jobs/index.js';
import { createResourceService, registerLibraryFiles, resourceHandlers } from './modules/resource/index.js';
import { createCallingService, createSeatService, seatHandlers, seatsHeldBy } from './modules/seat/index.js';
import { createSystemService, systemHandlers } from './modules/system/index.js';
import { taskScriptLinks } from './modules/task-card/index.js';
import {
  appOrderHandlers,
  clueOrderHandlers,
  createAlipayChannel,
  createSandboxChannel,
  createTradeService,
  createWechatChannel,
  packagePricesFor,
  registerPayNotify,
  registerSandboxPayPage,
  seatPricesFor,
  type TSandboxChannel,
  type TTradeService,
  tradeHandlers,
} from './modules/trade/index.js';
import {
  createTradeRefundService,
  seatDeleteHold,
  type TTradeRefundService,
  tradeRefundHandlers,
} from './modules/trade-refund/index.js';
import { softphoneRegisteredUntil } from './modules/wallboard/index.js';
import { createObjectStore, type TObjectStore } from './storage/index.js';

export type TApp = FastifyInstance & {
  services: ReturnType<typeof createServices>;
  call: TCallArea;
  /** The server's job queue (jobs/): the areas' jobs are defined on it. */
  jobs: TJobQueue;
  trade: { service: TTradeService; refunds: TTradeRefundService; sandbox: TSandboxChannel };
  /** The EC simulator answering for 腾讯EC outside production (null: the real EC). */
  ecSimulator: TEcSimulator | null;
};

const createServices = (
  app: FastifyInstance,
  config: TConfig,
  database: TDatabase,
  objects: TObjectStore,
  sms?: TSmsSender,
) => {
  const devSms = createDevSms(app.log);
  const smsSender = sms ?? devSms;
  const system = createSystemService({ database, objects });
  // The org and auth areas need each other's services for registration and SMS codes; the code
  // check is bound late so neither module reaches into the other's tables.
  let useCode: ReturnType<typeof createAuthService>['useCode'] = async () => undefined;
  let revokeSessions: ReturnType<typeof createAuthService>['revokeUserSessions'] = async () => undefined;
  const org = createOrgService({
    database,
    isOwnUpload: system.isOwnUpload,
    useCode: (m, p, c) => useCode(m, p, c),
    revokeSessions: (tx, userId) => revokeSessions(tx, userId),
    hasSoftphoneSeat: hasSoftphoneSeatNow,
    seatsHeldBy: (tx, tenantId, userId) => seatsHeldBy(tx, tenantId, userId),
    softphoneRegisteredUntil: (tx, tenantId, userId) => softphoneRegisteredUntil(tx, tenantId, userId),
    distributorOfCode: jxsInvitationOf(database),
    // An add-on switched off in the app centre takes its screens out of the menu.
    isMenuOff: async (tx, tenantId) => {
      const off = await offAppsOf(tx, tenantId);
      return (url) => isAppMenuOff(url, off);
    },
    onError: (error) => app.log.error({ err: error }, 'org: unexpected error'),
  });
  const auth = createAuthService({
    database,
    sms: smsSender,
    registerEnterprise: org.registerEnterprise,
    invitationOf: org.invitationOf,
    sessionHours: config.sessionHours,
  });
  useCode = auth.useCode;
  const certification = createCertificationService({
    upload: system.upload,
    isOwnUpload: system.isOwnUpload,
  });
  revokeSessions = auth.revokeUserSessions;
  const platform = createPlatformService({ revokeTenantSessions: auth.revokeTenantSessions });
  const crm = createCrmService({
    database,
    notify: system.notifyUsers,
    logger: app.log,
  });
  // Billing: the low-balance notice goes to the bell and, when asked, by SMS.
  const billing = createBillingService({ database, notify: system.notifyUsers, sms: smsSender, logger: app.log });
  return {
    auth,
    org,
    system,
    certification,
    platform,
    crm,
    billing,
    sms: smsSender,
    devOutbox: sms ? null : devSms.outbox,
  };
};

/** The whole server, ready to listen or to `inject` in tests. */
export const buildApp = async (
  config: TConfig,
  database: TDatabase,
  opts: {
    sms?: TSmsSender;
    /**
     * How long after it is ready the job queue starts running jobs (main.ts: a moment after it
     * listens). Absent: it runs none by itself (tests, benches; `app.jobs.runDue()` runs what is due).
     */
    runJobsAfterMs?: number;
    /** Where the log lines go (a test reads them); standard output when absent. */
    logStream?: { write: (line: string) => void };
  } = {},
): Promise<TApp> => {
  // Calls that ended before this moment are not this server's to finish (the recordings sweep).
  const builtAt = Date.now();
  const app = Fastify({
    logger: { level: config.logLevel, mixin: requestIdMixin, ...(opts.logStream && { stream: opts.logStream }) },
    logController: new LeanRequestLog(config.logLevel),
    genReqId: requestIdOf,
    requestIdHeader: false,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    frameworkErrors,
  });
  registerEnvelope(app);
  // First, so that every answer (a refusal of admission too) names its request.
  registerRequestId(app);
  // Every request timed and counted under its route pattern; /metrics behind METRICS_TOKEN.
  const metrics = createMetrics({ database, mediaNgPort: config.sip.dev.media?.ngPort ?? null });
  registerMetrics(app, metrics, config.metricsToken);
  registerSecurityHeaders(app);
  // After the headers' hook, so a refusal carries them too.
  registerAdmission(app, config.maxInFlight);
  await app.register(multipart, { limits: { fileSize: uploadLimits.maxBytes, files: 1, fields: 10 } });

  // Recordings and uploads: the data folder, or the bucket several servers share (STORAGE).
  const objects = createObjectStore(config.storage, config.dataDir);
  app.addHook('onClose', () => objects.close());
  const services = createServices(app, config, database, objects, opts.sms);
  const jobs = createJobQueue({
    database,
    logger: app.log,
    onRun: metrics.onJobRun,
    onExpired: metrics.onJobExpired,
  });
  // The open API: a key acts as its enterprise with its own permissions (the binder asks this service).
  const apiKeys = createApiKeyService({ database, ratePerMinute: config.integration.ratePerMinute });
  const deps: TBindDeps = {
    database,
    authenticateKey: apiKeys.authenticate,
    scopeOf: resolveDataScope,
    authenticate: services.auth.authenticate,
    inSession: services.auth.inSession,
    audit: services.system.audit,
    onAuditError: (error) => app.log.error({ err: error }, 'operation log: settling a row failed'),
    isProduction: config.isProduction,
  };
  bindRoutes(app, routeTables.auth, authHandlers(services.auth, services.devOutbox), deps);
  bindRoutes(app, routeTables.org, orgHandlers(services.org), deps);
  bindRoutes(app, routeTables.orgDept, deptHandlers(services.org), deps);
  bindRoutes(app, routeTables.orgRole, roleHandlers(services.org), deps);
  bindRoutes(app, routeTables.orgStaff, staffHandlers(services.org), deps);
  bindRoutes(app, routeTables.system, systemHandlers(services.system), deps);
  bindRoutes(app, routeTables.certification, certificationHandlers(services.certification), deps);
  // 意见反馈: screenshots are the ordinary uploads; a platform reply rings the sender's bell.
  const feedback = createFeedbackService({
    isOwnUpload: services.system.isOwnUpload,
    notify: services.system.notifyUsers,
  });
  bindRoutes(app, routeTables.feedback, feedbackHandlers(feedback), deps);
  // 第三方市场: the platform's list of other vendors' add-ons and the enterprises' requests for them.
  const market = createMarketService({ notify: services.system.notifyUsers });
  bindRoutes(app, routeTables.market, marketHandlers(market), deps);
  // 应用中心: the add-ons' catalogue and each enterprise's switch (the menu and the analysis ask it).
  bindRoutes(app, routeTables.appCentre, appCentreHandlers(createAppCentreService()), deps);
  // 号码报备 and 数据审核: materials, per-number reports, the platform's review; the documents
  // behind short-lived signed addresses.
  const documentLinks = createLinkSigner(config.documentLinkKey);
  const callerReport = createCallerReportService({
    database,
    dataKey: config.dataKey,
    upload: services.system.upload,
    privateUpload: services.system.privateUpload,
    administrators: activeAdministrators,
    notifyUsers: services.system.notifyUsers,
    links: documentLinks,
    sms: services.sms,
    logger: app.log,
    asAgent,
  });
  bindRoutes(app, routeTables.callerReport, callerReportHandlers(callerReport), deps);
  bindRoutes(app, routeTables.callerReportAgent, agentReviewHandlers(callerReport), deps);
  registerDocumentFiles(app, callerReport, documentLinks);
  // 资料库: scripts and files by who may read them; the files behind the same short-lived signed addresses.
  const resource = createResourceService({
    database,
    upload: services.system.upload,
    privateUpload: services.system.privateUpload,
    links: documentLinks,
    // The task's and the line's own scripts, shown first in the side panel.
    scriptLinks: { task: taskScriptLinks, line: lineScriptOf },
  });
  bindRoutes(app, routeTables.resource, resourceHandlers(resource), deps);
  registerLibraryFiles(app, resource, documentLinks);
  bindRoutes(app, routeTables.platform, platformHandlers(services.platform), deps);
  bindRoutes(app, routeTables.platformContent, platformContentHandlers(createPlatformContentService()), deps);
  // CRM imports, exports and the ranking; a running import finishes before the database closes.
  const crmDeps = { database, dataScopeOf: services.org.dataScopeOf };
  const crmImport = createCrmImportService({
    ...crmDeps,
    // The preview refuses black-listed mobiles.
    blockedMobiles,
    onError: (error) => app.log.error({ err: error }, 'crm import: unexpected error'),
  });
  // Every import handler is detached; the export and the ranking run in the request's transaction.
  bindRoutes(
    app,
    routeTables.crmImport,
    {
      ...crmImportHandlers(crmImport, createExportService({ database })),
      ...crmRankHandlers(createRankService()),
    },
    deps,
  );
  app.addHook('onClose', () => crmImport.stop());
  // Imports left running by a dead process are found at start and every minute (hardening item 6).
  jobs.define(importRecoveryJob(crmImport.recoverInterrupted));
  bindRoutes(
    app,
    routeTables.crm,
    { ...crmHandlers(services.crm), ...crmCensusHandlers(createCensusService()), ...crmDeptHandlers(services.org) },
    deps,
  );
  // 企业线索: the companies' source by the settings; converting goes through the CRM's own 新建客户.
  const clueDeps = {
    database,
    source: config.clue.kind === 'tianyancha' ? tianyanchaSource(config.clue, database) : devClueSource(),
    createCustomer: services.crm.customer.create,
    blockedMobiles,
    excludedMobiles,
  };
  bindRoutes(app, routeTables.clue, clueHandlers(createClueService(clueDeps)), deps);
  // 批量匹配 on the import runner (its recovery is the one import job's).
  const clueMatch = createClueMatch({
    ...clueDeps,
    dataScopeOf: services.org.dataScopeOf,
    onError: (error) => app.log.error({ err: error }, 'clue match: unexpected error'),
  });
  bindRoutes(app, routeTables.clueBatch, clueBatchHandlers(clueMatch), deps);
  bindRoutes(app, routeTables.cluePackage, cluePackageHandlers(createCluePackages()), deps);
  app.addHook('onClose', () => clueMatch.stop());
  // 空号检测: the checker by the settings, asked by its job, charged through the ledger.
  const numberCheck = createNumberCheckService({
    database,
    checker: config.numberCheck.kind === 'tianapi' ? tianapiChecker(config.numberCheck) : devNumberChecker,
    send: (name) => jobs.send(name),
    logger: app.log,
  });
  jobs.define(numberCheck.job());
  bindRoutes(app, routeTables.numberCheck, numberCheckHandlers(numberCheck), deps);
  bindRoutes(
    app,
    routeTables.crmSettings,
    { ...crmSettingsHandlers(createCrmSettingsService()), ...crmVisitHandlers(createVisitService()) },
    deps,
  );
  // Seats, calling settings, lines and numbers.
  bindRoutes(
    app,
    routeTables.seat,
    seatHandlers(
      createSeatService({ database, pricesFor: seatPricesFor, deleteHold: seatDeleteHold }),
      createCallingService(),
    ),
    deps,
  );
  bindRoutes(app, routeTables.line, lineHandlers(createLineService()), deps);
  const blacklist = createBlacklistService({
    database,
    onError: (error) => app.log.error({ err: error }, 'blacklist import: unexpected error'),
  });
  app.addHook('onClose', () => blacklist.importStop());
  bindRoutes(app, routeTables.blacklist, blacklistHandlers(blacklist), deps);
  // The call area: dial flow, carrier, call records; it asks the CRM who sees a customer.
  const callArea = await registerCalling(app, {
    config,
    database,
    objects,
    deps,
    customerGuard: (tx, auth, scope, id) => services.crm.customer.visible(tx, auth, scope, id),
    isMasked: services.crm.isMasked,
    crm: services.crm.customer,
  });
  // Recordings a stop left 'pending' are finished (or marked failed) once the server is up.
  jobs.define({
    name: 'call.recording-sweep',
    atStart: () => ({ before: builtAt }),
    run: (data: { before?: number }) => callArea.callbacks.sweepPending({ before: new Date(data.before ?? builtAt) }),
  });
  // 通话分析: each recording's signal analysis (soft-phone and call-back), queued once its record has it.
  const callAnalysis = createCallAnalysisService({
    database,
    store: callArea.store,
    isMasked: services.crm.isMasked,
    send: (name) => jobs.send(name),
    logger: app.log,
    // The development carrier's script is known only where it is the carrier (soft-phone, call-back).
    speech: await createSpeechAdapters(config.speech, {
      hasDevCarrier: config.sip.dev.isDevCarrier && !config.sip.dev.trunkAddress,
      hasCarrierSimulator: config.carrier.simulator.isEnabled,
    }),
    // Only for an enterprise with 智能分析 on in the app centre.
    isEnabled: (tx, tenantId) => isAppOn(tx, tenantId, 'call_analysis'),
  });
  jobs.define(callAnalysis.job());
  callArea.callbacks.onRecordingReady(callAnalysis.enqueue);
  bindRoutes(app, routeTables.callAnalysis, callAnalysisHandlers(callAnalysis), deps);
  // 开放平台: webhook endpoints, the delivery job over the areas' outbox rows, API keys, the OpenAPI document.
  const webhooks = createWebhookService({
    database,
    config: config.integration,
    wake: () => jobs.send(webhookJobName),
  });
  jobs.define(webhooks.job());
  bindRoutes(app, routeTables.integration, integrationHandlers(webhooks, apiKeys), deps);
  registerOpenApiDocument(app);
  // 腾讯EC 同步: its items written at the webhooks' event point, carried to EC by its job; outside
  // production without EC_API_BASE_URL an EC simulator on a port of its own answers instead.
  const ecSimulator = config.ecSync.apiBaseUrl === null ? createEcSimulator() : null;
  if (ecSimulator) app.addHook('onClose', () => ecSimulator.close());
  const ecSync = createEcSyncService({
    database,
    config: {
      ...config.ecSync,
      apiBaseUrl: async () => config.ecSync.apiBaseUrl ?? (await ecSimulator!.baseUrl()),
      simulatorAccount: ecSimulator ? ecSimulatorAccount : null,
    },
    dataKey: config.dataKey,
    // EC keeps the link: it plays for a year.
    recordingLink: (tenantId, recordId) =>
      `${config.ecSync.linkBaseUrl}${callArea.store.signedUrl(tenantId, recordId, Date.now(), 365 * 86_400_000).url}`,
    updateCustomer: services.crm.customer.update,
    wake: () => jobs.send(ecSyncJobName),
  });
  onWebhookEvent(ecSyncListener);
  jobs.define(ecSync.job());
  bindRoutes(app, routeTables.ecSync, ecSyncHandlers(ecSync), deps);
  if (!config.isProduction) registerWechatScanPage(app);
  // Commerce: packages, the account, orders and their payment through the sandbox
  // channel, whose signed notifications reach the same notify endpoint a real channel's would.
  const sandbox = createSandboxChannel({
    db: database.db,
    secret: config.pay.sandboxSecret,
    deliver: async (payload, headers) => {
      await app.inject({ method: 'POST', url: '/pay/notify/sandbox', headers, payload });
    },
  });
  const adapter = config.pay.alipay
    ? await createAlipayChannel(config.pay.alipay)
    : config.pay.wechat
      ? createWechatChannel(config.pay.wechat)
      : sandbox.adapter;
  const refunds = createTradeRefundService({ database, adapter, logger: app.log });
  const trade = createTradeService({
    database,
    pay: config.pay,
    adapter,
    logger: app.log,
    notify: services.system.notifyUsers,
    refunds: refunds.channelRefunds,
  });
  bindRoutes(app, routeTables.packet, packetHandlers(createPacketService({ pricesFor: packagePricesFor })), deps);
  bindRoutes(app, routeTables.trade, { ...tradeHandlers(trade), ...tradeRefundHandlers(refunds) }, deps);
  bindRoutes(app, routeTables.clueOrder, clueOrderHandlers(trade), deps);
  bindRoutes(app, routeTables.appOrder, appOrderHandlers(trade), deps);
  bindRoutes(
    app,
    routeTables.agent,
    {
      ...agentHandlers(createAgentService()),
      ...agentTransferHandlers(createAgentTransferService()),
      ...agentNoticeHandlers(
        createAgentNoticeService({ notifyTenants: services.system.notifyTenants }),
        createAgentSeatSummaryService(),
      ),
      ...agentSettlementHandlers(
        createAgentSettlementService({ database }),
        createAgentCloseService({ revokeTenantSessions: services.auth.revokeTenantSessions }),
      ),
      ...agentStockHandlers(createAgentStockService(), createAgentPacketChangeService()),
      ...agentStaffHandlers(services.org, refuseDistributor),
      ...agentLookupHandlers(createAgentLookupService()),
      ...agentJxsHandlers(
        createAgentJxsService({
          database,
          staff: createAgentStaffService({ staff: services.org.staff }),
          createCustomer: services.crm.customer.create,
        }),
      ),
    },
    deps,
  );
  await registerPayNotify(app, trade);
  if (!config.isProduction) registerSandboxPayPage(app, sandbox);
  for (const job of trade.jobs(config.pay.jobSeconds)) jobs.define(job);
  // Billing: consumption, bills, the ledger by direction, rates; the low-balance watch.
  bindRoutes(app, routeTables.billing, billingHandlers(services.billing), deps);
  jobs.define(services.billing.lowBalanceJob(config.lowBalanceJobSeconds));
  // The automatic release runs once when the server is ready, then on its interval.
  jobs.define(services.crm.releaseJob(config.crmReleaseJobMinutes));
  // Statistics where autovacuum is off: a PostgreSQL server only (DB_MAINTENANCE_MINUTES 0: never).
  if (config.databaseUrl && config.dbMaintenanceMinutes > 0) {
    const maintenance = { databaseUrl: config.databaseUrl, minutes: config.dbMaintenanceMinutes, logger: app.log };
    jobs.define(maintenanceJob(maintenance));
  }
  if (database.kind === 'pglite') jobs.define(queueVacuumJob(database));
  runQueueWithApp(app, jobs, opts.runJobsAfterMs);
  // 后台任务: the platform operator sees the queue's runs and queues a failed one again.
  const platformJobs = createPlatformJobsService({ retry: jobs.retry });
  bindRoutes(app, routeTables.platformJobs, platformJobsHandlers(platformJobs), deps);
  // A staff import being written pauses after its chunk before the database closes.
  app.addHook('onClose', () => services.org.staffImport.stop());

  // A bounded wait (pingTimeoutMs): with every connection taken or the database gone, the answer
  // is 503 within 2 s, never a request that hangs.
  app.get('/healthz', async (_req, reply) => {
    const isUp = await database.ping(pingTimeoutMs);
    return reply
      .status(isUp ? 200 : 503)
      .send({ code: isUp ? 0 : 500, msg: isUp ? 'ok' : '数据库不可用或繁忙', data: { database: database.kind, isUp } });
  });

  if (config.webDist && fs.existsSync(config.webDist)) {
    await registerWebApp(app, config.webDist);
  }
  app.decorate('services', services);
  app.decorate('call', callArea);
  app.decorate('trade', { service: trade, refunds, sandbox });
  app.decorate('jobs', jobs);
  app.decorate('ecSimulator', ecSimulator);
  return app as unknown as TApp;
};
