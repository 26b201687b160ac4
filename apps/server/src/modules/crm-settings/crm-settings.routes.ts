import type { crmSettingsRoutes } from '@yunhu/contract';
import type { THandlers } from '../../http/bind.js';
import type { TCrmSettingsService } from './crm-settings.service.js';

/** The settings routes of the table: 客户设置, 业务规则 and list configs (its 回访 routes are crm-visit's). */
export type TCrmSettingsHandlers = Omit<THandlers<typeof crmSettingsRoutes>, TVisitRoute>;
type TVisitRoute = 'visitPage' | 'visitPagePlus' | 'visitAdd' | 'visitDelete';

/** 客户设置, 业务规则 and list configs: thin handlers over the settings service. */
export const crmSettingsHandlers = (settings: TCrmSettingsService): TCrmSettingsHandlers => ({
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
});
