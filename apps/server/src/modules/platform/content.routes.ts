import type { platformContentRoutes } from '@yunhu/contract';
import type { THandlers } from '../../http/bind.js';
import type { TPlatformContentService } from './content.service.js';

export const platformContentHandlers = (content: TPlatformContentService): THandlers<typeof platformContentRoutes> => ({
  findContract: (ctx) => content.findContract(ctx.auth, ctx.input.id),
  saveContract: (ctx) => content.saveContract(ctx.auth, ctx.input),
  queryEnterpriseInfo: (ctx) => content.queryEnterpriseInfo(ctx.auth),
  noticePage: (ctx) => content.noticePage(ctx.auth, ctx.input),
  noticePublish: (ctx) => content.noticePublish(ctx.auth, ctx.input),
  noticeDelete: (ctx) => content.noticeDelete(ctx.auth, ctx.input.ids),
  brandList: (ctx) => content.brandList(ctx.auth),
  brandSave: (ctx) => content.brandSave(ctx.auth, ctx.input),
  brandDelete: (ctx) => content.brandDelete(ctx.auth, ctx.input.host),
});
