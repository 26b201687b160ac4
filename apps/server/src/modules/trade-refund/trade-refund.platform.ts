import { type TRechargeRefundQuote, type TRefundApplication, type TRouteInput, yuan } from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import { asPlatform, type TRequestContext } from '../../http/context.js';
import { ledgerRepository } from '../trade/index.js';
import { tradeRefundErrors } from './trade-refund.errors.js';
import { tradeRefundRepository as repo, type TRefundRow } from './trade-refund.repository.js';

type TApprove = (
  db: TDb,
  ctx: TRequestContext,
  app: TRefundRow,
  refundTo: 'original',
  now: Date,
) => Promise<TRefundApplication>;

/** A platform refund's application number: its business key, from the request's own number. */
const applyNoOf = (requestNo: string) => `TP${requestNo}`;

/**
 * 充值退款 started by the platform (docs/decisions/0017-commerce.md): the operator picks a paid
 * top-up, an amount up to what of it is unused — the order's money not yet refunded, as far as the
 * balance still holds it — and a reason; the refund is an application approved at once, back the
 * way the top-up was paid (the approval's path: the order's refund, the ledger's `refund −` keyed by
 * the application number, the channel asked), all in the request's transaction.
 *
 * Once per request: the top-up is locked first, so requests for it run one after the other, and the
 * request's number is the application's; a request that finds its number used answers that refund
 * (the same order and amount) instead of making another.
 */
export const createPlatformRechargeRefund = (deps: {
  approve: TApprove;
  withOriginals: (db: TDb, rows: TRefundRow[]) => Promise<TRefundApplication[]>;
}) => {
  /** The top-up (locked for a refund) and what may leave of it now. */
  const quoteOf = async (db: TDb, tenantId: number, orderNo: string, lock: boolean) => {
    const order = await repo.lockRechargeOrder(db, tenantId, orderNo, lock);
    if (!order) throw tradeRefundErrors.rechargeMissing();
    const isPaid = order.state === 'paid' || order.state === 'partRefunded';
    const left = isPaid ? order.amount - order.refundedAmount : 0;
    const balance = Number((await ledgerRepository.account(db, tenantId))?.balance ?? 0);
    const quote: TRechargeRefundQuote = {
      tenantId,
      orderNo: order.orderNo,
      amount: order.amount,
      refundedAmount: order.refundedAmount,
      balance,
      refundable: Math.max(0, Math.min(left, balance)),
    };
    return { order, quote, isPaid: isPaid && left > 0 };
  };

  return {
    platformRechargeRefundQuote: (ctx: TRequestContext, input: TRouteInput<'trade', 'platformRechargeRefundQuote'>) =>
      asPlatform(ctx, async (db) => (await quoteOf(db, input.tenantId, input.orderNo, false)).quote),

    platformRechargeRefund: (ctx: TRequestContext, input: TRouteInput<'trade', 'platformRechargeRefund'>) =>
      asPlatform(ctx, async (db) => {
        const { order, quote, isPaid } = await quoteOf(db, input.tenantId, input.orderNo, true);
        const applyNo = applyNoOf(input.requestNo);
        const done = await repo.byApplyNo(db, applyNo);
        if (done) {
          const isSame =
            done.tenantId === input.tenantId && done.parts[0]?.orderId === order.id && done.amount === input.amount;
          if (!isSame) throw tradeRefundErrors.rechargeRequestReused();
          const [app] = await deps.withOriginals(db, [done]);
          return app!;
        }
        if (!isPaid) throw tradeRefundErrors.rechargeNotPaid();
        // The enterprise's own application holds the same money until the platform decides it.
        if (await repo.pendingOfOrder(db, input.tenantId, order.id)) throw tradeRefundErrors.rechargeReviewFirst();
        if (quote.refundable <= 0) throw tradeRefundErrors.rechargeSpent();
        if (input.amount > quote.refundable) throw tradeRefundErrors.rechargeAmountOver(yuan(quote.refundable));
        const id = await repo.insert(db, {
          tenantId: input.tenantId,
          applyNo,
          kind: 'recharge',
          subject: `充值订单 ${order.orderNo} 由平台退回未使用的 ${yuan(input.amount)} 元`,
          months: 0,
          amount: input.amount,
          parts: [{ orderId: order.id, orderNo: order.orderNo, termId: null, months: 0, amount: input.amount }],
          reason: input.reason,
          createdBy: ctx.auth.userId,
          createdByName: ctx.auth.realName,
        });
        // The number was taken by a request for another top-up meanwhile (its own lock, not this one).
        if (id === null) throw tradeRefundErrors.rechargeRequestReused();
        return deps.approve(db, ctx, (await repo.byId(db, id, true))!, 'original', new Date());
      }),
  };
};
