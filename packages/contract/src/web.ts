/**
 * The web's entry to the contract (apps/web/vite.config.ts aliases `@yunhu/contract` here): the
 * same exports, but the route tables are `web-paths/`'s method and path only, so the web's
 * bundles carry no zod schema they never parse, keeping the first load small. Explicit exports win over
 * the star's same names.
 */
import type { routeTables as fullRouteTables } from './index.js';

export * from './index.js';
export { agentRoutes } from './web-paths/agent.js';
export { authRoutes } from './web-paths/auth.js';
export { billingRoutes } from './web-paths/billing.js';
export { blacklistRoutes } from './web-paths/blacklist.js';
export { callRoutes } from './web-paths/call.js';
export { callCensusRoutes } from './web-paths/callCensus.js';
export { callInterceptRoutes } from './web-paths/callIntercept.js';
export { callRecordRoutes } from './web-paths/callRecord.js';
export { certificationRoutes } from './web-paths/certification.js';
export { crmRoutes } from './web-paths/crm.js';
export { crmImportRoutes } from './web-paths/crmImport.js';
export { crmSettingsRoutes } from './web-paths/crmSettings.js';
export { lineRoutes } from './web-paths/line.js';
export { orgRoutes } from './web-paths/org.js';
export { orgDeptRoutes } from './web-paths/orgDept.js';
export { orgRoleRoutes } from './web-paths/orgRole.js';
export { orgStaffRoutes } from './web-paths/orgStaff.js';
export { packetRoutes } from './web-paths/packet.js';
export { platformRoutes } from './web-paths/platform.js';
export { platformContentRoutes } from './web-paths/platformContent.js';
export { platformJobsRoutes } from './web-paths/platformJobs.js';
export { seatRoutes } from './web-paths/seat.js';
export { systemRoutes } from './web-paths/system.js';
export { taskCardRoutes } from './web-paths/taskCard.js';
export { tradeRoutes } from './web-paths/trade.js';
export { wallboardRoutes } from './web-paths/wallboard.js';

import { agentRoutes } from './web-paths/agent.js';
import { authRoutes } from './web-paths/auth.js';
import { billingRoutes } from './web-paths/billing.js';
import { blacklistRoutes } from './web-paths/blacklist.js';
import { callRoutes } from './web-paths/call.js';
import { callCensusRoutes } from './web-paths/callCensus.js';
import { callInterceptRoutes } from './web-paths/callIntercept.js';
import { callRecordRoutes } from './web-paths/callRecord.js';
import { certificationRoutes } from './web-paths/certification.js';
import { crmRoutes } from './web-paths/crm.js';
import { crmImportRoutes } from './web-paths/crmImport.js';
import { crmSettingsRoutes } from './web-paths/crmSettings.js';
import { lineRoutes } from './web-paths/line.js';
import { orgRoutes } from './web-paths/org.js';
import { orgDeptRoutes } from './web-paths/orgDept.js';
import { orgRoleRoutes } from './web-paths/orgRole.js';
import { orgStaffRoutes } from './web-paths/orgStaff.js';
import { packetRoutes } from './web-paths/packet.js';
import { platformRoutes } from './web-paths/platform.js';
import { platformContentRoutes } from './web-paths/platformContent.js';
import { platformJobsRoutes } from './web-paths/platformJobs.js';
import { seatRoutes } from './web-paths/seat.js';
import { systemRoutes } from './web-paths/system.js';
import { taskCardRoutes } from './web-paths/taskCard.js';
import { tradeRoutes } from './web-paths/trade.js';
import { wallboardRoutes } from './web-paths/wallboard.js';

/**
 * The same tables under `routeTables`, so a web test that names a route through it holds the very
 * object the screen passes to the client (the contract's own `routeTables` carries the schemas).
 */
export const routeTables = {
  agent: agentRoutes,
  auth: authRoutes,
  billing: billingRoutes,
  blacklist: blacklistRoutes,
  call: callRoutes,
  callCensus: callCensusRoutes,
  callIntercept: callInterceptRoutes,
  callRecord: callRecordRoutes,
  certification: certificationRoutes,
  crm: crmRoutes,
  crmImport: crmImportRoutes,
  crmSettings: crmSettingsRoutes,
  line: lineRoutes,
  org: orgRoutes,
  orgDept: orgDeptRoutes,
  orgRole: orgRoleRoutes,
  orgStaff: orgStaffRoutes,
  packet: packetRoutes,
  platform: platformRoutes,
  platformContent: platformContentRoutes,
  platformJobs: platformJobsRoutes,
  seat: seatRoutes,
  system: systemRoutes,
  taskCard: taskCardRoutes,
  trade: tradeRoutes,
  wallboard: wallboardRoutes,
} as unknown as typeof fullRouteTables;
