import type { packetRoutes } from '@yunhu/contract';
import type { THandlers } from '../../http/bind.js';
import type { TPacketService } from './packet.service.js';
import { createPacketShareService, type TPacketShareService } from './packet-share.service.js';

export const packetHandlers = (
  packet: TPacketService,
  share: TPacketShareService = createPacketShareService(),
): THandlers<typeof packetRoutes> => ({
  typeList: () => packet.typeList(),
  list: (ctx) => packet.list(ctx, ctx.input),
  save: (ctx) => packet.save(ctx, ctx.input),
  setEnabled: (ctx) => packet.setEnabled(ctx, ctx.input),
  lineOptions: (ctx) => packet.lineOptions(ctx),
  mine: (ctx) => packet.mine(ctx, ctx.input),
  // Package sharing (issue 18).
  shareAddUser: (ctx) => share.shareAddUser(ctx, ctx.input),
  shareCandidates: (ctx) => share.shareCandidates(ctx),
  packetsOfUser: (ctx) => share.packetsOfUser(ctx, ctx.input),
  userIsPacket: (ctx) => share.userIsPacket(ctx, ctx.input),
});
