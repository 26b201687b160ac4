// The seat area's one door (issue 12): other areas, app.ts and main.ts import only this file.
// The dial flow asks `findUsableSeat` and `callingRulesFor` inside its own transaction (`tx`).
export {
  callingRulesFor,
  createCallingService,
  defaultCallingRules,
  type TCallingRules,
  type TCallingService,
} from './calling.service.js';
export { seatErrors } from './seat.errors.js';
export { seatHandlers } from './seat.routes.js';
export { callingSettings, seats } from './seat.schema.js';
export { createSeatService, findUsableSeat, type TSeatService, type TUsableSeat } from './seat.service.js';
