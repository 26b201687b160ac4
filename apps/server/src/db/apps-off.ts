import { type SQL, sql } from 'drizzle-orm';
import type { tenants } from './schema.js';

/**
 * The codes of the add-ons an enterprise has off now (migration 0088's tenant_off_apps: not built,
 * switched off, its trial or paid period over, or priced and never taken), as a column of the
 * statement that finds who asks: the binder refuses their routes without a statement more.
 */
export const offAppsOf = (tenantId: SQL | typeof tenants.id) => ({
  offApps: sql<string[]>`tenant_off_apps(${tenantId}, now())`,
});
