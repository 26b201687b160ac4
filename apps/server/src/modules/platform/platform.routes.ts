import type { platformRoutes } from '@yunhu/contract';
import type { THandlers } from '../../http/bind.js';
import type { TPlatformService } from './platform.service.js';

export const platformHandlers = (platform: TPlatformService): THandlers<typeof platformRoutes> => ({
  waiting: (ctx) => platform.waiting(ctx),
  enterprisePage: (ctx) => platform.page(ctx, ctx.input),
  enterpriseInfo: (ctx) => platform.info(ctx, ctx.input.id),
  enterpriseInfoByCode: (ctx) => platform.infoByCode(ctx, ctx.input.tenantCode),
  enterpriseCreate: (ctx) => platform.create(ctx, ctx.input),
  examine: (ctx) => platform.examine(ctx, ctx.input),
  batchExamine: (ctx) => platform.batchExamine(ctx, ctx.input),
  setStatus: (ctx) => platform.setStatus(ctx, ctx.input),
});
