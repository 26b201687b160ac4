import type { crmSettingsRoutes } from '@yunhu/contract';
import type { THandlers } from '../../http/bind.js';
import type { TCrmSettingsService } from './settings.service.js';
import type { TVisitService } from './visit.service.js';

/** 客户设置, 业务规则, list configs and 回访: thin handlers over the settings and visit services. */
export const crmSettingsHandlers = (
  settings: TCrmSettingsService,
  visits: TVisitService,
): THandlers<typeof crmSettingsRoutes> => ({
  tagList: (ctx) => settings.tagList(ctx),
  tagSave: (ctx) => settings.tagSave(ctx, ctx.input),
  tagDelete: (ctx) => settings.tagDelete(ctx, ctx.input.id),
  fieldPage: (ctx) => settings.fieldPage(ctx, ctx.input),
  fieldQuery: (ctx) => settings.fieldQuery(ctx),
  fieldAdd: (ctx) => settings.fieldAdd(ctx, ctx.input),
  fieldEdit: (ctx) => settings.fieldEdit(ctx, ctx.input),
  fieldDelete: (ctx) => settings.fieldDelete(ctx, ctx.input.id),
  quickList: (ctx) => settings.quickList(ctx),
  quickSave: (ctx) => settings.quickSave(ctx, ctx.input),
  quickDelete: (ctx) => settings.quickDelete(ctx, ctx.input.id),
  rulesGet: (ctx) => settings.rulesGet(ctx),
  rulesSave: (ctx) => settings.rulesSave(ctx, ctx.input),
  privacySave: (ctx) => settings.privacySave(ctx, ctx.input.isPrivacyOn),
  screenConfigGet: (ctx) => settings.screenConfigGet(ctx, ctx.input.screen),
  screenConfigSave: (ctx) => settings.screenConfigSave(ctx, ctx.input),
  visitPage: (ctx) => visits.page(ctx, ctx.input),
  visitPagePlus: (ctx) => visits.pagePlus(ctx, ctx.input),
  visitAdd: (ctx) => visits.add(ctx, ctx.input),
  visitDelete: (ctx) => visits.delete(ctx, ctx.input.ids),
});
