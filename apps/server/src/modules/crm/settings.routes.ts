import type { crmSettingsRoutes } from '@yunhu/contract';
import type { THandlers } from '../../http/bind.js';
import type { TCrmSettingsService } from './settings.service.js';
import type { TVisitService } from './visit.service.js';

/** 客户设置, 业务规则, list configs and 回访: thin handlers over the settings and visit services. */
export const crmSettingsHandlers = (
  settings: TCrmSettingsService,
  visits: TVisitService,
): THandlers<typeof crmSettingsRoutes> => ({
  tagList: (ctx) => settings.tagList(ctx.auth),
  tagSave: (ctx) => settings.tagSave(ctx.auth, ctx.input),
  tagDelete: (ctx) => settings.tagDelete(ctx.auth, ctx.input.id),
  fieldPage: (ctx) => settings.fieldPage(ctx.auth, ctx.input),
  fieldQuery: (ctx) => settings.fieldQuery(ctx.auth),
  fieldAdd: (ctx) => settings.fieldAdd(ctx.auth, ctx.input),
  fieldEdit: (ctx) => settings.fieldEdit(ctx.auth, ctx.input),
  fieldDelete: (ctx) => settings.fieldDelete(ctx.auth, ctx.input.id),
  quickList: (ctx) => settings.quickList(ctx.auth),
  quickSave: (ctx) => settings.quickSave(ctx.auth, ctx.input),
  quickDelete: (ctx) => settings.quickDelete(ctx.auth, ctx.input.id),
  rulesGet: (ctx) => settings.rulesGet(ctx.auth),
  rulesSave: (ctx) => settings.rulesSave(ctx.auth, ctx.input),
  privacySave: (ctx) => settings.privacySave(ctx.auth, ctx.input.isPrivacyOn),
  screenConfigGet: (ctx) => settings.screenConfigGet(ctx.auth, ctx.input.screen),
  screenConfigSave: (ctx) => settings.screenConfigSave(ctx.auth, ctx.input),
  visitPage: (ctx) => visits.page(ctx.auth, ctx.input),
  visitPagePlus: (ctx) => visits.pagePlus(ctx.auth, ctx.input),
  visitAdd: (ctx) => visits.add(ctx.auth, ctx.input),
  visitDelete: (ctx) => visits.delete(ctx.auth, ctx.input.ids),
});
