import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/database.js';
import type { TDatabase } from './client.js';
import { departments, tenants, users } from './schema.js';
import { activeStaffOf } from './staff.js';

/** Who the pickers and staff lists offer: the tenant's active people, inside the data scope when given. */
describe('activeStaffOf', () => {
  let database: TDatabase;
  let mine: number;
  const id: Record<string, number> = {};
  let sales: number;
  beforeAll(async () => {
    database = await openTestDatabase();
    const { db } = database;
    const made = await db
      .insert(tenants)
      .values(['a', 'b'].map((c) => ({ code: `staff-of-${c}`, name: `员工${c}` })))
      .returning({ id: tenants.id });
    const [a, b] = made.map((t) => t.id) as [number, number];
    mine = a;
    [sales] = (
      await db
        .insert(departments)
        .values([{ tenantId: a, name: '销售部' }])
        .returning({ id: departments.id })
    ).map((d) => d.id) as [number];
    const people = [
      { key: 'owner', tenantId: a, status: 'active', deptId: null },
      { key: 'seller', tenantId: a, status: 'active', deptId: sales },
      { key: 'other', tenantId: a, status: 'active', deptId: null },
      { key: 'disabled', tenantId: a, status: 'disabled', deptId: sales },
      { key: 'deleted', tenantId: a, status: 'deleted', deptId: sales },
      { key: 'elsewhere', tenantId: b, status: 'active', deptId: null },
    ];
    for (const p of people) {
      const [row] = await db
        .insert(users)
        .values({
          tenantId: p.tenantId,
          username: `staff-of-${p.key}`,
          mobile: `1390000${String(people.indexOf(p)).padStart(4, '0')}`,
          passwordHash: 'x',
          realName: p.key,
          jobNumber: p.key,
          status: p.status,
          deptId: p.deptId,
        })
        .returning({ id: users.id });
      id[p.key] = row!.id;
    }
  });
  afterAll(() => database.close());

  const idsOf = async (where: ReturnType<typeof activeStaffOf>) =>
    new Set((await database.db.select({ id: users.id }).from(users).where(where)).map((r) => r.id));

  it("offers the tenant's active people only, whatever their department", async () => {
    expect(await idsOf(activeStaffOf(mine))).toEqual(new Set([id.owner, id.seller, id.other]));
    expect(await idsOf(activeStaffOf(mine, { kind: 'all' }))).toEqual(await idsOf(activeStaffOf(mine)));
  });

  it('narrows to himself and the departments of a limited scope', async () => {
    const scope = { kind: 'limited' as const, userId: id.owner!, deptIds: [sales] };
    expect(await idsOf(activeStaffOf(mine, scope))).toEqual(new Set([id.owner, id.seller]));
    expect(await idsOf(activeStaffOf(mine, { ...scope, deptIds: [] }))).toEqual(new Set([id.owner]));
  });
});
