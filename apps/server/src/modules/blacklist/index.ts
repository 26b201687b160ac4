// The black-list area's one door: other areas, app.ts and main.ts import only this file.
// For the dial flow and the CRM import: `findBlocked(tx, tenantId, numbers, now?)` (Map of the
// normalised numbers blocked to 'tenant' | 'platform'), `recordIntercept(tx, entry)` (one line of
// the 黑名单拦截 log) and `blockedMobiles`; each takes the caller's transaction.
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
export { blacklistIntercepts, numberBlacklist, platformNumberBlacklist } from './blacklist.schema.js';
export { createBlacklistService, type TBlacklistService } from './blacklist.service.js';
