import type { seatRoutes } from '@yunhu/contract';
import type { THandlers } from '../../http/bind.js';
import type { TCallingService } from './calling.service.js';
import type { TSeatService } from './seat.service.js';

export const seatHandlers = (seat: TSeatService, calling: TCallingService): THandlers<typeof seatRoutes> => ({
  countMap: (ctx) => seat.countMap(ctx.auth),
  list: (ctx) => seat.list(ctx.auth, ctx.input),
  addSeat: (ctx) => seat.addSeat(ctx.auth, ctx.input),
  updateSeat: (ctx) => seat.updateSeat(ctx.auth, ctx.input),
  autoRenewalSwitch: (ctx) => seat.autoRenewalSwitch(ctx.auth, ctx.input.ids, ctx.input.autoRenewal),
  manualRenewal: (ctx) => seat.manualRenewal(ctx.auth, ctx.input.ids, ctx.input.months),
  releaseSeat: (ctx) => seat.releaseSeat(ctx.auth, ctx.input.id),
  deleteSeat: (ctx) => seat.deleteSeat(ctx.auth, ctx.input.id),
  seatDownload: (ctx) => seat.download(ctx.auth, { ...ctx.input, page: 1, limit: 1000 }, ctx.reply),
  seatPriceList: (ctx) => seat.seatPrices(ctx.auth),
  staffOptions: (ctx) => seat.staffOptions(ctx.auth, ctx.input.keyword),
  callingList: (ctx) => calling.list(ctx.auth, ctx.input),
  callingOptions: (ctx) => calling.options(ctx.auth),
  callingSave: (ctx) => calling.save(ctx.auth, ctx.input),
  callingSaveBatch: (ctx) => calling.saveBatch(ctx.auth, ctx.input),
  callingReset: (ctx) => calling.reset(ctx.auth, ctx.input.userIds),
});
