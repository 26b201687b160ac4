// The CRM statistics' one door: the owner log, the customer census and the staff ranking.
export { crmCensusHandlers, crmRankHandlers } from './crm-census.routes.js';
export { createCensusService, type TCensusService } from './crm-census.service.js';
export { createRankService, type TRankService } from './crm-rank.service.js';
