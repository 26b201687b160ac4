import { type TCrmRules, type TScreenConfig, ZScreenConfig } from '@yunhu/contract';
import type { TRequestContext } from '../../http/context.js';
import { readCrmSettings } from '../crm/index.js';
import { crmSettingsErrors } from './crm-settings.errors.js';
import type { TReq } from './crm-settings.kit.js';
import { settingsRepository as repo } from './crm-settings.repository.js';

/**
 * The reminder must come before the release it announces (release-job.ts reminds customers due
 * within remindBeforeDays): it needs a release rule and fewer days than the earliest one.
 */
const checkRules = (r: TCrmRules) => {
  if (r.remindBeforeDays === 0) return;
  const release = [r.releaseNoFollowDays, r.releaseNoDealDays].filter((d) => d > 0);
  if (release.length === 0) throw crmSettingsErrors.remindWithoutRelease();
  const first = Math.min(...release);
  if (r.remindBeforeDays >= first) throw crmSettingsErrors.remindTooLate(first);
};

/** A tenant that never saved has no row: the defaults of readCrmSettings (no limits, privacy on). */
export const rulesGet = async ({ auth, tx }: TRequestContext) => {
  const { tenantId: _t, ...settings } = await readCrmSettings(tx, auth.tenantId);
  const audit = await repo.settingsAudit(tx, auth.tenantId);
  return {
    ...settings,
    updatedAt: audit?.updatedAt.getTime() ?? null,
    updatedByName: audit?.updatedByName ?? null,
  };
};

export const rulesSave = async ({ auth, tx }: TRequestContext, rules: TCrmRules) => {
  checkRules(rules);
  await repo.upsertSettings(tx, auth.tenantId, { ...rules, updatedBy: auth.userId, updatedAt: new Date() });
  return null;
};

export const privacySave = async ({ auth, tx }: TRequestContext, isPrivacyOn: boolean) => {
  await repo.upsertSettings(tx, auth.tenantId, { isPrivacyOn, updatedBy: auth.userId, updatedAt: new Date() });
  return null;
};

/** What was saved, or the screen's defaults when nothing (or something no longer valid) was. */
export const screenConfigGet = async ({ auth, tx }: TRequestContext, screen: string): Promise<TScreenConfig> => {
  const parsed = ZScreenConfig.safeParse(await repo.userConfig(tx, auth.tenantId, auth.userId, screen));
  return parsed.success ? parsed.data : { savedFilters: [] };
};

export const screenConfigSave = async ({ auth, tx }: TRequestContext, input: TReq<'screenConfigSave'>) => {
  const { screen, ...config } = input;
  const names = config.savedFilters.map((f) => f.name);
  if (new Set(names).size !== names.length) throw crmSettingsErrors.filterNameRepeated();
  await repo.upsertUserConfig(tx, auth.tenantId, auth.userId, screen, config);
  return null;
};
