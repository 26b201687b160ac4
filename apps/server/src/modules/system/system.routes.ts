import type { systemRoutes } from '@yunhu/contract';
import type { THandlers } from '../../http/bind.js';
import type { TSystemService } from './system.service.js';

export const systemHandlers = (system: TSystemService): THandlers<typeof systemRoutes> => ({
  myNoticePage: (ctx) => system.myNoticePage(ctx.auth, ctx.input),
  noticeRead: (ctx) => system.noticeRead(ctx.auth, ctx.input),
  dictByType: (ctx) => system.dictByType(ctx.input.dictType),
  upload: async (ctx) => system.upload(ctx.auth, await ctx.req.file()),
  uploadFile: (ctx) => system.uploadFile(ctx.input.name, ctx.reply),
  brandOptions: (ctx) => system.brandOptions(ctx.input),
  logPage: (ctx) => system.logPage(ctx.auth, ctx.input),
  logInfo: (ctx) => system.logInfo(ctx.auth, ctx.input.id),
  logExport: async (ctx) => system.logExport(ctx.auth, ctx.input, ctx.reply),
});
