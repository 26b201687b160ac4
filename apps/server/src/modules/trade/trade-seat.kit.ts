import type { TSeatRenewalResult } from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import { book, ledgerRepository } from './ledger.repository.js';
import { deliver, emitOrderPaid, newOrderNo, toOrder } from './order.kit.js';
import { tradeErrors } from './trade.errors.js';
import { tradeRepository as repo, type TOrderRow } from './trade.repository.js';
import type { TOrderItem } from './trade.schema.js';
import { priceThroughAgent } from './trade-agent.js';
import { tradeSeatRepository as prices } from './trade-seat.repository.js';

/** The notice area's writer (system.notifyUsers), in the caller's transaction. */
export type TNotify = (
  db: TDb,
  rows: { tenantId: number; userId: number; title: string; content: string; link?: string }[],
) => Promise<unknown>;

export type TPrices = Awaited<ReturnType<typeof prices.linePrices>>;

/** The seat prices of the lines, refused when one of them is not sold. */
export const priceOf = async (db: TDb, lineIds: readonly number[]) => {
  const found = await prices.linePrices(db, lineIds);
  if (lineIds.some((id) => !found.has(id))) throw tradeErrors.seatLineUnavailable();
  return found;
};

/** A new order's number and its payment deadline (the pay settings' order minutes). */
export const orderFields = (now: Date, orderMinutes: number) => ({
  orderNo: newOrderNo(now),
  expireAt: new Date(now.getTime() + orderMinutes * 60_000),
});

/** A renewal order's items: one per seat, priced from the line's seat price × months. */
export const renewalItems = (byLine: TPrices, seats: { id: number; lineId: number }[], months: number) =>
  seats.map((s): TOrderItem => {
    const p = byLine.get(s.lineId)!;
    return {
      productId: 0,
      name: `坐席 ${s.id}（${p.lineName}）续费 ${months} 个月`,
      lineId: s.lineId,
      minutes: 0,
      validityDays: 0,
      unitPrice: p.seatPricePerMonth * months,
      quantity: 1,
      months,
      seatId: s.id,
    };
  });

/** A renewal's items at the price the enterprise pays: its agent's month price × months. */
export const pricedRenewal = (
  tx: TDb,
  tenantId: number,
  byLine: TPrices,
  seats: { id: number; lineId: number }[],
  months: number,
) =>
  priceThroughAgent(
    tx,
    tenantId,
    'seat',
    renewalItems(byLine, seats, months),
    (it) => it.lineId,
    (perMonth) => perMonth * months,
  );

export const sum = (items: TOrderItem[]) => items.reduce((n, it) => n + it.unitPrice * it.quantity, 0);

/** Pays an unpaid order from the balance in the caller's transaction: booked once on its number, then delivered. */
export const payFromBalance = async (
  tx: TDb,
  order: TOrderRow,
  now: Date,
  by: { userId: number; name: string } | null,
) => {
  const booked = await book(tx, {
    tenantId: order.tenantId,
    kind: 'purchase',
    amount: -order.amount,
    bizType: 'order',
    bizKey: order.orderNo,
    remark: `余额支付：${order.subject}`,
    by,
  });
  if (!booked.isBooked) return booked;
  await repo.updateOrder(tx, order.id, { state: 'paid', paidAt: now, channel: 'balance' });
  await emitOrderPaid(tx, order, now, 'balance');
  await deliver(tx, order, now);
  return booked;
};

export const renewalResult = async (tx: TDb, tenantId: number, orderId: number): Promise<TSeatRenewalResult> => {
  const order = (await repo.orderById(tx, orderId))!;
  const balance = (await ledgerRepository.account(tx, tenantId))?.balance ?? 0;
  return { order: toOrder(order), isPaid: order.state === 'paid', balance };
};
