import type { agentJxsRoutes } from '@yunhu/contract';
import type { THandlers } from '../../http/bind.js';
import { streamXlsx } from '../../http/download.js';
import { jxsLeadColumns, jxsMonthUseColumns, type TAgentJxsService } from './agent-jxs.service.js';

/** 经销商: part of the agent's route table, bound in app.ts. */
export const agentJxsHandlers = (jxs: TAgentJxsService): THandlers<typeof agentJxsRoutes> => ({
  jxsUserPage: (ctx) => jxs.page(ctx, ctx.input),
  jxsMenuRouting: (ctx) => jxs.menuRouting(ctx),
  createJxsInfo: (ctx) => jxs.create(ctx, ctx.input),
  jxsUserStatus: (ctx) => jxs.setStatus(ctx, ctx.input),
  jxsMonthUse: (ctx) => jxs.monthUse(ctx, ctx.input),
  jxsMonthUseExport: async (ctx) => {
    const { rows, fileName } = await jxs.monthUseExport(ctx, ctx.input);
    return streamXlsx(rows, jxsMonthUseColumns, fileName, '月度使用');
  },
  jxsUnlockPage: (ctx) => jxs.leadPage(ctx, ctx.input),
  jxsUnlockAdd: (ctx) => jxs.leadAdd(ctx, ctx.input),
  jxsUnlockExport: async (ctx) => {
    const { rows, fileName } = await jxs.leadExport(ctx, ctx.input);
    return streamXlsx(rows, jxsLeadColumns, fileName, '解锁名单');
  },
  jxsUnlockEnterprises: (ctx) => jxs.enterprises(ctx),
  jxsUnlockMoveCrm: (ctx) => jxs.moveCrm(ctx, ctx.input),
  jxsUnlockDelete: (ctx) => jxs.leadDelete(ctx, ctx.input),
});
