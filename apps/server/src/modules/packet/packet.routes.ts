import type { packetRoutes } from '@yunhu/contract';
import type { THandlers } from '../../http/bind.js';
import type { TPacketService } from './packet.service.js';

export const packetHandlers = (packet: TPacketService): THandlers<typeof packetRoutes> => ({
  typeList: () => packet.typeList(),
  list: (ctx) => packet.list(ctx, ctx.input),
  save: (ctx) => packet.save(ctx, ctx.input),
  setEnabled: (ctx) => packet.setEnabled(ctx, ctx.input),
  lineOptions: (ctx) => packet.lineOptions(ctx),
  mine: (ctx) => packet.mine(ctx, ctx.input),
});
