import type { seatRoutes } from '@yunhu/contract';
import type { THandlers } from '../../http/bind.js';
import { streamXlsx } from '../../http/download.js';
import type { TCallingService } from './calling.service.js';
import { seatColumns, type TSeatService } from './seat.service.js';

export const seatHandlers = (seat: TSeatService, calling: TCallingService): THandlers<typeof seatRoutes> => ({
  countMap: (ctx) => seat.countMap(ctx),
  list: (ctx) => seat.list(ctx, ctx.input),
  addSeat: (ctx) => seat.addSeat(ctx, ctx.input),
  updateSeat: (ctx) => seat.updateSeat(ctx, ctx.input),
  autoRenewalSwitch: (ctx) => seat.autoRenewalSwitch(ctx, ctx.input),
  releaseSeat: (ctx) => seat.releaseSeat(ctx, ctx.input),
  deleteSeat: (ctx) => seat.deleteSeat(ctx, ctx.input),
  seatDownload: async (ctx) => {
    const { rows, fileName } = seat.download(ctx, ctx.input);
    return streamXlsx(rows, seatColumns, fileName, '坐席');
  },
  seatPriceList: (ctx) => seat.seatPrices(ctx),
  staffOptions: (ctx) => seat.staffOptions(ctx, ctx.input),
  callingList: (ctx) => calling.list(ctx, ctx.input),
  callingOptions: (ctx) => calling.options(ctx),
  callingSave: (ctx) => calling.save(ctx, ctx.input),
  callingSaveBatch: (ctx) => calling.saveBatch(ctx, ctx.input),
  callingReset: (ctx) => calling.reset(ctx, ctx.input),
});
