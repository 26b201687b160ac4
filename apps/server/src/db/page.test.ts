import { asc, count, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/database.js';
import type { TDatabase } from './client.js';
import { pageOf } from './page.js';
import { tenants } from './schema.js';

/** A list's page and its total, counted over the same rows. */
describe('pageOf', () => {
  let database: TDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.insert(tenants).values(['a', 'b', 'c'].map((c) => ({ code: `page-${c}`, name: `分页${c}` })));
  });
  afterAll(() => database.close());

  const page = (p: number, limit: number) => {
    const { db } = database;
    const where = like(tenants.code, 'page-%');
    return pageOf(
      db.select({ n: count() }).from(tenants).where(where),
      db.select({ id: tenants.id }).from(tenants).where(where).orderBy(asc(tenants.id)).$dynamic(),
      { page: p, limit },
    );
  };

  it('skips the earlier pages, takes one page and counts every row', async () => {
    const all = await database.db
      .select({ id: tenants.id })
      .from(tenants)
      .where(like(tenants.code, 'page-%'))
      .orderBy(asc(tenants.id));
    expect(all).toHaveLength(3);
    expect(await page(1, 1)).toEqual({ records: [all[0]], total: all.length });
    expect(await page(2, 1)).toEqual({ records: [all[1]], total: all.length });
    expect(await page(1, all.length + 5)).toEqual({ records: all, total: all.length });
    expect(await page(all.length + 1, 1)).toEqual({ records: [], total: all.length });
  });
});
