import type { ecSyncRoutes } from '@yunhu/contract';
import { detached, type THandlers } from '../../http/bind.js';
import type { TEcSyncService } from './ec-sync.service.js';

export const ecSyncHandlers = (ec: TEcSyncService): THandlers<typeof ecSyncRoutes> => ({
  configGet: (ctx) => ec.config(ctx),
  configSave: (ctx) => ec.save(ctx, ctx.input),
  // EC is waited for with no transaction open.
  configTest: detached((ctx) => ec.test(ctx.auth, ctx.input)),
  itemPage: (ctx) => ec.items(ctx, ctx.input),
  // The job is woken after the item is queued again and committed; a pull waits on EC.
  itemRetry: detached((ctx) => ec.retry(ctx, ctx.input.id)),
  pull: detached((ctx) => ec.pull(ctx)),
});
