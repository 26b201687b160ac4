import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type TDatabase } from '../db/client.js';
import { openTestDatabase } from '../test/database.js';
import { seedDemo } from './demo.js';

describe('demo data', () => {
  let database: TDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  const count = async (table: string) =>
    rowsOf<{ n: number }>(await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;

  it('seeds an empty database once, with a month of calls for the lists and charts to come', async () => {
    expect(await seedDemo(database.db)).toBe(true);
    expect(await seedDemo(database.db)).toBe(false);
    // The platform, the demo enterprise and the demo reseller (代理商).
    expect(await count('tenants')).toBe(3);
    expect(await count('customers')).toBe(240);
    expect(await count('seats')).toBe(11); // one per demo user and 4 free for 坐席管理 to hand out
    const days = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(distinct date_trunc('day', start_time))::int as n from call_records`),
    )[0]!.n;
    expect(days).toBeGreaterThanOrEqual(25);
    const mobiles = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(distinct mobile)::int as n from users`),
    )[0]!.n;
    expect(mobiles).toBe(await count('users'));
    // A calling task under way: two agents, five customers each, two of them done.
    expect(await count('call_tasks')).toBe(1);
    const items = rowsOf<{ status: string; n: number }>(
      await database.db.execute(
        sql`select status, count(*)::int as n from call_task_items group by status order by status`,
      ),
    );
    expect(items).toEqual([
      { status: 'done', n: 4 },
      { status: 'pending', n: 6 },
    ]);
    // Customers count their calls as the ingestion keeps them.
    const uncounted = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from customers c
        where call_count <> (select count(*) from call_records r where r.customer_id = c.id)`),
    )[0]!.n;
    expect(uncounted).toBe(0);
  });
});
