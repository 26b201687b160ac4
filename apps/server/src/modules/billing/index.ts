// The billing area's one door: the call area rates and charges each record through
// `rateRecord` and `prepareCharge` (carried by its record insert), the call analysis charges a
// finished run through `chargeAnalysis`, and the dial flow asks `ensureDialFunds`; app.ts binds the rest.
export { chargeAnalysis, type TAnalysedRun } from './analysis-charge.js';
export { billingErrors } from './billing.errors.js';
export { billingHandlers } from './billing.routes.js';
export { analysisRates, billingDaily, billingSettings, callCharges, lineRates } from './billing.schema.js';
export {
  createBillingService,
  ensureDialFunds,
  prepareCharge,
  rateRecord,
  type TBillingService,
  type TPreparedCharge,
  type TRecordRating,
} from './billing.service.js';
