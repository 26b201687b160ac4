import { routeTables, type taskCardRoutes } from '@yunhu/contract';
import type { FastifyInstance } from 'fastify';
import { bindRoutes, type TBindDeps, type THandlers } from '../../http/bind.js';
import type { TIsMasked } from '../call/index.js';
import { createMyTaskService, type TMyTaskService } from './my-task.service.js';
import { createTaskCardService, type TTaskCardService, type TTaskCrm } from './task-card.service.js';

/** 任务卡 and 我的任务: each route hands (context, input) to the service. */
export const taskCardHandlers = (tasks: TTaskCardService, mine: TMyTaskService): THandlers<typeof taskCardRoutes> => ({
  page: (ctx) => tasks.page(ctx, ctx.input),
  progress: (ctx) => tasks.progress(ctx, ctx.input.id),
  items: (ctx) => tasks.items(ctx, ctx.input),
  create: (ctx) => tasks.create(ctx, ctx.input),
  update: (ctx) => tasks.update(ctx, ctx.input),
  setStatus: (ctx) => tasks.setStatus(ctx, ctx.input),
  addItems: (ctx) => tasks.addItems(ctx, ctx.input),
  removeItems: (ctx) => tasks.removeItems(ctx, ctx.input),
  myTasks: (ctx) => mine.myTasks(ctx),
  myCard: (ctx) => mine.myCard(ctx, ctx.input.id),
  itemDialled: (ctx) => mine.itemDialled(ctx, ctx.input),
  itemResult: (ctx) => mine.itemResult(ctx, ctx.input),
  itemSkip: (ctx) => mine.itemSkip(ctx, ctx.input.itemId),
});

/**
 * 任务卡's routes; answers the guards the dial flow takes: an open item of a running task lets its
 * agent dial that customer (`dialGuard` around the CRM's check, `itemDialGuard` for 我的任务's dial).
 */
export const registerTaskCard = (
  app: FastifyInstance,
  opts: { deps: TBindDeps; isMasked: TIsMasked; crm: TTaskCrm },
) => {
  const mine = createMyTaskService({ isMasked: opts.isMasked, crm: opts.crm });
  bindRoutes(app, routeTables.taskCard, taskCardHandlers(createTaskCardService(opts), mine), opts.deps);
  return { dialGuard: mine.dialGuard, itemDialGuard: mine.itemDialGuard };
};
