// The CRM area's one door (issue 12): other areas, app.ts and main.ts import only this file.
export { recordCallOutcome } from './call-outcome.js';
export {
  canSeePool,
  type TCrmDeps,
  type TCustomerAccess,
  type TCustomerGrant,
  type TNotify,
  targetStaff,
  viewContext,
} from './crm.context.js';
export { crmErrors } from './crm.errors.js';
export { crmHandlers } from './crm.routes.js';
export { isMobileMasked, mobileFor, readCrmSettings, type TCrmSettings } from './crm.rules.js';
export { createCrmService, type TCrmService } from './crm.service.js';
export type { TCustomerService } from './customer.service.js';
export { createExportService, type TExportService } from './export.service.js';
export { crmImportHandlers } from './import.routes.js';
export { createCrmImportService, type TCrmImportService } from './import.service.js';
export { createRankService, type TRankService } from './rank.service.js';
export { crmSettingsHandlers } from './settings.routes.js';
export { createCrmSettingsService, type TCrmSettingsService } from './settings.service.js';
export { createVisitService, type TVisitService } from './visit.service.js';
