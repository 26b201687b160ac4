import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/database.js';
import { rowsOf, type TDatabase } from './client.js';
import { withTenant } from './tenant.js';

describe('row-level security', () => {
  let database: TDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('confines a tenant transaction to its own rows even without a tenant filter', async () => {
    const a = rowsOf<{ id: number }>(
      await database.db.execute(
        sql`insert into tenants (code, name) values (${`rls-a-${Date.now()}`}, 'A') returning id`,
      ),
    )[0]!.id;
    const b = rowsOf<{ id: number }>(
      await database.db.execute(
        sql`insert into tenants (code, name) values (${`rls-b-${Date.now()}`}, 'B') returning id`,
      ),
    )[0]!.id;
    await database.db.execute(sql`insert into departments (tenant_id, name) values (${a}, '甲部门'), (${b}, '乙部门')`);
    expect(database.hasAppRole).toBe(true);
    const seen = await withTenant(database, Number(a), async (tx) =>
      rowsOf<{ name: string; tenant_id: string }>(await tx.execute(sql`select name, tenant_id from departments`)),
    );
    expect(seen.map((r) => r.name)).toEqual(['甲部门']);
    await expect(
      withTenant(database, Number(a), (tx) =>
        tx.execute(sql`insert into departments (tenant_id, name) values (${b}, '越界')`),
      ),
    ).rejects.toThrow();
  });
});
