import type { lineRoutes } from '@yunhu/contract';
import type { THandlers } from '../../http/bind.js';
import type { TLineService } from './line.service.js';

export const lineHandlers = (line: TLineService): THandlers<typeof lineRoutes> => ({
  lineList: (ctx) => line.lineList(ctx),
  lineScriptSave: (ctx) => line.lineScriptSave(ctx, ctx.input),
  lineOptions: (ctx) => line.lineOptions(ctx),
  numberPage: (ctx) => line.numberPage(ctx, ctx.input),
  distribute: (ctx) => line.distribute(ctx, ctx.input),
  distributeBatch: (ctx) => line.distributeBatch(ctx, ctx.input),
  workNumberList: (ctx) => line.workNumberList(ctx, ctx.input),
  workNumberBind: (ctx) => line.workNumberBind(ctx, ctx.input),
  workNumberUnbind: (ctx) => line.workNumberUnbind(ctx, ctx.input),
  callerNumberList: (ctx) => line.callerNumberList(ctx, ctx.input),
  callerNumberQuery: (ctx) => line.callerNumberQuery(ctx, ctx.input),
  callerNumberAdd: (ctx) => line.callerNumberAdd(ctx, ctx.input),
  callerNumberEdit: (ctx) => line.callerNumberEdit(ctx, ctx.input),
  callerNumberDelete: (ctx) => line.callerNumberDelete(ctx, ctx.input),
});
