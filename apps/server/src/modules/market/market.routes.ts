import type { marketRoutes } from '@yunhu/contract';
import type { THandlers } from '../../http/bind.js';
import type { TMarketService } from './market.service.js';

export const marketHandlers = (market: TMarketService): THandlers<typeof marketRoutes> => ({
  marketList: (ctx) => market.list(ctx),
  marketApply: (ctx) => market.apply(ctx, ctx.input),
  marketMine: (ctx) => market.mine(ctx, ctx.input),
  marketItems: (ctx) => market.items(ctx),
  marketItemSave: (ctx) => market.saveItem(ctx, ctx.input),
  marketQueue: (ctx) => market.queue(ctx, ctx.input),
  marketHandle: (ctx) => market.handle(ctx, ctx.input),
});
