// The refunds' one door: 退订 of seats and packages, their review, and the money sent back through
// the channel it came from (原路退回). It builds on the trade area's orders and ledger.
export { tradeRefundHandlers } from './trade-refund.routes.js';
export { seatDeleteHold } from './trade-refund.seat-hold.js';
export { createTradeRefundService, refundBasics, type TTradeRefundService } from './trade-refund.service.js';
