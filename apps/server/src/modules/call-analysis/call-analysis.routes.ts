import type { callAnalysisRoutes } from '@yunhu/contract';
import { detached, type THandlers } from '../../http/bind.js';
import type { TCallAnalysisService } from './call-analysis.service.js';
import { qualitySettings as quality } from './quality.service.js';
import { seatSummaryPage } from './seat-summary.service.js';

export const callAnalysisHandlers = (analysis: TCallAnalysisService): THandlers<typeof callAnalysisRoutes> => ({
  one: (ctx) => analysis.one(ctx, ctx.input),
  page: (ctx) => analysis.page(ctx, ctx.input),
  seatSummary: (ctx) => seatSummaryPage(ctx, ctx.input),
  seatSummaryExport: async (ctx) => analysis.seatSummaryExport(ctx, ctx.input),
  // The queue's statements run on the database's own connection: on PGlite, the one session a
  // request transaction would hold.
  reanalyse: detached((ctx) => analysis.reanalyse(ctx.auth, ctx.scope, ctx.input.id)),
  ruleList: (ctx) => quality.rules(ctx),
  ruleSave: (ctx) => quality.saveRule(ctx, ctx.input),
  ruleDelete: (ctx) => quality.deleteRule(ctx, ctx.input),
  fieldList: (ctx) => quality.fields(ctx),
  fieldSave: (ctx) => quality.saveField(ctx, ctx.input),
  fieldDelete: (ctx) => quality.deleteField(ctx, ctx.input),
  scopeGet: (ctx) => quality.scope(ctx),
  scopeSave: (ctx) => quality.saveScope(ctx, ctx.input),
});
