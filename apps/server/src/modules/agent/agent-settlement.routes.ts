import type { agentCloseRoutes, agentSettlementRoutes } from '@yunhu/contract';
import type { THandlers } from '../../http/bind.js';
import { streamXlsx } from '../../http/download.js';
import type { TAgentCloseService } from './agent-close.service.js';
import { statementColumns, type TAgentSettlementService } from './agent-settlement.service.js';

/** 代理商结算 and 停用/启用代理商, part of the agent's route table. */
export const agentSettlementHandlers = (
  settlement: TAgentSettlementService,
  close: TAgentCloseService,
): THandlers<typeof agentSettlementRoutes & typeof agentCloseRoutes> => ({
  platformSettlementSummary: (ctx) => settlement.platformSummary(ctx, ctx.input),
  platformSettle: (ctx) => settlement.settle(ctx, ctx.input),
  platformSettlementPage: (ctx) => settlement.platformPage(ctx, ctx.input),
  settlementSummary: (ctx) => settlement.summary(ctx),
  settlementPage: (ctx) => settlement.page(ctx, ctx.input),
  statementPage: (ctx) => settlement.statementPage(ctx, ctx.input),
  statementExport: async (ctx) => {
    const { rows, fileName } = await settlement.statementExport(ctx, ctx.input);
    return streamXlsx(rows, statementColumns, fileName, '利润明细');
  },
  platformAgentStatus: (ctx) => close.setStatus(ctx, ctx.input),
});
