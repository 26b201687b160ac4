import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/database.js';
import { rowsOf, type TDatabase } from './client.js';

/**
 * Parents that are never deleted for good: tenants and lines stay, people and departments are
 * soft-deleted (status / deleted_at). Their children's keys need no index of their own; every other
 * foreign key does (migration 0033).
 */
const softDeletedParents = ['tenants', 'users', 'departments', 'lines'];

type TKey = { child: string; name: string; parent: string; columns: string[]; indexed: boolean };

describe('foreign keys and deletes', () => {
  let database: TDatabase;
  let keys: TKey[];
  beforeAll(async () => {
    database = await openTestDatabase();
    // An index serves a key when its leading columns are the key's columns (in any order) and it
    // holds every row that can have a parent: no predicate, or only "<column> IS NOT NULL". A key
    // that names the parent's enterprise beside its row ((tenant_id, customer_id) -> customers) is
    // also served by an index leading with its other columns: the enterprise is one more filter.
    keys = rowsOf<TKey>(
      await database.db.execute(sql`
        with fk as (
          select c.*, array(select k.n from unnest(c.conkey, c.confkey) k(n, p)
            where p is distinct from (select a.attnum from pg_attribute a
              where a.attrelid = c.confrelid and a.attname = 'tenant_id' and not a.attisdropped)) as own
          from pg_constraint c
          where c.contype = 'f' and c.connamespace = 'public'::regnamespace
        )
        select c.conrelid::regclass::text as child, c.conname as name, c.confrelid::regclass::text as parent,
          array(select a.attname::text from unnest(c.conkey) k(n)
            join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n) as columns,
          exists (
            select 1 from pg_index i, (values (c.conkey), (c.own)) served(cols)
            where i.indrelid = c.conrelid and cardinality(served.cols) > 0
              and (i.indkey::int2[])[0:cardinality(served.cols) - 1] @> served.cols
              and (i.indkey::int2[])[0:cardinality(served.cols) - 1] <@ served.cols
              and (i.indpred is null
                or cardinality(c.own) = 1 and pg_get_expr(i.indpred, i.indrelid) = (
                  select '(' || a.attname || ' IS NOT NULL)' from pg_attribute a
                  where a.attrelid = c.conrelid and a.attnum = c.own[1]))
          ) as indexed
        from fk c
        order by 1, 2`),
    );
  });
  afterAll(() => database.close());

  it('every foreign key to a parent that is deleted for good has an index leading with its columns', () => {
    expect(keys.length).toBeGreaterThan(50);
    const missing = keys
      .filter((k) => !softDeletedParents.includes(k.parent) && !k.indexed)
      .map((k) => `${k.child}(${k.columns.join(', ')}) -> ${k.parent}`);
    expect(missing).toEqual([]);
    // The keys behind the recycle bin's purge (without them a purge scans whole tables) are among those checked.
    const ofCustomers = keys
      .filter((k) => k.parent === 'customers')
      .map((k) => `${k.child}.${k.columns.filter((c) => c !== 'tenant_id')}`);
    expect(ofCustomers).toEqual(
      expect.arrayContaining(['call_records.customer_id', 'call_binds.customer_id', 'call_task_items.customer_id']),
    );
  });

  it('the parents left out of that rule are never deleted for good by the server', () => {
    const src = path.resolve(new URL('..', import.meta.url).pathname);
    const files = (fs.readdirSync(src, { recursive: true }) as string[]).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.includes('test-kit') && !f.startsWith('test'),
    );
    // The schema names (users) and the Drizzle names (users, departments) of each table.
    const deletes = new RegExp(
      `delete\\(\\s*(${softDeletedParents.join('|')})\\s*\\)|delete\\s+from\\s+"?(${softDeletedParents.join('|')})\\b`,
      'i',
    );
    const found = files.filter((f) => deletes.test(fs.readFileSync(path.join(src, f), 'utf8')));
    expect(found).toEqual([]);
    // The pattern does catch a hard delete.
    expect(deletes.test('db.delete(users).where(eq(users.id, 1))')).toBe(true);
    expect(deletes.test('delete from departments where id = 1')).toBe(true);
  });
});
