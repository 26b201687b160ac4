// The trade area's one door: accounts and the ledger, orders and their payment, seats bought.
// Billing writes a call's charge row and its consumption booking in one statement: `book`'s
// statement as parts (`bookingSql`) and what its answer says (`bookedOf`); the walls are `book`'s.

export { newDocumentNo } from './document-no.js';
export {
  book,
  bookedOf,
  bookingSql,
  ledgerRepository,
  type TBooked,
  type TBookingRow,
  type TLedgerKind,
  type TMovement,
} from './ledger.repository.js';
export { ms } from './order.kit.js';
export type { TPayAdapter, TRefundEvent, TRefundResult } from './pay.adapter.js';
export { createAlipayChannel } from './pay-alipay.js';
export { createSandboxChannel, sandboxSign, sandboxSignatureHeader, type TSandboxChannel } from './pay-sandbox.js';
export { createWechatChannel } from './pay-wechat.js';
export type { TRefundChannel } from './refund.port.js';
export { tradeErrors } from './trade.errors.js';
export { registerPayNotify, registerSandboxPayPage } from './trade.http.js';
export { appOrderHandlers, clueOrderHandlers, tradeHandlers } from './trade.routes.js';
export {
  accounts,
  ledgerEntries,
  orders,
  payments,
  payNotifications,
  refundApplications,
  seatPrices,
} from './trade.schema.js';
export { createTradeService, type TTradeService } from './trade.service.js';
export {
  addOrderRefund,
  packagePricesFor,
  reverseAgentMargin,
  seatPricesFor,
  type TOrderRefunded,
} from './trade-agent.js';
export type { TNotify } from './trade-seat.service.js';
