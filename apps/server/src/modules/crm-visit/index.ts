// The return visits' one door (回访).
export { crmVisitHandlers } from './crm-visit.routes.js';
export { createVisitService, type TVisitService } from './crm-visit.service.js';
