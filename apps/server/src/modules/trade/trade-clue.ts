import { type TRouteInput, yuan } from '@yunhu/contract';
import type { TPayConfig } from '../../config.js';
import type { TRequestContext } from '../../http/context.js';
import { buyableCluePackage } from '../clue/index.js';
import { newOrderNo, toOrder } from './order.kit.js';
import { tradeRepository as repo } from './trade.repository.js';

/**
 * 购买线索包: an order of kind `cluePackage` priced from the clue area's catalogue, paid by the same
 * QR code as any order; a paid one grants its units through `deliver` (order.kit.ts). Sold at the
 * platform's price: no agent margin is taken on quota.
 */
export const createClueOrders = (deps: { pay: TPayConfig }) => ({
  buyCluePackage: async (ctx: TRequestContext, input: TRouteInput<'clueOrder', 'packageBuy'>) => {
    const p = await buyableCluePackage(ctx.tx, input.packageId);
    const now = new Date();
    const order = await repo.insertOrder(ctx.tx, {
      tenantId: ctx.auth.tenantId,
      orderNo: newOrderNo(now),
      kind: 'cluePackage',
      items: [
        {
          productId: p.id,
          name: p.name,
          lineId: 0,
          minutes: 0,
          validityDays: 0,
          units: p.units,
          unitPrice: p.price,
          quantity: input.quantity,
        },
      ],
      amount: p.price * input.quantity,
      agentId: null,
      agentMargin: 0,
      subject: `${p.name} ×${input.quantity}（${p.units * input.quantity} 条，${yuan(p.price * input.quantity)} 元）`,
      expireAt: new Date(now.getTime() + deps.pay.orderMinutes * 60_000),
      createdBy: ctx.auth.userId,
      createdByName: ctx.auth.realName,
    });
    return toOrder((await repo.orderById(ctx.tx, order.id))!);
  },
});
