// The black-list area's one door: other areas, app.ts and main.ts import only this file.
// For the dial flow and the CRM import: `findBlocked(tx, tenantId, numbers, now?)` (Map of the
// normalised numbers blocked to 'tenant' | 'platform'), `recordIntercept(tx, entry)` (one line of
// the 黑名单拦截 log) and `blockedMobiles`; each takes the caller's transaction. For 企业线索:
// `companyBlacklistLookup(tx, tenantId, companies)`, which entry of the company black-list names each.
export { blacklistErrors } from './blacklist.errors.js';
export {
  blockedMobiles,
  blockedReason,
  findBlocked,
  recordIntercept,
  type TBlockLevel,
  type TInterceptEntry,
} from './blacklist.lookup.js';
export { blacklistHandlers } from './blacklist.routes.js';
export { blacklistIntercepts, companyBlacklist, numberBlacklist, platformNumberBlacklist } from './blacklist.schema.js';
export { createBlacklistService, type TBlacklistService } from './blacklist.service.js';
export { companyBlacklistLookup, type TNamedCompany } from './blacklist-company.service.js';
