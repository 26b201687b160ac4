import type { agentTransferRoutes } from '@yunhu/contract';
import type { THandlers } from '../../http/bind.js';
import type { TAgentTransferService } from './agent-transfer.service.js';

/** 套餐转移's routes, part of the agent's route table. */
export const agentTransferHandlers = (transfer: TAgentTransferService): THandlers<typeof agentTransferRoutes> => ({
  transferEnterprises: (ctx) => transfer.enterprises(ctx),
  transferPackets: (ctx) => transfer.packets(ctx, ctx.input),
  packetTransfer: (ctx) => transfer.transfer(ctx, ctx.input),
  transferPage: (ctx) => transfer.page(ctx, ctx.input),
  findPacketTransfer: (ctx) => transfer.find(ctx, ctx.input),
});
