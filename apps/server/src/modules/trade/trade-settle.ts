import { orderStateLabel, payChannelLabel, type TOrderState, type TPayChannel, yuan } from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import { book } from './ledger.repository.js';
import { deliver, emitOrderPaid } from './order.kit.js';
import type { TPaidEvent, TPayAdapter } from './pay.adapter.js';
import { tradeRepository as repo, type TOrderRow, type TPaymentRow } from './trade.repository.js';

type TLogger = { warn: (obj: object, msg: string) => void };

/**
 * How a payment ends: settled when the channel says it is paid (its notification, its answer to a
 * query, or to a close), the order delivered once; closed when it expires. The state of an order
 * comes from the server, never from the browser.
 */
export const createSettlement = ({ adapter, logger }: { adapter: TPayAdapter; logger: TLogger }) => {
  /**
   * A channel says this trade is paid (a notification, or its answer to a query): in the tenant's
   * transaction, the order then the payment locked (always in this order), once per trade.
   * Answers what happened: paid, duplicate, refunded (the order was paid or closed already) or
   * amount mismatch (nothing changes).
   */
  const settle = async (tx: TDb, outTradeNo: string, event: TPaidEvent, raw: string) => {
    const first = await repo.paymentByNo(tx, outTradeNo);
    if (!first) return 'unknown trade' as const;
    const order = (await repo.orderById(tx, first.orderId, { lock: 'update' }))!;
    const payment = (await repo.lockPayment(tx, outTradeNo))!;
    if (event.amount !== payment.amount) {
      await repo.updatePayment(tx, payment.id, {
        note: `渠道通知金额 ${yuan(event.amount)} 元与应付 ${yuan(payment.amount)} 元不符，已拒绝`,
      });
      logger.warn({ outTradeNo, amount: event.amount, expected: payment.amount }, 'pay: amount differs, refused');
      return 'amount mismatch' as const;
    }
    if (payment.state === 'paid' || payment.state === 'refunded') return 'duplicate' as const;
    const paidAt = new Date(event.paidAt);
    const channelLabel = payChannelLabel[payment.channel as TPayChannel] ?? payment.channel;
    await repo.updatePayment(tx, payment.id, {
      state: 'paid',
      channelTradeNo: event.channelTradeNo,
      rawNotification: raw,
      paidAt,
    });
    await book(tx, {
      tenantId: order.tenantId,
      kind: 'recharge',
      amount: payment.amount,
      bizType: 'payment',
      bizKey: payment.outTradeNo,
      remark: `${channelLabel}支付订单 ${order.orderNo}`,
    });
    if (order.state === 'unpaid') {
      await repo.updateOrder(tx, order.id, {
        state: 'paid',
        paidAt,
        channel: payment.channel,
        channelTradeNo: event.channelTradeNo,
      });
      await emitOrderPaid(tx, order, paidAt, payment.channel);
      // A top-up is delivered by the `recharge` row above: its money stays in the balance.
      if (order.kind !== 'recharge') {
        // The money arrived with it: the purchase may not fail on a balance a call left negative.
        await book(tx, {
          tenantId: order.tenantId,
          kind: 'purchase',
          amount: -order.amount,
          bizType: 'order',
          bizKey: order.orderNo,
          remark: order.subject,
          isCovered: true,
        });
        await deliver(tx, order, paidAt);
      }
      // The order's other QR codes die with it.
      for (const other of await repo.paymentsOf(tx, order.id)) {
        if (other.id !== payment.id && other.state === 'waiting') {
          const left = await adapter.close(other.outTradeNo, tx);
          if (left.state !== 'paid') await repo.updatePayment(tx, other.id, { state: 'closed' });
        }
      }
      return 'paid' as const;
    }
    // Paid twice (another QR code, or after the order closed): the money goes back where it came from.
    // A refusal rolls the settlement back: the notification is answered FAIL and comes again.
    const back = await adapter.refund({ outTradeNo, amount: payment.amount, reason: '重复支付退款' }, tx);
    if (back.state === 'failed') throw new Error(`重复支付退款被渠道拒绝：${back.reason}`);
    await book(tx, {
      tenantId: order.tenantId,
      kind: 'refund',
      amount: -payment.amount,
      bizType: 'payment',
      bizKey: payment.outTradeNo,
      remark: `订单 ${order.orderNo} ${orderStateLabel[order.state as TOrderState]}，重复支付原路退回`,
      isCovered: true,
    });
    await repo.updatePayment(tx, payment.id, {
      state: 'refunded',
      note: `订单${orderStateLabel[order.state as TOrderState]}，本次支付已原路退回`,
    });
    logger.warn({ outTradeNo, orderNo: order.orderNo, state: order.state }, 'pay: order paid twice, refunded');
    return 'refunded' as const;
  };

  /**
   * Asks the channel (`query`, or `close` first) about each waiting payment of the order and settles
   * the ones it reports paid; answers the payments it did not report paid. A query that finds the
   * payer refused or the channel closed every attempt closes the order too: nothing can pay it any
   * more, and the open QR dialog learns it from the order's state as it learns of a payment.
   */
  const askChannel = async (tx: TDb, order: TOrderRow, ask: 'query' | 'close' = 'query') => {
    const unpaid: TPaymentRow[] = [];
    let isEnded = false;
    for (const p of await repo.paymentsOf(tx, order.id)) {
      if (p.state !== 'waiting') continue;
      const t = await adapter[ask](p.outTradeNo, tx);
      if (t.state === 'paid' && t.amount !== null && t.channelTradeNo) {
        const event = {
          outTradeNo: p.outTradeNo,
          amount: t.amount,
          channelTradeNo: t.channelTradeNo,
          paidAt: t.paidAt ?? Date.now(),
        };
        await settle(tx, p.outTradeNo, event, JSON.stringify({ source: ask, ...t }));
      } else if (ask === 'query' && t.state === 'closed') {
        await repo.updatePayment(tx, p.id, { state: 'closed', note: '付款方已拒绝或渠道已关闭本次支付' });
        isEnded = true;
      } else unpaid.push(p);
    }
    if (isEnded && unpaid.length === 0) {
      const current = (await repo.orderById(tx, order.id))!;
      if (current.state === 'unpaid') await repo.updateOrder(tx, order.id, { state: 'closed', closedAt: new Date() });
    }
    return unpaid;
  };

  /** Closes an unpaid order and its QR codes; a trade the channel says is paid is settled instead. */
  const closeOrder = async (tx: TDb, order: TOrderRow, now: Date) => {
    for (const p of await askChannel(tx, order, 'close')) {
      await repo.updatePayment(tx, p.id, { state: 'closed' });
    }
    const current = (await repo.orderById(tx, order.id))!;
    if (current.state === 'unpaid') await repo.updateOrder(tx, order.id, { state: 'closed', closedAt: now });
  };

  return { settle, askChannel, closeOrder };
};

export type TSettlement = ReturnType<typeof createSettlement>;
