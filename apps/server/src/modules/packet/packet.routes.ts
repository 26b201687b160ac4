import { beijingFileDay, type packetRoutes } from '@yunhu/contract';
import type { THandlers } from '../../http/bind.js';
import { streamXlsx } from '../../http/download.js';
import { rowsInMemory } from '../../http/xlsx-stream.js';
import { mineColumns, type TPacketService } from './packet.service.js';
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
  mineExport: async (ctx) => {
    const rows = await packet.mineRows(ctx, ctx.input);
    return streamXlsx(rowsInMemory(rows), mineColumns, `已购套餐_${beijingFileDay()}.xlsx`, '已购套餐');
  },
  // Package sharing.
  shareAddUser: (ctx) => share.shareAddUser(ctx, ctx.input),
  shareCandidates: (ctx) => share.shareCandidates(ctx),
  packetsOfUser: (ctx) => share.packetsOfUser(ctx, ctx.input),
  userIsPacket: (ctx) => share.userIsPacket(ctx, ctx.input),
});
