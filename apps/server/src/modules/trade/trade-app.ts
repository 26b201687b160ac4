import { type TRouteInput, yuan } from '@yunhu/contract';
import type { TPayConfig } from '../../config.js';
import type { TRequestContext } from '../../http/context.js';
import { buyableApp } from '../app-centre/index.js';
import { newOrderNo, toOrder } from './order.kit.js';
import { tradeRepository as repo } from './trade.repository.js';

/**
 * 购买应用: an order of kind `appSubscription` for one period of a priced add-on at the catalogue's
 * price, paid by the same QR code as any order; a paid one switches the add-on on until the period's
 * end through `deliver` (order.kit.ts). Sold at the platform's price: no agent margin.
 */
export const createAppOrders = (deps: { pay: TPayConfig }) => ({
  buyApp: async (ctx: TRequestContext, input: TRouteInput<'appOrder', 'appBuy'>) => {
    const app = await buyableApp(ctx.tx, ctx.auth, input.code);
    const now = new Date();
    const order = await repo.insertOrder(ctx.tx, {
      tenantId: ctx.auth.tenantId,
      orderNo: newOrderNo(now),
      kind: 'appSubscription',
      items: [
        {
          productId: 0,
          appCode: app.code,
          name: app.name,
          lineId: 0,
          minutes: 0,
          validityDays: app.periodDays,
          unitPrice: app.priceFen,
          quantity: 1,
        },
      ],
      amount: app.priceFen,
      agentId: null,
      agentMargin: 0,
      subject: `开通应用「${app.name}」${app.periodDays}天（${yuan(app.priceFen)} 元）`,
      expireAt: new Date(now.getTime() + deps.pay.orderMinutes * 60_000),
      createdBy: ctx.auth.userId,
      createdByName: ctx.auth.realName,
    });
    return toOrder((await repo.orderById(ctx.tx, order.id))!);
  },
});
