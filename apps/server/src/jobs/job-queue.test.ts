import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabase } from '../db/client.js';
import { eventually } from '../modules/org/org.test-kit.js';
import { openSeededTestDatabase } from '../test/seeded-database.js';
import { createJobQueue, type TJobDef, type TJobQueue } from './index.js';
import { secondServerDatabase } from './job-queue.test-kit.js';

const quiet = { error: () => undefined, warn: () => undefined };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The queue on this run's database (PGlite, or PostgreSQL with TEST_DATABASE_URL). Two queues on one
 * database are two servers: on PostgreSQL each has its own pool, on PGlite they share the one
 * in-process session, as everything there does.
 */
describe('the job queue', () => {
  let database: TDatabase;
  let other: TDatabase;
  const queues: TJobQueue[] = [];
  const queueOn = (db: TDatabase, ...defs: TJobDef<{ n?: number }>[]) => {
    const queue = createJobQueue({ database: db, logger: quiet });
    for (const def of defs) queue.define(def);
    queues.push(queue);
    return queue;
  };

  beforeAll(async () => {
    database = await openSeededTestDatabase();
    other = await secondServerDatabase(database);
  });
  afterAll(async () => {
    for (const q of queues) await q.stop();
    await other.close();
    await database.close();
  });

  it('runs a job once when two servers poll for it, and an interval job one run at a time', async () => {
    const runs: { by: string; n: number | undefined; at: number; end: number }[] = [];
    const job = (by: string): TJobDef<{ n?: number }> => ({
      name: 'test.once',
      pollSeconds: 0.5,
      run: async (data) => {
        const at = Date.now();
        await sleep(50);
        runs.push({ by, n: data.n, at, end: Date.now() });
      },
    });
    const tick = (by: string): TJobDef<{ n?: number }> => ({
      name: 'test.tick',
      everySeconds: 1,
      pollSeconds: 0.5,
      run: async () => {
        const at = Date.now();
        await sleep(300);
        runs.push({ by, n: -1, at, end: Date.now() });
      },
    });
    const a = queueOn(database, job('a'), tick('a'));
    const b = queueOn(other, job('b'), tick('b'));
    await Promise.all([a.start({ isWorking: true }), b.start({ isWorking: true })]);
    for (const n of [1, 2, 3]) {
      await (n % 2 ? a : b).send('test.once', { n });
      await eventually(
        async () => runs.filter((r) => r.n === n).length,
        (count) => count > 0,
        10_000,
      );
    }
    // Both servers polled several more times: nothing ran twice.
    await sleep(2_500);
    await Promise.all([a.stop(), b.stop()]);
    const once = runs.filter((r) => r.n !== -1);
    expect(once.map((r) => r.n).sort()).toEqual([1, 2, 3]);
    // The interval job: both servers seeded it, one run per second at most, never two at once.
    const ticks = runs.filter((r) => r.n === -1).sort((x, y) => x.at - y.at);
    expect(ticks.length).toBeGreaterThan(1);
    for (let i = 1; i < ticks.length; i++) expect(ticks[i]!.at).toBeGreaterThanOrEqual(ticks[i - 1]!.end);
    const seconds = (ticks.at(-1)!.at - ticks[0]!.at) / 1000;
    expect(ticks.length).toBeLessThanOrEqual(Math.floor(seconds) + 1);
  });

  it('tries a failing run again with a growing delay, then keeps it failed with its error', async () => {
    const tries: number[] = [];
    const queue = queueOn(database, {
      name: 'test.failing',
      pollSeconds: 0.5,
      retry: { limit: 2, delaySeconds: 1 },
      run: async () => {
        tries.push(Date.now());
        throw new Error(`第${tries.length}次失败`);
      },
    });
    await queue.start({ isWorking: true });
    const id = await queue.send('test.failing');
    await eventually(
      async () => tries.length,
      (n) => n === 3,
      20_000,
    );
    // Backoff: 1-2 s before the second try, 2-4 s before the third (plus up to a poll).
    expect(tries[1]! - tries[0]!).toBeGreaterThanOrEqual(1000);
    expect(tries[2]! - tries[1]!).toBeGreaterThanOrEqual(2000);
    await sleep(300);
    await queue.stop();
    const check = queueOn(database);
    await check.start({ isWorking: false });
    expect(await check.retry('test.failing', id!)).toBe(true);
    // Not failed any more (waiting for its new try): a second re-run is refused.
    expect(await check.retry('test.failing', id!)).toBe(false);
    await check.stop();
  });

  it('takes a run again once the lease of a server killed in it lapsed, and says so', async () => {
    const def = (run: TJobDef<{ n?: number }>['run']): TJobDef<{ n?: number }> => ({
      name: 'test.killed',
      pollSeconds: 0.5,
      expireSeconds: 1,
      retry: { limit: 1, delaySeconds: 1 },
      run,
    });
    // The server killed in the run: it never finishes it, nor answers again.
    let taken = false;
    const killed = queueOn(
      other,
      def(
        () =>
          new Promise<never>(() => {
            taken = true;
          }),
      ),
    );
    await killed.start({ isWorking: false });
    await killed.send('test.killed');
    void killed.runDue();
    await eventually(
      async () => taken,
      (v) => v,
      10_000,
    );
    // A working server: told of the run it takes again.
    const expired: string[] = [];
    const attempts: number[] = [];
    const survivor = createJobQueue({ database, logger: quiet, onExpired: (job) => expired.push(job) });
    queues.push(survivor);
    survivor.define(
      def(async (_data, run) => {
        attempts.push(run.attempt);
      }),
    );
    await survivor.start({ isWorking: true });
    await sleep(2_100);
    expect(attempts).toEqual([]);
    // Its supervisor's pass (every minute), now.
    await survivor.expireLapsed();
    await eventually(
      async () => attempts.length,
      (n) => n > 0,
      10_000,
    );
    expect(attempts).toEqual([2]);
    expect(expired).toEqual(['test.killed']);
    await survivor.stop();
  });

  it('keeps a run sent before a stop and runs it after the next start', async () => {
    const seen: (number | undefined)[] = [];
    const def: TJobDef<{ n?: number }> = {
      name: 'test.later',
      pollSeconds: 0.5,
      run: async (data) => {
        seen.push(data.n);
      },
    };
    const before = queueOn(database, def);
    await before.start({ isWorking: false });
    await before.send('test.later', { n: 7 });
    await before.stop();
    expect(seen).toEqual([]);
    // Another server process starts on the database.
    const after = queueOn(other, def);
    await after.start({ isWorking: true });
    await eventually(
      async () => seen.length,
      (n) => n > 0,
      10_000,
    );
    expect(seen).toEqual([7]);
    await after.stop();
  });

  it('runDue runs what is due at once, the run at start included, for a queue that does not poll', async () => {
    const seen: string[] = [];
    const queue = queueOn(database, {
      name: 'test.manual',
      everySeconds: 600,
      atStart: () => ({ n: 1 }),
      run: async (data) => {
        seen.push(`run ${data.n}`);
      },
    });
    await queue.start({ isWorking: false });
    expect(await queue.runDue()).toBe(1);
    // The next run of the chain waits ten minutes.
    expect(await queue.runDue()).toBe(0);
    expect(seen).toEqual(['run 1']);
  });
});
