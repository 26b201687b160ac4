import type { platformRoutes } from '@yunhu/contract';
import type { THandlers } from '../../http/bind.js';
import type { TPlatformService } from './platform.service.js';

export const platformHandlers = (platform: TPlatformService): THandlers<typeof platformRoutes> => ({
  enterprisePage: (ctx) => platform.page(ctx.auth, ctx.input),
  enterpriseInfo: (ctx) => platform.info(ctx.auth, ctx.input.id),
  examine: (ctx) => platform.examine(ctx.auth, ctx.input),
  batchExamine: (ctx) => platform.batchExamine(ctx.auth, ctx.input),
  setStatus: (ctx) => platform.setStatus(ctx.auth, ctx.input),
});
