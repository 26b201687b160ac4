import { routeTables } from '@yunhu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobQueue } from '../../jobs/index.js';
import { secondServerDatabase } from '../../jobs/job-queue.test-kit.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { eventually } from '../org/org.test-kit.js';
import { expiredRunError } from './platform-jobs.service.js';

const r = routeTables.platformJobs;
const quiet = { error: () => undefined, warn: () => undefined };

describe('后台任务 (the platform operator)', () => {
  let t: TTestApp;
  let platform: string;
  beforeAll(async () => {
    t = await startTestApp();
    platform = await t.loginAs.platform();
  });
  afterAll(() => t.close());

  const page = async (filter: { name?: string; state?: 'failed' | 'retry' | 'created' } = {}) => {
    const res = await t.call(r.jobPage, { page: 1, limit: 20, ...filter }, platform);
    expect(res.body.code, res.body.msg).toBe(0);
    return res.body.data;
  };

  it('lists the server’s job runs: those at its start done, the next of each interval waiting', async () => {
    // A test app's queue runs nothing by itself: here it runs what is due, as a working one would.
    expect(await t.app.jobs.runDue()).toBeGreaterThanOrEqual(3);
    const runs = (await page()).records;
    const names = (state: string) => runs.filter((j) => j.state === state).map((j) => j.name);
    expect(names('completed')).toEqual(
      expect.arrayContaining(['crm.release', 'import.recovery', 'call.recording-sweep']),
    );
    expect(names('created')).toEqual(expect.arrayContaining(['crm.release', 'trade.orders', 'billing.low-balance']));
  });

  it('shows a run that failed after its retries with its error, queues it again once, refuses others', async () => {
    // Another server on the database runs a job that always fails: one retry a second later.
    const other = createJobQueue({ database: await secondServerDatabase(t.database), logger: quiet });
    other.define({
      name: 'test.broken',
      pollSeconds: 0.5,
      retry: { limit: 1, delaySeconds: 1 },
      run: async () => {
        throw new Error('对账接口超时');
      },
    });
    await other.start({ isWorking: true });
    await other.send('test.broken');
    const [failed] = await eventually(
      async () => (await page({ name: 'test.broken', state: 'failed' })).records,
      (rows) => rows.length > 0,
      20_000,
    );
    await other.stop();
    expect(failed).toMatchObject({ name: 'test.broken', state: 'failed', attempts: 2, maxAttempts: 2 });
    expect(failed!.error).toBe('对账接口超时');
    expect(failed!.finishedAt).toBeGreaterThanOrEqual(failed!.startedAt!);
    // Every state but failed is left out by the filter; the run shows without it too.
    expect((await page({ state: 'failed' })).records.every((j) => j.state === 'failed')).toBe(true);
    expect((await page({ name: 'test.broken' })).total).toBe(1);

    const retried = await t.call(r.jobRetry, { name: 'test.broken', id: failed!.id }, platform);
    expect(retried.body.code, retried.body.msg).toBe(0);
    expect((await page({ name: 'test.broken' })).records[0]).toMatchObject({ state: 'retry', maxAttempts: 3 });
    const twice = await t.call(r.jobRetry, { name: 'test.broken', id: failed!.id }, platform);
    expect(twice.body).toMatchObject({ code: 10056, msg: expect.stringContaining('不是失败状态') });
    const unknown = await t.call(r.jobRetry, { name: 'test.broken', id: crypto.randomUUID() }, platform);
    expect(unknown.body.code).toBe(10056);
  });

  it('shows a run whose server was killed in it as 运行超时, not as a blank error', async () => {
    // Another server takes the run and never finishes it (killed); its lease lapses after a second.
    const killed = createJobQueue({ database: await secondServerDatabase(t.database), logger: quiet });
    killed.define({
      name: 'test.killed',
      pollSeconds: 0.5,
      expireSeconds: 1,
      retry: { limit: 0, delaySeconds: 1 },
      run: () => new Promise<never>(() => undefined),
    });
    await killed.start({ isWorking: false });
    await killed.send('test.killed');
    void killed.runDue();
    await eventually(
      async () => (await page({ name: 'test.killed' })).records[0]?.state,
      (state) => state === 'active',
      10_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await t.app.jobs.expireLapsed();
    const [run] = await eventually(
      async () => (await page({ name: 'test.killed', state: 'failed' })).records,
      (rows) => rows.length > 0,
      10_000,
    );
    expect(run!.error).toBe(expiredRunError);
    await killed.stop();
  });

  it('refuses an enterprise administrator and bad input clearly', async () => {
    const admin = await t.loginAs.admin();
    expect((await t.call(r.jobPage, { page: 1, limit: 20 }, admin)).body.code).toBe(403);
    const bad = await t.call(r.jobRetry, { name: 'Robert; drop', id: 'x' } as never, platform);
    expect(bad.body.code).toBe(10002);
  });
});
