import type { appOrderRoutes, clueOrderRoutes, tradeRefundRoutes, tradeRoutes } from '@yunhu/contract';
import type { THandlers } from '../../http/bind.js';
import { streamXlsx } from '../../http/download.js';
import type { TTradeService } from './trade.service.js';
import { orderColumns } from './trade-order.js';

/** The refund routes of the table are the trade-refund area's (`tradeRefundHandlers`). */
type TRefundRoute = keyof typeof tradeRefundRoutes;

export const tradeHandlers = (trade: TTradeService): Omit<THandlers<typeof tradeRoutes>, TRefundRoute> => ({
  account: (ctx) => trade.account(ctx),
  ledger: (ctx) => trade.ledger(ctx, ctx.input),
  buy: (ctx) => trade.buy(ctx, ctx.input),
  buyForUsers: (ctx) => trade.buy(ctx, ctx.input, ctx.input.userIds),
  recharge: (ctx) => trade.recharge(ctx, ctx.input),
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
});

/** 购买线索包: the clue area's catalogue, commerce's order. */
export const clueOrderHandlers = (trade: TTradeService): THandlers<typeof clueOrderRoutes> => ({
  packageBuy: (ctx) => trade.buyCluePackage(ctx, ctx.input),
});

/** 购买应用: the app centre's catalogue, commerce's order. */
export const appOrderHandlers = (trade: TTradeService): THandlers<typeof appOrderRoutes> => ({
  appBuy: (ctx) => trade.buyApp(ctx, ctx.input),
});
