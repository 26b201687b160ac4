import type { TSeatDeleteHold } from '../seat/index.js';
import { tradeRefundRepository as repo } from './trade-refund.repository.js';
import { tradeRefundSeatRepository as seatRepo } from './trade-refund-seat.repository.js';

/**
 * What keeps a seat from being deleted, on the money side: an application under review would
 * refund a seat that no longer exists, and an unpaid renewal would take money for one.
 */
export const seatDeleteHold: TSeatDeleteHold = async (tx, tenantId, seatId) => {
  if (await repo.pendingOfSeat(tx, tenantId, seatId)) return 'cancelPending';
  if (await seatRepo.unpaidRenewalOfSeat(tx, tenantId, seatId)) return 'renewalUnpaid';
  return null;
};
