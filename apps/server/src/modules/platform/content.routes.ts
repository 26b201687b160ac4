import type { platformContentRoutes } from '@yunhu/contract';
import type { THandlers } from '../../http/bind.js';
import type { TPlatformContentService } from './content.service.js';

export const platformContentHandlers = (content: TPlatformContentService): THandlers<typeof platformContentRoutes> => ({
  findContract: (ctx) => content.findContract(ctx, ctx.input.id),
  saveContract: (ctx) => content.saveContract(ctx, ctx.input),
  queryEnterpriseInfo: (ctx) => content.queryEnterpriseInfo(ctx),
  noticePage: (ctx) => content.noticePage(ctx, ctx.input),
  noticePublish: (ctx) => content.noticePublish(ctx, ctx.input),
  noticeDelete: (ctx) => content.noticeDelete(ctx, ctx.input.ids),
  brandList: (ctx) => content.brandList(ctx),
  brandSave: (ctx) => content.brandSave(ctx, ctx.input),
  brandDelete: (ctx) => content.brandDelete(ctx, ctx.input.host),
});
