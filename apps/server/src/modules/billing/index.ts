// The billing area's one door (issue 16): the call area rates and charges each record through
// `rateRecord` and `chargeRecord`, and the dial flow asks `ensureDialFunds`; app.ts binds the rest.
export { billingErrors } from './billing.errors.js';
export { billingHandlers } from './billing.routes.js';
export { billingDaily, billingSettings, callCharges, lineRates } from './billing.schema.js';
export {
  chargeRecord,
  createBillingService,
  ensureDialFunds,
  lowBalanceJobSeconds,
  rateRecord,
  type TBillingService,
  type TRecordRating,
} from './billing.service.js';
