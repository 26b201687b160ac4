/**
 * The web's route tables under `routeTables` (web.ts re-exports it), so a web test that names a route
 * through it holds the very object the screen passes to the client (the contract's own `routeTables`
 * carries the schemas). A file of its own: only what asks for `routeTables` takes every table.
 */
import type { routeTables as fullRouteTables } from './index.js';
import { agentRoutes } from './web-paths/agent.js';
import { authRoutes } from './web-paths/auth.js';
import { billingRoutes } from './web-paths/billing.js';
import { blacklistRoutes } from './web-paths/blacklist.js';
import { callRoutes } from './web-paths/call.js';
import { callCensusRoutes } from './web-paths/callCensus.js';
import { callerReportRoutes } from './web-paths/callerReport.js';
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

export const routeTables = {
  agent: agentRoutes,
  auth: authRoutes,
  billing: billingRoutes,
  blacklist: blacklistRoutes,
  call: callRoutes,
  callCensus: callCensusRoutes,
  callIntercept: callInterceptRoutes,
  callRecord: callRecordRoutes,
  callerReport: callerReportRoutes,
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
