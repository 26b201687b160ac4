import type { TOrder, TOrderKind, TOrderState, TPayChannel } from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import { grantAppPeriod } from '../app-centre/index.js';
import { grantClueQuota } from '../clue/index.js';
import { emitWebhookEvent } from '../integration/index.js';
import { grantPackets, restrictOrderPackets } from '../packet/index.js';
import { grantSeats, renewSeat } from '../seat/index.js';
import { newDocumentNo } from './document-no.js';
import type { TOrderRow } from './trade.repository.js';
import { bookAgentMargin } from './trade-agent.js';

// What every kind of order shares: its number, its shape for the client, and what a paid
// one delivers (packages, new seats, renewed seats), used by the QR settlement and the balance alike.

export const ms = (d: Date | null) => d?.getTime() ?? null;

export const toOrder = (o: TOrderRow): TOrder => ({
  id: o.id,
  orderNo: o.orderNo,
  tenantId: o.tenantId,
  enterpriseName: o.enterpriseName,
  kind: o.kind as TOrderKind,
  state: o.state as TOrderState,
  subject: o.subject,
  items: o.items,
  amount: o.amount,
  refundedAmount: o.refundedAmount,
  expireAt: o.expireAt.getTime(),
  paidAt: ms(o.paidAt),
  closedAt: ms(o.closedAt),
  channel: o.channel as TPayChannel | null,
  channelTradeNo: o.channelTradeNo,
  createdByName: o.createdByName,
  createdAt: o.createdAt.getTime(),
});

export const newOrderNo = (now: Date) => newDocumentNo('YH', now);

/** 订单支付 to the enterprise's webhooks, in the payment's own transaction (the outbox). */
export const emitOrderPaid = (tx: TDb, order: TOrderRow, paidAt: Date, channel: string) =>
  emitWebhookEvent(tx, order.tenantId, 'order.paid', {
    orderId: order.id,
    orderNo: order.orderNo,
    kind: order.kind,
    subject: order.subject,
    amount: order.amount,
    channel,
    paidAt: paidAt.getTime(),
  });

/**
 * Grants what a paid order bought, in its transaction, once whatever retries do: packages and new
 * seats are unique per order item and unit, a renewal's term per order and seat, a 线索包's units per order.
 */
export const deliver = async (tx: TDb, order: TOrderRow, at: Date) => {
  for (const [i, item] of order.items.entries()) {
    if (order.kind === 'appSubscription') {
      await grantAppPeriod(tx, {
        tenantId: order.tenantId,
        appCode: item.appCode!,
        days: item.validityDays * item.quantity,
        by: order.createdByName,
      });
    } else if (order.kind === 'cluePackage') {
      await grantClueQuota(tx, {
        tenantId: order.tenantId,
        orderNo: order.orderNo,
        units: (item.units ?? 0) * item.quantity,
        by: order.createdByName,
      });
    } else if (order.kind === 'seatPurchase') {
      const months = item.months ?? 1;
      await grantSeats(
        tx,
        {
          tenantId: order.tenantId,
          lineId: item.lineId,
          months,
          pricePerMonth: Math.round(item.unitPrice / months),
          orderId: order.id,
          orderNo: order.orderNo,
          orderItem: i,
          at,
        },
        item.quantity,
      );
    } else if (order.kind === 'seatRenewal') {
      const months = item.months ?? 1;
      await renewSeat(tx, {
        tenantId: order.tenantId,
        seatId: item.seatId!,
        months,
        pricePerMonth: Math.round(item.unitPrice / months),
        orderId: order.id,
        orderNo: order.orderNo,
        at,
      });
    } else {
      await grantPackets(
        tx,
        {
          tenantId: order.tenantId,
          productId: item.productId,
          lineId: item.lineId,
          name: item.name,
          minutes: item.minutes,
          price: item.unitPrice,
          validityDays: item.validityDays,
          orderId: order.id,
          orderItem: i,
          at,
        },
        item.quantity,
      );
      if (item.userIds?.length) await restrictOrderPackets(tx, order.tenantId, order.id, i, item.userIds);
    }
  }
  // Sold through an agent: its margin, in the same transaction as the payment.
  await bookAgentMargin(tx, order);
};
