import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/database.js';
import { claimNextDue } from './claim.js';
import type { TDatabase } from './client.js';
import { numberCheckRuns as runs, tenants } from './schema.js';

/** The work tables' claim: the oldest row due, once, whoever asks at the same moment. */
describe('claimNextDue', () => {
  let database: TDatabase;
  let tenantId: number;
  beforeAll(async () => {
    database = await openTestDatabase();
    [{ id: tenantId }] = (await database.db
      .insert(tenants)
      .values({ code: 'claim-next', name: '领取' })
      .returning({ id: tenants.id })) as [{ id: number }];
  });
  afterAll(() => database.close());

  const addRuns = async (n: number) =>
    (
      await database.db
        .insert(runs)
        .values(
          Array.from({ length: n }, () => ({
            tenantId,
            batchId: randomUUID(),
            source: 'crmImport',
            mobiles: [],
            unitPrice: 1,
          })),
        )
        .returning({ id: runs.id })
    ).map((r) => r.id);
  const claim = (skip: number[] = [], abandonedAfterSeconds = 300) =>
    claimNextDue(
      database.db,
      runs,
      { waiting: 'queued', abandonedAfterSeconds, skip },
      { id: runs.id, attempts: runs.attempts },
    );
  const endAll = () => database.db.update(runs).set({ state: 'done' });

  it('takes the oldest waiting row, counts the attempt, and passes over the skipped and those under way', async () => {
    await endAll();
    const [first, second, third] = (await addRuns(3)) as [number, number, number];
    expect(await claim()).toEqual({ id: first, attempts: 1 });
    expect(await claim([second])).toEqual({ id: third, attempts: 1 });
    const [row] = await database.db.select().from(runs).where(eq(runs.id, third));
    expect(row?.state).toBe('running');
    expect(await claim([second])).toBeNull();
    expect(await claim()).toEqual({ id: second, attempts: 1 });
  });

  it('takes again a running row that has shown no progress for the given time', async () => {
    await endAll();
    const [stale, fresh] = (await addRuns(2)) as [number, number];
    await database.db
      .update(runs)
      .set({ state: 'running', attempts: 1 })
      .where(inArray(runs.id, [stale, fresh]));
    await database.db.update(runs).set({ updatedAt: sql`now() - interval '10 minutes'` }).where(eq(runs.id, stale));
    expect(await claim()).toEqual({ id: stale, attempts: 2 });
    expect(await claim()).toBeNull();
    expect(await claim([stale], 0)).toEqual({ id: fresh, attempts: 2 });
  });

  it('gives each row to one of many claims made at once', async () => {
    await endAll();
    const ids = await addRuns(6);
    const claimed = await Promise.all(Array.from({ length: 10 }, () => claim()));
    const taken = claimed.flatMap((c) => (c ? [c.id] : []));
    expect(taken.sort((a, b) => a - b)).toEqual(ids.sort((a, b) => a - b));
    expect(claimed.filter((c) => c === null)).toHaveLength(4);
  });
});
