import type { taskCardRoutes } from '@yunhu/contract';
import type { THandlers } from '../../http/bind.js';
import type { TTaskCardService } from './task-card.service.js';

/** 任务卡 and 我的任务 (issue 6): each route hands (auth, input) to the service. */
export const taskCardHandlers = (tasks: TTaskCardService): THandlers<typeof taskCardRoutes> => ({
  page: (ctx) => tasks.page(ctx.auth, ctx.input),
  progress: (ctx) => tasks.progress(ctx.auth, ctx.input.id),
  items: (ctx) => tasks.items(ctx.auth, ctx.input),
  create: (ctx) => tasks.create(ctx.auth, ctx.input),
  update: (ctx) => tasks.update(ctx.auth, ctx.input),
  setStatus: (ctx) => tasks.setStatus(ctx.auth, ctx.input),
  addItems: (ctx) => tasks.addItems(ctx.auth, ctx.input),
  removeItems: (ctx) => tasks.removeItems(ctx.auth, ctx.input),
  myTasks: (ctx) => tasks.myTasks(ctx.auth),
  myCard: (ctx) => tasks.myCard(ctx.auth, ctx.input.id),
  itemDialled: (ctx) => tasks.itemDialled(ctx.auth, ctx.input),
  itemResult: (ctx) => tasks.itemResult(ctx.auth, ctx.input),
  itemSkip: (ctx) => tasks.itemSkip(ctx.auth, ctx.input.itemId),
});
