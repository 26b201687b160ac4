import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/database.js';
import type { TDatabase } from './client.js';
import { departments, tenants } from './schema.js';
import { namedAmong, tenantRows } from './tenant-rows.js';

/** The by-id statements of a tenant's rows never reach another enterprise's row of the same id. */
describe('tenantRows', () => {
  let database: TDatabase;
  let mine: number;
  let other: number;
  const rows = tenantRows(departments);
  beforeAll(async () => {
    database = await openTestDatabase();
    const made = await database.db
      .insert(tenants)
      .values(['a', 'b'].map((c) => ({ code: `rows-${c}`, name: `行${c}` })))
      .returning({ id: tenants.id });
    [mine, other] = made.map((t) => t.id) as [number, number];
  });
  afterAll(() => database.close());

  it('inserts, reads, changes and deletes a row of the enterprise', async () => {
    const { db } = database;
    const made = await rows.insertOne(db, { tenantId: mine, name: '销售部' });
    expect(await rows.findOne(db, mine, made.id)).toMatchObject({ id: made.id, name: '销售部' });
    expect(await rows.updateOne(db, mine, made.id, { name: '销售一部' })).toMatchObject({ name: '销售一部' });
    expect(await rows.deleteOne(db, mine, made.id)).toBe(true);
    expect(await rows.findOne(db, mine, made.id)).toBeNull();
    expect(await rows.deleteOne(db, mine, made.id)).toBe(false);
  });

  it("answers nothing for another enterprise's row and leaves it as it was", async () => {
    const { db } = database;
    const theirs = await rows.insertOne(db, { tenantId: other, name: '客服部' });
    expect(await rows.findOne(db, mine, theirs.id)).toBeNull();
    expect(await rows.updateOne(db, mine, theirs.id, { name: '改名' })).toBeNull();
    expect(await rows.deleteOne(db, mine, theirs.id)).toBe(false);
    expect(await rows.findOne(db, other, theirs.id)).toMatchObject({ name: '客服部' });
  });

  it('names the ids the enterprise has among those asked, narrowed by the extra condition', async () => {
    const { db } = database;
    const kept = await rows.insertOne(db, { tenantId: mine, name: '市场部' });
    const gone = await rows.insertOne(db, { tenantId: mine, name: '旧部门', deletedAt: new Date() });
    const theirs = await rows.insertOne(db, { tenantId: other, name: '外部' });
    const ids = [kept.id, gone.id, theirs.id];
    expect(await namedAmong(db, departments, mine, [])).toEqual([]);
    expect(await namedAmong(db, departments, mine, ids, isNull(departments.deletedAt))).toEqual([
      { id: kept.id, name: '市场部' },
    ]);
    expect((await namedAmong(db, departments, mine, ids)).map((r) => r.id).sort()).toEqual([kept.id, gone.id].sort());
  });
});
