// The billing area's one door: the call area rates and charges each record through
// `rateRecord` and `prepareCharge` (carried by its record insert), and the dial flow asks `ensureDialFunds`; app.ts binds the rest.
export { billingErrors } from './billing.errors.js';
export { billingHandlers } from './billing.routes.js';
export { billingDaily, billingSettings, callCharges, lineRates } from './billing.schema.js';
export {
  createBillingService,
  ensureDialFunds,
  prepareCharge,
  rateRecord,
  type TBillingService,
  type TPreparedCharge,
  type TRecordRating,
} from './billing.service.js';
