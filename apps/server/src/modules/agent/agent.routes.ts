import type { agentRoutes } from '@yunhu/contract';
import type { THandlers } from '../../http/bind.js';
import type { TAgentService } from './agent.service.js';

export const agentHandlers = (agent: TAgentService): THandlers<typeof agentRoutes> => ({
  platformAgentPage: (ctx) => agent.platformAgentPage(ctx, ctx.input),
  platformAgentCreate: (ctx) => agent.platformAgentCreate(ctx, ctx.input),
  platformAgentPrices: (ctx) => agent.platformAgentPrices(ctx, ctx.input),
  platformAgentLedger: (ctx) => agent.platformAgentLedger(ctx, ctx.input),
  info: (ctx) => agent.info(ctx),
  enterprisePage: (ctx) => agent.enterprisePage(ctx, ctx.input),
  myPrice: (ctx) => agent.myPrice(ctx),
  setMyPrice: (ctx) => agent.setMyPrice(ctx, ctx.input),
  orderPage: (ctx) => agent.orderPage(ctx, ctx.input),
});
