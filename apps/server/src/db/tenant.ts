import { sql } from 'drizzle-orm';
import type { TDatabase, TDb } from './client.js';

/**
 * Runs `fn` in a transaction that PostgreSQL itself confines to one tenant: the role yunhu_app
 * under row-level security with app.tenant_id set (migration 0001). Repositories still filter by
 * tenant in every query; this is the second wall.
 */
export const withTenant = async <T>(database: TDatabase, tenantId: number, fn: (tx: TDb) => Promise<T>): Promise<T> =>
  database.db.transaction(async (tx) => {
    // One round trip: `role` is a setting like any other, so set_config(…, true) is SET LOCAL ROLE.
    const role = database.hasAppRole ? 'yunhu_app' : 'none';
    await tx.execute(sql`select set_config('app.tenant_id', ${String(tenantId)}, true),
      set_config('role', ${role}, true)`);
    return fn(tx as unknown as TDb);
  });
