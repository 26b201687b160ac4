// The CRM area's one door: other areas, app.ts and main.ts import only this file. The other CRM
// areas (settings, visits, import, census) read customers through what it lends them here.
export { endCallClaim, takeCallClaim } from './call-claim.js';
export { recordCallOutcome } from './call-outcome.js';
export {
  canSeePool,
  isVisible,
  type TCrmDeps,
  type TCustomerAccess,
  type TCustomerGrant,
  type TNotify,
  targetStaff,
  viewContext,
} from './crm.context.js';
export { crmErrors } from './crm.errors.js';
export { crmRepository } from './crm.repository.js';
export { crmHandlers } from './crm.routes.js';
export { isMobileMasked, mobileFor, readCrmSettings, type TCrmSettings } from './crm.rules.js';
export { createCrmService, type TCrmService } from './crm.service.js';
export { customerRepository } from './customer.repository.js';
export type { TCustomerService } from './customer.service.js';
export { nameOf, poolCondition, type TPaging, visibleCondition } from './customer-filter.repository.js';
