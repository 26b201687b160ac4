import type { numberCheckRoutes } from '@yunhu/contract';
import type { THandlers } from '../../http/bind.js';
import type { TNumberCheckService } from './number-check.service.js';

export const numberCheckHandlers = (svc: TNumberCheckService): THandlers<typeof numberCheckRoutes> => ({
  summary: (ctx) => svc.summary(ctx, ctx.input),
  run: (ctx) => svc.run(ctx, ctx.input),
  rows: (ctx) => svc.rows(ctx, ctx.input),
  exclude: (ctx) => svc.exclude(ctx, ctx.input),
  rate: (ctx) => svc.rate(ctx),
  rateSave: (ctx) => svc.rateSave(ctx, ctx.input),
});
