import { type clueBatchRoutes, type cluePackageRoutes, type clueRoutes, uploadLimits } from '@yunhu/contract';
import { detached, type THandlers } from '../../http/bind.js';
import type { TClueMatch } from './clue.match.js';
import type { TClueService } from './clue.service.js';
import type { TCluePackages } from './clue-package.js';

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

export const clueBatchHandlers = (match: TClueMatch): THandlers<typeof clueBatchRoutes> => ({
  // The import's own transactions: the upload is read before anything is staged, the confirm
  // writes after answering (import/import.runner.ts).
  matchTemplate: detached(() => match.template()),
  matchPreview: detached(async (ctx) =>
    match.preview(ctx.auth, await ctx.req.file({ limits: { fileSize: uploadLimits.maxBytes } })),
  ),
  matchConfirm: detached((ctx) => match.confirm(ctx.auth, ctx.input.batchId, ctx.scope)),
  matchState: detached((ctx) => match.state(ctx.auth, ctx.input.batchId)),
  matchRows: detached((ctx) => match.rows(ctx.auth, ctx.input.batchId)),
  matchReport: detached((ctx) => match.report(ctx.auth, ctx.input.batchId)),
  matchConvert: (ctx) => match.convert(ctx, ctx.input.batchId, ctx.input.target),
});

export const cluePackageHandlers = (svc: TCluePackages): THandlers<typeof cluePackageRoutes> => ({
  packageList: (ctx) => svc.list(ctx, ctx.input),
  packageSave: (ctx) => svc.save(ctx, ctx.input),
  packageSetEnabled: (ctx) => svc.setEnabled(ctx, ctx.input),
});
