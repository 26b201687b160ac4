// The CRM import and export's one door: customer and follow-up imports, the customer export.
export { createExportService, type TExportService } from './crm-export.service.js';
export { crmImportHandlers } from './crm-import.routes.js';
export { createCrmImportService, type TCrmImportService } from './crm-import.service.js';
