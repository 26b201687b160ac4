import type { tradeRefundRoutes, tradeRoutes } from '@yunhu/contract';
import type { THandlers } from '../../http/bind.js';
import { streamXlsx } from '../../http/download.js';
import { refundColumns, type TTradeRefundService } from './trade-refund.service.js';

/** 退订 and its review: the refund routes of the trade table, thin handlers over the refund service. */
export const tradeRefundHandlers = (
  refunds: TTradeRefundService,
): Pick<THandlers<typeof tradeRoutes>, keyof typeof tradeRefundRoutes> => ({
  seatCancelQuote: (ctx) => refunds.seatCancelQuote(ctx, ctx.input),
  seatCancelOrder: (ctx) => refunds.seatCancelOrder(ctx, ctx.input),
  showSeatCancelTab: (ctx) => refunds.showSeatCancelTab(ctx),
  packetUnsubscribe: (ctx) => refunds.packetUnsubscribe(ctx, ctx.input),
  rechargeRefundApply: (ctx) => refunds.rechargeRefundApply(ctx, ctx.input),
  platformRechargeRefundQuote: (ctx) => refunds.platformRechargeRefundQuote(ctx, ctx.input),
  platformRechargeRefund: (ctx) => refunds.platformRechargeRefund(ctx, ctx.input),
  refundPage: (ctx) => refunds.refundPage(ctx, ctx.input),
  refundExport: async (ctx) => {
    const { rows, fileName } = refunds.refundExport(ctx, ctx.input);
    return streamXlsx(rows, refundColumns, fileName, '退订账单');
  },
  platformRefundPage: (ctx) => refunds.platformRefundPage(ctx, ctx.input),
  examine: (ctx) => refunds.examine(ctx, ctx.input),
});
