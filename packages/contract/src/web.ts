/**
 * The web's entry to the contract (apps/web/vite.config.ts aliases `@yunhu/contract` here): the
 * same exports, but the route tables are `web-paths/`'s method and path only, so the web's
 * bundles carry no zod schema they never parse, keeping the first load small. Explicit exports win over
 * the star's same names.
 */
export * from './index.js';
export { agentRoutes } from './web-paths/agent.js';
export { appCentreRoutes } from './web-paths/appCentre.js';
export { appOrderRoutes } from './web-paths/appOrder.js';
export { authRoutes } from './web-paths/auth.js';
export { billingRoutes } from './web-paths/billing.js';
export { blacklistRoutes } from './web-paths/blacklist.js';
export { callRoutes } from './web-paths/call.js';
export { callAnalysisRoutes } from './web-paths/callAnalysis.js';
export { callCensusRoutes } from './web-paths/callCensus.js';
export { callerReportRoutes } from './web-paths/callerReport.js';
export { callerReportAgentRoutes } from './web-paths/callerReportAgent.js';
export { callInterceptRoutes } from './web-paths/callIntercept.js';
export { callRecordRoutes } from './web-paths/callRecord.js';
export { certificationRoutes } from './web-paths/certification.js';
export { clueRoutes } from './web-paths/clue.js';
export { clueBatchRoutes } from './web-paths/clueBatch.js';
export { clueOrderRoutes } from './web-paths/clueOrder.js';
export { cluePackageRoutes } from './web-paths/cluePackage.js';
export { crmRoutes } from './web-paths/crm.js';
export { crmImportRoutes } from './web-paths/crmImport.js';
export { crmSettingsRoutes } from './web-paths/crmSettings.js';
export { ecSyncRoutes } from './web-paths/ecSync.js';
export { feedbackRoutes } from './web-paths/feedback.js';
export { integrationRoutes } from './web-paths/integration.js';
export { lineRoutes } from './web-paths/line.js';
export { marketRoutes } from './web-paths/market.js';
export { numberCheckRoutes } from './web-paths/numberCheck.js';
export { orgRoutes } from './web-paths/org.js';
export { orgDeptRoutes } from './web-paths/orgDept.js';
export { orgRoleRoutes } from './web-paths/orgRole.js';
export { orgStaffRoutes } from './web-paths/orgStaff.js';
export { packetRoutes } from './web-paths/packet.js';
export { platformRoutes } from './web-paths/platform.js';
export { platformContentRoutes } from './web-paths/platformContent.js';
export { platformJobsRoutes } from './web-paths/platformJobs.js';
export { resourceRoutes } from './web-paths/resource.js';
export { routeTables } from './web-paths/routeTables.js';
export { seatRoutes } from './web-paths/seat.js';
export { systemRoutes } from './web-paths/system.js';
export { taskCardRoutes } from './web-paths/taskCard.js';
export { tradeRoutes } from './web-paths/trade.js';
export { wallboardRoutes } from './web-paths/wallboard.js';
