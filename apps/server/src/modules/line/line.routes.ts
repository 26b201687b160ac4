import type { lineRoutes } from '@yunhu/contract';
import type { THandlers } from '../../http/bind.js';
import type { TLineService } from './line.service.js';

export const lineHandlers = (line: TLineService): THandlers<typeof lineRoutes> => ({
  lineList: (ctx) => line.lineList(ctx.auth),
  lineOptions: (ctx) => line.lineOptions(ctx.auth),
  numberPage: (ctx) => line.numberPage(ctx.auth, ctx.input),
  distribute: async (ctx) => {
    await line.distribute(ctx.auth, [ctx.input.id], ctx.input.userId);
    return line.oneNumber(ctx.auth, ctx.input.id);
  },
  distributeBatch: async (ctx) => ({
    updated: await line.distribute(ctx.auth, ctx.input.ids, ctx.input.userId),
  }),
  workNumberList: (ctx) => line.workNumberList(ctx.auth, ctx.input),
  workNumberBind: (ctx) => line.workNumberBind(ctx.auth, ctx.input.id, ctx.input.userId),
  workNumberUnbind: (ctx) => line.workNumberUnbind(ctx.auth, ctx.input.id),
  callerNumberList: (ctx) => line.callerNumberList(ctx.auth, ctx.input),
  callerNumberQuery: (ctx) => line.callerNumberQuery(ctx.auth, ctx.input.id),
  callerNumberAdd: (ctx) => line.callerNumberAdd(ctx.auth, ctx.input),
  callerNumberEdit: (ctx) => line.callerNumberEdit(ctx.auth, ctx.input),
  callerNumberDelete: (ctx) => line.callerNumberDelete(ctx.auth, ctx.input.ids),
});
