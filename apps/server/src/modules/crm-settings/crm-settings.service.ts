import { fieldAdd, fieldDelete, fieldEdit, fieldPage, fieldQuery } from './crm-settings.fields.js';
import { quickDelete, quickList, quickSave } from './crm-settings.quick.js';
import { privacySave, rulesGet, rulesSave, screenConfigGet, screenConfigSave } from './crm-settings.rules.js';
import { tagDelete, tagList, tagSave } from './crm-settings.tags.js';

/**
 * 客户设置 (crm-user-tag, sys-customer-field, quick-content) and 业务规则 (config-function). The
 * storage is the one the customer services read: tag ids in customers.tag_ids, custom values in
 * customers.custom_values keyed by the field id, one crm_settings row per tenant.
 *
 * One file per use case: tags, custom fields, quick replies, and the rules with the list configs.
 */
export const createCrmSettingsService = () => ({
  tagList,
  tagSave,
  tagDelete,
  fieldPage,
  fieldQuery,
  fieldAdd,
  fieldEdit,
  fieldDelete,
  quickList,
  quickSave,
  quickDelete,
  rulesGet,
  rulesSave,
  privacySave,
  screenConfigGet,
  screenConfigSave,
});

export type TCrmSettingsService = ReturnType<typeof createCrmSettingsService>;
