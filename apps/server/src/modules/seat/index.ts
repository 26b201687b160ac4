// The seat area's one door: other areas, app.ts and main.ts import only this file.
// The dial flow asks `findUsableSeat` and `callingRulesFor` inside its own transaction (`tx`); the
// trade area creates and renews seats for paid orders (`grantSeats`, `renewSeat`).
export {
  callingRulesFor,
  createCallingService,
  defaultCallingRules,
  type TCallingRules,
  type TCallingService,
} from './calling.service.js';
export { seatErrors } from './seat.errors.js';
export { seatHandlers } from './seat.routes.js';
export { callingSettings, seats, seatTerms } from './seat.schema.js';
export {
  addRefundedMonths,
  createSeatService,
  endSeat,
  findUsableSeat,
  grantSeats,
  lockDueSeat,
  lockSeatsForRenewal,
  markRenewalNotified,
  refundableTerms,
  renewSeat,
  seatHasCallsSince,
  seatsDueForRenewal,
  seatsHeldBy,
  setSeatAutoRenewal,
  type TSeatDeleteHold,
  type TSeatGrant,
  type TSeatRenewal,
  type TSeatService,
  type TUsableSeat,
  visibleSeat,
} from './seat.service.js';
