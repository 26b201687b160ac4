import { agentRoutes } from './agent.js';
import { appCentreRoutes, appOrderRoutes } from './app-centre.js';
import { authRoutes } from './auth.js';
import { billingRoutes } from './billing.js';
import { blacklistRoutes } from './blacklist.js';
import { callRoutes } from './call.js';
import { callAnalysisRoutes } from './call-analysis.js';
import { callCensusRoutes } from './call-census.js';
import { callInterceptRoutes } from './call-intercept.js';
import { callRecordRoutes } from './call-record.js';
import { callerReportRoutes } from './caller-report.js';
import { callerReportAgentRoutes } from './caller-report-agent.js';
import { certificationRoutes } from './certification.js';
import { clueRoutes } from './clue.js';
import { clueBatchRoutes } from './clue-batch.js';
import { clueOrderRoutes, cluePackageRoutes } from './clue-package.js';
import { crmRoutes } from './crm.js';
import { crmImportRoutes } from './crm-import.js';
import { crmSettingsRoutes } from './crm-settings.js';
import { ecSyncRoutes } from './ec-sync.js';
import { feedbackRoutes } from './feedback.js';
import { integrationRoutes } from './integration.js';
import { lineRoutes } from './line.js';
import { marketRoutes } from './market.js';
import { numberCheckRoutes } from './number-check.js';
import { orgRoutes } from './org.js';
import { orgDeptRoutes } from './org-dept.js';
import { orgRoleRoutes } from './org-role.js';
import { orgStaffRoutes } from './org-staff.js';
import { packetRoutes } from './packet.js';
import { platformRoutes } from './platform.js';
import { platformContentRoutes } from './platform-content.js';
import { platformJobsRoutes } from './platform-jobs.js';
import { resourceRoutes } from './resource.js';
import type { TParsedRequestOf, TRouteTable } from './route.js';
import { seatRoutes } from './seat.js';
import { systemRoutes } from './system.js';
import { taskCardRoutes } from './task-card.js';
import { tradeRoutes } from './trade.js';
import { wallboardRoutes } from './wallboard.js';

export * from './agent.js';
export * from './app-centre.js';
export { appOfApiKeys, appOfRoute } from './app-gate.js';
export * from './auth.js';
export * from './billing.js';
export * from './billing-labels.js';
export * from './blacklist.js';
export * from './call.js';
export * from './call-analysis.js';
export * from './call-census.js';
export * from './call-intercept.js';
export * from './call-record.js';
export * from './caller-report.js';
export * from './caller-report-agent.js';
export * from './certification.js';
export * from './clue.js';
export * from './clue-batch.js';
export * from './clue-package.js';
export * from './crm.js';
export * from './crm-import.js';
export * from './crm-settings.js';
export * from './ec-sync.js';
export * from './feedback.js';
export * from './format.js';
export * from './http.js';
export * from './import.js';
export * from './integration.js';
export * from './line.js';
export * from './market.js';
export * from './mask.js';
export * from './menu.js';
export * from './menu-tree.js';
export * from './number-check.js';
export * from './org.js';
export * from './org-common.js';
export * from './org-dept.js';
export * from './org-role.js';
export * from './org-staff.js';
export * from './packet.js';
export * from './packet-share.js';
export * from './pay-sandbox.js';
export * from './permissions.js';
export * from './platform.js';
export * from './platform-content.js';
export * from './platform-jobs.js';
export * from './resource.js';
// The envelope's codes: a file without zod, so the web's first load takes them without the schemas.
export * from './result-code.js';
export * from './route.js';
export * from './seat.js';
export * from './system.js';
export * from './task-card.js';
export * from './trade.js';
export * from './trade-labels.js';
export * from './wallboard.js';

/** Every endpoint of the product, by area. Later areas add their table here. */
export const routeTables = {
  agent: agentRoutes,
  appCentre: appCentreRoutes,
  appOrder: appOrderRoutes,
  auth: authRoutes,
  billing: billingRoutes,
  blacklist: blacklistRoutes,
  call: callRoutes,
  callAnalysis: callAnalysisRoutes,
  callCensus: callCensusRoutes,
  callIntercept: callInterceptRoutes,
  callRecord: callRecordRoutes,
  callerReport: callerReportRoutes,
  callerReportAgent: callerReportAgentRoutes,
  certification: certificationRoutes,
  clue: clueRoutes,
  clueBatch: clueBatchRoutes,
  clueOrder: clueOrderRoutes,
  cluePackage: cluePackageRoutes,
  crm: crmRoutes,
  crmImport: crmImportRoutes,
  crmSettings: crmSettingsRoutes,
  ecSync: ecSyncRoutes,
  feedback: feedbackRoutes,
  integration: integrationRoutes,
  line: lineRoutes,
  market: marketRoutes,
  numberCheck: numberCheckRoutes,
  org: orgRoutes,
  orgDept: orgDeptRoutes,
  orgRole: orgRoleRoutes,
  orgStaff: orgStaffRoutes,
  packet: packetRoutes,
  platform: platformRoutes,
  platformContent: platformContentRoutes,
  platformJobs: platformJobsRoutes,
  resource: resourceRoutes,
  seat: seatRoutes,
  system: systemRoutes,
  taskCard: taskCardRoutes,
  trade: tradeRoutes,
  wallboard: wallboardRoutes,
} as const;

export const allRoutes = (): TRouteTable[keyof TRouteTable][] =>
  Object.values(routeTables).flatMap((t) => Object.values(t as TRouteTable));

/** Route `K` of area `A`'s input as the server's services take it, parsed by its schema: `TRouteInput<'seat', 'callingSave'>`. */
export type TRouteInput<A extends keyof typeof routeTables, K extends keyof (typeof routeTables)[A]> = TParsedRequestOf<
  (typeof routeTables)[A][K]
>;
