import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/database.js';
import { rowsOf, type TDatabase } from './client.js';

describe('tenant tables', () => {
  let database: TDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('every table with a tenant_id column has the tenant_isolation policy', async () => {
    const rows = rowsOf<{ table_name: string; has_policy: boolean; rls: boolean }>(
      await database.db.execute(sql`
        select c.table_name,
          exists (select 1 from pg_policies p where p.tablename = c.table_name and p.policyname = 'tenant_isolation') as has_policy,
          (select relrowsecurity from pg_class where relname = c.table_name) as rls
        from information_schema.columns c
        where c.table_schema = 'public' and c.column_name = 'tenant_id'`),
    );
    // Sessions are looked up before a tenant is known; notice targets are the platform's.
    const exempt = ['sessions', 'notice_targets'];
    const missing = rows
      .filter((r) => !exempt.includes(r.table_name) && !(r.has_policy && r.rls))
      .map((r) => r.table_name);
    expect(rows.length).toBeGreaterThan(8);
    expect(missing).toEqual([]);
  });
});
