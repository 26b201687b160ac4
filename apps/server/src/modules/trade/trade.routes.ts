import type { tradeRoutes } from '@yunhu/contract';
import type { THandlers } from '../../http/bind.js';
import { streamXlsx } from '../../http/download.js';
import { orderColumns, type TTradeService } from './trade.service.js';
import { refundColumns } from './trade-refund.service.js';

export const tradeHandlers = (trade: TTradeService): THandlers<typeof tradeRoutes> => ({
  account: (ctx) => trade.account(ctx),
  ledger: (ctx) => trade.ledger(ctx, ctx.input),
  buy: (ctx) => trade.buy(ctx, ctx.input),
  orderPage: (ctx) => trade.orderPage(ctx, ctx.input),
  orderDetails: (ctx) => trade.orderDetails(ctx, ctx.input),
  orderExport: async (ctx) => {
    const { rows, fileName } = trade.orderExport(ctx, ctx.input);
    return streamXlsx(rows, orderColumns, fileName, '订单');
  },
  generateQrCode: (ctx) =>
    trade.generateQrCode(ctx, ctx.input, `${ctx.req.protocol}://${ctx.req.headers.host ?? ctx.req.hostname}`),
  findPayResult: (ctx) => trade.findPayResult(ctx, ctx.input),
  payTradeClose: (ctx) => trade.payTradeClose(ctx, ctx.input),
  payFind: (ctx) => trade.payFind(ctx, ctx.input),
  platformOrderPage: (ctx) => trade.platformOrderPage(ctx, ctx.input),
  platformAccountPage: (ctx) => trade.platformAccountPage(ctx, ctx.input),
  platformAdjust: (ctx) => trade.platformAdjust(ctx, ctx.input),
  buySeat: (ctx) => trade.buySeat(ctx, ctx.input),
  seatRenewal: (ctx) => trade.seatRenewal(ctx, ctx.input),
  platformSeatPrices: (ctx) => trade.platformSeatPrices(ctx),
  platformSeatPriceSave: (ctx) => trade.platformSeatPriceSave(ctx, ctx.input),
  seatCancelQuote: (ctx) => trade.seatCancelQuote(ctx, ctx.input),
  seatCancelOrder: (ctx) => trade.seatCancelOrder(ctx, ctx.input),
  packetUnsubscribe: (ctx) => trade.packetUnsubscribe(ctx, ctx.input),
  refundPage: (ctx) => trade.refundPage(ctx, ctx.input),
  refundExport: async (ctx) => {
    const { rows, fileName } = trade.refundExport(ctx, ctx.input);
    return streamXlsx(rows, refundColumns, fileName, '退订账单');
  },
  platformRefundPage: (ctx) => trade.platformRefundPage(ctx, ctx.input),
  examine: (ctx) => trade.examine(ctx, ctx.input),
});
