import type { clueRoutes } from '@yunhu/contract';
import { detached, type THandlers } from '../../http/bind.js';
import type { TClueService } from './clue.service.js';

export const clueHandlers = (svc: TClueService): THandlers<typeof clueRoutes> => ({
  // A real source is asked before the search, with no transaction held while it answers.
  companyPage: detached((ctx) => svc.search(ctx.auth, ctx.input)),
  companyInfo: (ctx) => svc.detail(ctx, ctx.input.id),
  companyUnlock: (ctx) => svc.unlock(ctx, ctx.input.id),
  unlockPage: (ctx) => svc.unlockPage(ctx, ctx.input),
  convert: (ctx) => svc.convert(ctx, ctx.input),
  quota: (ctx) => svc.quota(ctx),
  quotaLedger: (ctx) => svc.ledgerPage(ctx, ctx.input),
  trialTake: (ctx) => svc.trialTake(ctx),
  settingsSave: (ctx) => svc.settingsSave(ctx, ctx.input),
});
