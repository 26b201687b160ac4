// The CRM settings' one door: tags, custom fields, quick replies, the pool rules and list configs.
export { crmSettingsHandlers } from './crm-settings.routes.js';
export { createCrmSettingsService, type TCrmSettingsService } from './crm-settings.service.js';
