import { orderStateLabel, type TOrderState, type TRouteInput } from '@yunhu/contract';
import QRCode from 'qrcode';
import type { TDatabase, TDb } from '../../db/client.js';
import { withTenant } from '../../db/tenant.js';
import type { TRequestContext } from '../../http/context.js';
import { ms } from './order.kit.js';
import type { TPayAdapter } from './pay.adapter.js';
import { notifyAnswer } from './pay-notify-answer.js';
import type { TRefundChannel } from './refund.port.js';
import { tradeErrors } from './trade.errors.js';
import { tradeRepository as repo } from './trade.repository.js';
import { requireOrder, toPayment } from './trade-order.js';
import type { TSettlement } from './trade-settle.js';

type TLogger = { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

const payResult = async (tx: TDb, tenantId: number, orderNo: string) => {
  const o = await requireOrder(tx, tenantId, orderNo);
  return { orderNo, state: o.state as TOrderState, paidAt: ms(o.paidAt) };
};

/** 支付: a QR code per attempt, the result asked of the channel, a close, and the channel's notifications. */
export const createPayments = (deps: {
  database: TDatabase;
  adapter: TPayAdapter;
  logger: TLogger;
  settlement: TSettlement;
  refunds: Pick<TRefundChannel, 'settle'>;
}) => {
  const { database, adapter, logger } = deps;
  const { settle, askChannel, closeOrder } = deps.settlement;
  return {
    /** A QR code for the order: a new payment attempt at the configured channel. */
    generateQrCode: async (
      ctx: TRequestContext,
      { orderNo }: TRouteInput<'trade', 'generateQrCode'>,
      origin: string,
    ) => {
      const order = await requireOrder(ctx.tx, ctx.auth.tenantId, orderNo, true);
      if (order.state !== 'unpaid') throw tradeErrors.orderNotPayable(orderStateLabel[order.state as TOrderState]);
      if (order.expireAt.getTime() <= Date.now()) throw tradeErrors.orderExpired();
      const outTradeNo = `${order.orderNo}P${(await repo.paymentCount(ctx.tx, order.id)) + 1}`;
      let codeUrl: string;
      try {
        ({ codeUrl } = await adapter.precreate(
          { outTradeNo, amount: order.amount, subject: order.subject, expireAt: order.expireAt, origin },
          ctx.tx,
        ));
      } catch (error) {
        logger.error({ err: error, outTradeNo }, 'pay: precreate failed');
        throw tradeErrors.channelFailed(error instanceof Error ? error.message : '未知错误');
      }
      await repo.insertPayment(ctx.tx, {
        tenantId: order.tenantId,
        orderId: order.id,
        outTradeNo,
        channel: adapter.channel,
        amount: order.amount,
        codeUrl,
      });
      return {
        orderNo,
        outTradeNo,
        channel: adapter.channel,
        amount: order.amount,
        codeUrl,
        qrDataUrl: await QRCode.toDataURL(codeUrl, { margin: 1, width: 220 }),
        expireAt: order.expireAt.getTime(),
      };
    },

    findPayResult: async (ctx: TRequestContext, { orderNo }: TRouteInput<'trade', 'findPayResult'>) => {
      const order = await requireOrder(ctx.tx, ctx.auth.tenantId, orderNo, true);
      // An expired order closes when it is asked about, not only when the job passes by.
      if (order.state === 'unpaid' && order.expireAt.getTime() <= Date.now())
        await closeOrder(ctx.tx, order, new Date());
      else if (order.state === 'unpaid') await askChannel(ctx.tx, order);
      return payResult(ctx.tx, ctx.auth.tenantId, orderNo);
    },

    payTradeClose: async (ctx: TRequestContext, { orderNo }: TRouteInput<'trade', 'payTradeClose'>) => {
      const order = await requireOrder(ctx.tx, ctx.auth.tenantId, orderNo, true);
      if (order.state === 'unpaid') await closeOrder(ctx.tx, order, new Date());
      else if (order.state !== 'closed') {
        throw tradeErrors.orderNotClosable(orderStateLabel[order.state as TOrderState]);
      }
      return payResult(ctx.tx, ctx.auth.tenantId, orderNo);
    },

    payFind: async (ctx: TRequestContext, { orderNo }: TRouteInput<'trade', 'payFind'>) => {
      const o = await requireOrder(ctx.tx, ctx.auth.tenantId, orderNo);
      return (await repo.paymentsOf(ctx.tx, o.id)).map(toPayment);
    },

    /**
     * A channel's notification (POST /pay/notify/:channel): verified over the raw body, kept in
     * pay_notifications whatever it says, settled in the tenant's transaction. Answers whether the
     * channel may stop re-sending.
     */
    notify: async (channel: string, headers: Record<string, string | string[] | undefined>, raw: string) => {
      // Kept as sent, less NUL characters, which PostgreSQL's text cannot hold (a forged body may carry them).
      const text = (s: string) => s.replaceAll('\u0000', '');
      const keep = (outTradeNo: string | null, isVerified: boolean, outcome: string) =>
        repo.logNotification(database.db, {
          channel: text(channel),
          outTradeNo: outTradeNo === null ? null : text(outTradeNo),
          isVerified,
          outcome: text(outcome),
          raw: text(raw.slice(0, 20_000)),
        });
      if (channel !== adapter.channel) {
        await keep(null, false, 'unknown channel');
        logger.warn({ channel }, 'pay: notification for a channel not configured, ignored');
        return notifyAnswer(channel, { status: 400, message: '未启用该支付渠道' });
      }
      const v = adapter.verify(headers, raw);
      if (!v.isValid) {
        await keep(v.outTradeNo, false, v.reason);
        if (v.isIgnored) return adapter.answer(true);
        logger.warn({ channel, outTradeNo: v.outTradeNo, reason: v.reason }, 'pay: notification refused');
        return adapter.answer(false);
      }
      if ('refund' in v) {
        // A refund's result (WeChat REFUND.*): the share ends once; an unknown one is re-sent later.
        const outcome = await deps.refunds.settle(v.refund);
        await keep(v.refund.outTradeNo, true, `refund ${v.refund.refundNo}: ${outcome}`);
        return adapter.answer(outcome !== 'amount mismatch' && outcome !== 'unknown refund');
      }
      const tenantId = await repo.tenantOfTrade(database.db, v.event.outTradeNo);
      if (tenantId === null) {
        await keep(v.event.outTradeNo, true, 'unknown trade');
        logger.warn({ outTradeNo: v.event.outTradeNo }, 'pay: notification of an unknown trade');
        return adapter.answer(false);
      }
      const outcome = await withTenant(database, tenantId, (tx) => settle(tx, v.event.outTradeNo, v.event, raw));
      await keep(v.event.outTradeNo, true, outcome);
      return adapter.answer(outcome !== 'amount mismatch');
    },
  };
};
