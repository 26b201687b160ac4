// The org area's one door: other areas, app.ts and main.ts import only this file.

export { isUniqueViolation } from '../../db/unique.js';
export { agentStaffHandlers } from './agent-staff.routes.js';
export { createAgentStaffService, type TAgentStaffService } from './agent-staff.service.js';
export { createAgentTenant, newInviteCode, type TAgentTenantInput } from './agent-tenant.js';
export { resolveDataScope, scopeFromColumns } from './data-scope.js';
export { createEnterpriseTenant } from './enterprise-tenant.js';
export { orgHandlers } from './org.routes.js';
export { departments, roleDepts, roles, tenants, userRoles, users } from './org.schema.js';
export { createOrgService, type TOrgService, toMenuOut } from './org.service.js';
export { crmDeptHandlers, deptHandlers, roleHandlers, staffHandlers } from './org-area.routes.js';
export { pinyinOf } from './pinyin.js';
export { ensureRoleTemplates, roleTemplates } from './role-templates.js';
export { activeAdministrators } from './staff.repository.js';
