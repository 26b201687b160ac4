import type { numberCheckRoutes } from '@yunhu/contract';
import { detached, type THandlers } from '../../http/bind.js';
import type { TNumberCheckService } from './number-check.service.js';

export const numberCheckHandlers = (svc: TNumberCheckService): THandlers<typeof numberCheckRoutes> => ({
  summary: (ctx) => svc.summary(ctx, ctx.input),
  // The run is recorded in a transaction of its own, then queued (the queue's statements after it).
  run: detached((ctx) => svc.run(ctx.auth, ctx.input)),
  rows: (ctx) => svc.rows(ctx, ctx.input),
  exclude: (ctx) => svc.exclude(ctx, ctx.input),
  rate: (ctx) => svc.rate(ctx),
  rateSave: (ctx) => svc.rateSave(ctx, ctx.input),
});
