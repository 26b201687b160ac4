import type { billingRoutes } from '@yunhu/contract';
import type { THandlers } from '../../http/bind.js';
import type { TBillingService } from './billing.service.js';

export const billingHandlers = (billing: TBillingService): THandlers<typeof billingRoutes> => ({
  consumePage: (ctx) => billing.consumePage(ctx, ctx.input),
  consumeById: (ctx) => billing.consumeById(ctx, ctx.input),
  consumeExport: async (ctx) => billing.consumeExport(ctx, ctx.input),
  billPage: (ctx) => billing.billPage(ctx, ctx.input),
  billExport: (ctx) => billing.billExport(ctx, ctx.input),
  billAnalysis: (ctx) => billing.billAnalysis(ctx, ctx.input),
  revenueExpPage: (ctx) => billing.revenueExpPage(ctx, ctx.input),
  revenueExpExport: async (ctx) => billing.revenueExpExport(ctx, ctx.input),
  refundPage: (ctx) => billing.refundPage(ctx, ctx.input),
  refundExport: async (ctx) => billing.refundExport(ctx, ctx.input),
  moneyPage: (ctx) => billing.moneyPage(ctx, ctx.input),
  moneyExport: (ctx) => billing.moneyExport(ctx, ctx.input),
  settingsGet: (ctx) => billing.settingsGet(ctx),
  settingsSave: (ctx) => billing.settingsSave(ctx, ctx.input),
  rateList: (ctx) => billing.rateList(ctx, ctx.input),
  rateSave: (ctx) => billing.rateSave(ctx, ctx.input),
  analysisRateList: (ctx) => billing.analysisRateList(ctx),
  analysisRateSave: (ctx) => billing.analysisRateSave(ctx, ctx.input),
  platformRevenuePage: (ctx) => billing.platformRevenuePage(ctx, ctx.input),
});
