/**
 * The web's entry to the contract (apps/web/vite.config.ts aliases `@yunhu/contract` here): the
 * same exports, but the route tables are `web-paths/`'s method and path only, so the web's
 * bundles carry no zod schema they never parse (issue 13 first load). Explicit exports win over
 * the star's same names.
 */
export * from './index.js';
export { authRoutes } from './web-paths/auth.js';
export { blacklistRoutes } from './web-paths/blacklist.js';
export { callRoutes } from './web-paths/call.js';
export { callCensusRoutes } from './web-paths/callCensus.js';
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
export { platformRoutes } from './web-paths/platform.js';
export { platformContentRoutes } from './web-paths/platformContent.js';
export { seatRoutes } from './web-paths/seat.js';
export { systemRoutes } from './web-paths/system.js';
export { taskCardRoutes } from './web-paths/taskCard.js';
