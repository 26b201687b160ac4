import type { agentStockRoutes } from '@yunhu/contract';
import type { THandlers } from '../../http/bind.js';
import type { TAgentPacketChangeService } from './agent-packet-change.service.js';
import type { TAgentStockService } from './agent-stock.service.js';

/** 开通线路, 线路库存, 套餐管理 and 套餐变更's routes, part of the agent's route table. */
export const agentStockHandlers = (
  stock: TAgentStockService,
  change: TAgentPacketChangeService,
): THandlers<typeof agentStockRoutes> => ({
  platformOpenedLines: (ctx) => stock.platformOpenedLines(ctx, ctx.input),
  platformOpenLines: (ctx) => stock.platformOpenLines(ctx, ctx.input),
  lineList: (ctx) => stock.lineList(ctx),
  callLineList: (ctx) => stock.callLineList(ctx),
  lineStock: (ctx) => stock.lineStock(ctx),
  queryLineOfCreatePacket: (ctx) => stock.queryLineOfCreatePacket(ctx, ctx.input),
  packetPage: (ctx) => stock.packetPage(ctx, ctx.input),
  packetSave: (ctx) => stock.packetSave(ctx, ctx.input),
  packetShelf: (ctx) => stock.packetShelf(ctx, ctx.input),
  getMultiplePacket: (ctx) => stock.getMultiplePacket(ctx, ctx.input),
  changeEnterprises: (ctx) => change.changeEnterprises(ctx),
  queryPacketForChange: (ctx) => change.queryPacketForChange(ctx, ctx.input),
  queryLineForChangePacket: (ctx) => change.queryLineForChangePacket(ctx, ctx.input),
  changePacket: (ctx) => change.changePacket(ctx, ctx.input),
  changePage: (ctx) => change.changePage(ctx, ctx.input),
});
