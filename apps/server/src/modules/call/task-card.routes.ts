import type { taskCardRoutes } from '@yunhu/contract';
import type { THandlers } from '../../http/bind.js';
import type { TTaskCardService } from './task-card.service.js';

/** 任务卡 and 我的任务 (issue 6): each route hands (context, input) to the service. */
export const taskCardHandlers = (tasks: TTaskCardService): THandlers<typeof taskCardRoutes> => ({
  page: (ctx) => tasks.page(ctx, ctx.input),
  progress: (ctx) => tasks.progress(ctx, ctx.input.id),
  items: (ctx) => tasks.items(ctx, ctx.input),
  create: (ctx) => tasks.create(ctx, ctx.input),
  update: (ctx) => tasks.update(ctx, ctx.input),
  setStatus: (ctx) => tasks.setStatus(ctx, ctx.input),
  addItems: (ctx) => tasks.addItems(ctx, ctx.input),
  removeItems: (ctx) => tasks.removeItems(ctx, ctx.input),
  myTasks: (ctx) => tasks.myTasks(ctx),
  myCard: (ctx) => tasks.myCard(ctx, ctx.input.id),
  itemDialled: (ctx) => tasks.itemDialled(ctx, ctx.input),
  itemResult: (ctx) => tasks.itemResult(ctx, ctx.input),
  itemSkip: (ctx) => tasks.itemSkip(ctx, ctx.input.itemId),
});
