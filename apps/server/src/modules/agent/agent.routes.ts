import type {
  agentCloseRoutes,
  agentJxsRoutes,
  agentLookupRoutes,
  agentNoticeRoutes,
  agentRoutes,
  agentSettlementRoutes,
  agentStaffRoutes,
  agentStockRoutes,
  agentTransferRoutes,
} from '@yunhu/contract';
import type { THandlers } from '../../http/bind.js';
import type { TAgentService } from './agent.service.js';

/**
 * The agent table's routes but 套餐转移's (agent-transfer.routes.ts), 公告/坐席汇总's (agent-notice.routes.ts)
 * and 结算/停用's (agent-settlement.routes.ts); app.ts binds all.
 */
type TAgentOwnRoutes = Omit<
  typeof agentRoutes,
  | keyof typeof agentTransferRoutes
  | keyof typeof agentNoticeRoutes
  | keyof typeof agentSettlementRoutes
  | keyof typeof agentCloseRoutes
  | keyof typeof agentStockRoutes
  | keyof typeof agentStaffRoutes
  | keyof typeof agentJxsRoutes
  | keyof typeof agentLookupRoutes
>;

export const agentHandlers = (agent: TAgentService): THandlers<TAgentOwnRoutes> => ({
  platformAgentPage: (ctx) => agent.platformAgentPage(ctx, ctx.input),
  platformAgentCreate: (ctx) => agent.platformAgentCreate(ctx, ctx.input),
  platformAgentReportReview: (ctx) => agent.platformAgentReportReview(ctx, ctx.input),
  platformAgentPrices: (ctx) => agent.platformAgentPrices(ctx, ctx.input),
  platformAgentLedger: (ctx) => agent.platformAgentLedger(ctx, ctx.input),
  info: (ctx) => agent.info(ctx),
  enterprisePage: (ctx) => agent.enterprisePage(ctx, ctx.input),
  myPrice: (ctx) => agent.myPrice(ctx),
  setMyPrice: (ctx) => agent.setMyPrice(ctx, ctx.input),
  orderPage: (ctx) => agent.orderPage(ctx, ctx.input),
});
