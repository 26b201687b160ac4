import { randomUUID } from 'node:crypto';
import { routeTables } from '@yunhu/contract';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { otherEnterprise } from '../../test/other-enterprise.js';
import { crmImportRows, crmImports } from '../crm-import/crm-import.schema.js';
import { tenants, users } from '../org/org.schema.js';
import { book } from '../trade/index.js';
import { accounts, ledgerEntries } from '../trade/trade.schema.js';
import { devNumberChecker, type TNumberChecker } from './number-check.checker.js';
import { numberCheckErrors } from './number-check.errors.js';
import { numberCheckResults, numberCheckRuns } from './number-check.schema.js';
import { createNumberCheckService } from './number-check.service.js';

const r = routeTables.numberCheck;

/**
 * 空号检测 on a customer import before its confirm: the run queued by the request and checked by the
 * job, the simulator's known answers, a charge per number once per batch (parallel runs, a retried
 * job, two servers' jobs at once), a failing checker (retried, then 失败 with its reason, unchecked
 * numbers not charged), a short balance refusing the whole run, 一键排除 refusing the rows, the rate
 * the platform sets, and the walls (another enterprise, a role without the right).
 */
describe('空号检测', () => {
  let t: TTestApp;
  let admin: string;
  let agent: string;
  let platform: string;
  let demoId: number;
  let adminId: number;
  let other: Awaited<ReturnType<typeof otherEnterprise>>;
  /** Unique per run, so a retry meets numbers nobody checked. */
  const prefix = `139${String(Date.now()).slice(-6)}`;

  const ok = <T>(res: { body: { code: number; msg: string; data: T } }) => {
    expect(res.body.code, res.body.msg).toBe(0);
    return res.body.data;
  };
  /** A previewed customer import of these mobiles (the staging as the runner leaves it). */
  const stagedImport = async (tenantId: number, userId: number, mobiles: string[]) => {
    const id = randomUUID();
    await t.database.db.insert(crmImports).values({
      id,
      tenantId,
      userId,
      kind: 'customer',
      fileName: '客户.xlsx',
      status: 'previewed',
      total: mobiles.length,
      validCount: mobiles.length,
    });
    await t.database.db
      .insert(crmImportRows)
      .values(
        mobiles.map((mobile, i) => ({ importId: id, tenantId, rowNo: i + 1, data: { name: `客户${i}`, mobile } })),
      );
    return id;
  };
  const numbers = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${prefix}${tag}${i}`);
  const balanceOf = async (tenantId: number) =>
    Number((await t.database.db.select().from(accounts).where(eq(accounts.tenantId, tenantId)))[0]?.balance ?? 0);
  const runsOf = (batchId: string) =>
    t.database.db.select().from(numberCheckRuns).where(eq(numberCheckRuns.batchId, batchId));
  /** The job as a second server would run it, with its own checker and small chunks. */
  const jobWith = (checker: TNumberChecker) =>
    createNumberCheckService({
      database: t.database,
      checker,
      send: async () => null,
      logger: { error: () => undefined, warn: () => undefined },
      chunk: 3,
    }).job();
  const runJob = (job: ReturnType<typeof jobWith>) =>
    job.run({}, { signal: new AbortController().signal, attempt: 1 }).then(
      () => 'ok',
      (error: Error) => error.message,
    );
  /** A checker that answers like the simulator, counting who was asked, and refuses on the calls `failOn` says. */
  const countingChecker = (failOn: (call: number) => boolean) => {
    const asked: string[] = [];
    let calls = 0;
    const checker: TNumberChecker = {
      ...devNumberChecker,
      check: async (mobiles) => {
        calls++;
        if (failOn(calls)) throw numberCheckErrors.checkerFailed('API可用次数不足');
        asked.push(...mobiles);
        return devNumberChecker.check(mobiles);
      },
    };
    return { checker, asked };
  };
  const chargesOf = (batchId: string) =>
    t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.bizType, 'number_check'), like(ledgerEntries.bizKey, `${batchId}:%`)));

  beforeAll(async () => {
    t = await startTestApp();
    [admin, agent, platform] = await Promise.all([t.loginAs.admin(), t.loginAs.agent(), t.loginAs.platform()]);
    other = await otherEnterprise(t, { code: 'E400093', username: 'checkboss', mobile: '13700009301' });
    const [demo] = await t.database.db.select().from(tenants).where(eq(tenants.code, 'E100001'));
    demoId = demo!.id;
    const [boss] = await t.database.db.select().from(users).where(eq(users.username, 'admin'));
    adminId = boss!.id;
    await t.database.db.transaction((tx) =>
      book(tx, { tenantId: demoId, kind: 'adjustment', amount: 100_000, bizType: 'test', bizKey: `fund-${prefix}` }),
    );
  });
  afterAll(() => t.close());

  it('queues the run, and the job checks each number once per batch at the platform’s rate', async () => {
    const mobiles = numbers(10, '1'); // last digits 0…9
    const batchId = await stagedImport(demoId, adminId, mobiles);
    const before = ok(await t.call(r.summary, { source: 'crmImport', batchId }, admin));
    expect(before).toMatchObject({
      total: 10,
      unchecked: 10,
      checker: '模拟检测（开发用）',
      isSimulator: true,
      run: null,
    });
    expect(before.amount).toBe(before.unitPrice * 10);
    const balance = await balanceOf(demoId);
    const queued = ok(await t.call(r.run, { source: 'crmImport', batchId }, admin));
    // The request only records the run: nothing checked or charged yet.
    expect(queued.run).toMatchObject({ state: 'queued', stateName: '排队中', total: 10, checked: 0 });
    expect(queued.unchecked).toBe(10);
    expect(await chargesOf(batchId)).toHaveLength(0);
    await t.app.jobs.runDue();
    const after = ok(await t.call(r.summary, { source: 'crmImport', batchId }, admin));
    expect(after.unchecked).toBe(0);
    expect(after.run).toMatchObject({ state: 'done', stateName: '已完成', total: 10, checked: 10, errorReason: '' });
    expect(after.counts).toEqual({ empty: 1, stopped: 1, unknown: 1, silent: 1, risk: 1, real: 5 });
    expect(await balanceOf(demoId)).toBe(balance - before.unitPrice * 10);
    expect(await chargesOf(batchId)).toHaveLength(10);
    // Again: nothing left to check, no run queued, nothing charged.
    ok(await t.call(r.run, { source: 'crmImport', batchId }, admin));
    expect(await runsOf(batchId)).toHaveLength(1);
    await t.app.jobs.runDue();
    expect(await chargesOf(batchId)).toHaveLength(10);
    const rows = ok(await t.call(r.rows, { source: 'crmImport', batchId }, admin));
    expect(rows.find((x) => x.mobile === mobiles[0])?.result).toBe('empty');
  });

  it('charges each number once under 10 parallel runs of one batch', async () => {
    const batchId = await stagedImport(demoId, adminId, numbers(8, '2'));
    const balance = await balanceOf(demoId);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => t.call(r.run, { source: 'crmImport', batchId }, admin)),
    );
    expect(answers.every((a) => a.body.code === 0)).toBe(true);
    // One run waits for the batch; the others were answered with it.
    expect(await runsOf(batchId)).toHaveLength(1);
    await t.app.jobs.runDue();
    const charges = await chargesOf(batchId);
    expect(charges).toHaveLength(8);
    expect(await balanceOf(demoId)).toBe(balance + charges.reduce((s, c) => s + Number(c.amount), 0));
    const kept = await t.database.db.select().from(numberCheckResults).where(eq(numberCheckResults.batchId, batchId));
    expect(kept).toHaveLength(8);
  });

  it('refuses the whole run when the balance is short, changing nothing', async () => {
    const batchId = await stagedImport(other.tenantId, other.userId, numbers(5, '3'));
    const res = await t.call(r.run, { source: 'crmImport', batchId }, other.token);
    expect(res.body.msg).toMatch(/^余额不足：本次检测5个号码需0\.\d\d元，当前余额0\.00元，请先充值$/);
    expect(await runsOf(batchId)).toHaveLength(0);
    await t.app.jobs.runDue();
    expect(await chargesOf(batchId)).toHaveLength(0);
    const kept = await t.database.db.select().from(numberCheckResults).where(eq(numberCheckResults.batchId, batchId));
    expect(kept).toHaveLength(0);
  });

  it('retries a failing checker and charges a number asked again only once', async () => {
    const mobiles = numbers(7, '6');
    const batchId = await stagedImport(demoId, adminId, mobiles);
    ok(await t.call(r.run, { source: 'crmImport', batchId }, admin));
    // The provider refuses its second question once: the first chunk is kept, the run waits for a retry.
    const { checker, asked } = countingChecker((call) => call === 2);
    const job = jobWith(checker);
    expect(await runJob(job)).toMatch(/wait for a retry/);
    const [waiting] = await runsOf(batchId);
    expect(waiting).toMatchObject({
      state: 'queued',
      checked: 3,
      attempts: 1,
      errorReason: '空号检测服务暂不可用：API可用次数不足，请稍后重试',
    });
    expect(await chargesOf(batchId)).toHaveLength(3);
    expect(await runJob(job)).toBe('ok');
    const [done] = await runsOf(batchId);
    expect(done).toMatchObject({ state: 'done', checked: 7, attempts: 2, errorReason: '' });
    // The numbers kept by the first try were not asked (nor charged) again.
    expect(asked.sort()).toEqual([...mobiles].sort());
    expect(await chargesOf(batchId)).toHaveLength(7);
  });

  it('takes up a run whose server died mid-run, and leaves alone one that is still making progress', async () => {
    const mobiles = numbers(6, '0');
    const batchId = await stagedImport(demoId, adminId, mobiles);
    ok(await t.call(r.run, { source: 'crmImport', batchId }, admin));
    // Its first server kept one chunk, then died with the run 检测中.
    expect(await runJob(jobWith(countingChecker((call) => call === 2).checker))).toMatch(/wait for a retry/);
    const alive = sql`update number_check_runs set state = 'running', updated_at = now() where batch_id = ${batchId}`;
    await t.database.db.execute(alive);
    const { checker, asked } = countingChecker(() => false);
    expect(await runJob(jobWith(checker))).toBe('ok');
    expect(asked).toEqual([]);
    expect((await runsOf(batchId))[0]).toMatchObject({ state: 'running', checked: 3 });
    await t.database.db.execute(
      sql`update number_check_runs set updated_at = now() - interval '10 minutes' where batch_id = ${batchId}`,
    );
    expect(await runJob(jobWith(checker))).toBe('ok');
    expect(asked.sort()).toEqual(mobiles.slice(3).sort());
    expect((await runsOf(batchId))[0]).toMatchObject({ state: 'done', checked: 6 });
    expect(await chargesOf(batchId)).toHaveLength(6);
  });

  it('gives a run up as 失败 with the reason after its retries, charging none of the unchecked numbers', async () => {
    const batchId = await stagedImport(demoId, adminId, numbers(8, '7'));
    ok(await t.call(r.run, { source: 'crmImport', batchId }, admin));
    const balance = await balanceOf(demoId);
    // The first chunk answers; every later question is refused.
    const job = jobWith(countingChecker((call) => call > 1).checker);
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await runJob(job)).toMatch(/wait for a retry/);
      expect((await runsOf(batchId))[0]).toMatchObject({ state: 'queued', attempts: attempt });
    }
    expect(await runJob(job)).toBe('ok');
    const summary = ok(await t.call(r.summary, { source: 'crmImport', batchId }, admin));
    expect(summary.run).toMatchObject({
      state: 'failed',
      stateName: '失败',
      checked: 3,
      errorReason: '空号检测服务暂不可用：API可用次数不足，请稍后重试',
    });
    expect(summary.unchecked).toBe(5);
    const charges = await chargesOf(batchId);
    expect(charges).toHaveLength(3);
    expect(await balanceOf(demoId)).toBe(balance + charges.reduce((sum, c) => sum + Number(c.amount), 0));
    // A new run checks what is left.
    ok(await t.call(r.run, { source: 'crmImport', batchId }, admin));
    await t.app.jobs.runDue();
    expect(await chargesOf(batchId)).toHaveLength(8);
  });

  it('runs each queued run once when two servers’ jobs run at once, each number charged once', async () => {
    const batches = await Promise.all([1, 2, 3].map((n) => stagedImport(demoId, adminId, numbers(5, `8${n}`))));
    for (const batchId of batches) ok(await t.call(r.run, { source: 'crmImport', batchId }, admin));
    const a = countingChecker(() => false);
    const b = countingChecker(() => false);
    expect(await Promise.all([runJob(jobWith(a.checker)), runJob(jobWith(b.checker))])).toEqual(['ok', 'ok']);
    expect(a.asked.length + b.asked.length).toBe(15);
    for (const batchId of batches) {
      expect(await chargesOf(batchId)).toHaveLength(5);
      expect((await runsOf(batchId))[0]).toMatchObject({ state: 'done', checked: 5, attempts: 1 });
    }
  });

  it('ends a queued run as 失败 when its import was confirmed before the job came, charging nothing', async () => {
    const batchId = await stagedImport(demoId, adminId, numbers(4, '9'));
    ok(await t.call(r.run, { source: 'crmImport', batchId }, admin));
    await t.database.db.update(crmImports).set({ status: 'done' }).where(eq(crmImports.id, batchId));
    await t.app.jobs.runDue();
    expect((await runsOf(batchId))[0]).toMatchObject({
      state: 'failed',
      checked: 0,
      errorReason: '该导入已确认或已结束，不能再检测或排除号码',
    });
    expect(await chargesOf(batchId)).toHaveLength(0);
  });

  it('leaves 空号 and 停机 out of the import with one click, the rows refused with the reason', async () => {
    const mobiles = numbers(10, '4');
    const batchId = await stagedImport(demoId, adminId, mobiles);
    ok(await t.call(r.run, { source: 'crmImport', batchId }, admin));
    await t.app.jobs.runDue();
    const done = ok(await t.call(r.exclude, { source: 'crmImport', batchId }, admin));
    expect(done.excluded).toBe(2);
    const staged = await t.database.db.select().from(crmImportRows).where(eq(crmImportRows.importId, batchId));
    const refused = staged.filter((x) => x.error !== null);
    expect(refused.map((x) => x.error).sort()).toEqual(['空号检测为停机，已排除', '空号检测为空号，已排除']);
    const [batch] = await t.database.db.select().from(crmImports).where(eq(crmImports.id, batchId));
    expect({ valid: batch!.validCount, invalid: batch!.invalidCount }).toEqual({ valid: 8, invalid: 2 });
    // A confirmed import is closed to checks and exclusions.
    await t.database.db.update(crmImports).set({ status: 'done' }).where(eq(crmImports.id, batchId));
    expect((await t.call(r.run, { source: 'crmImport', batchId }, admin)).body.msg).toBe(
      '该导入已确认或已结束，不能再检测或排除号码',
    );
  });

  it('keeps a batch from another enterprise and from a colleague, and lets only the platform set the rate', async () => {
    const batchId = await stagedImport(demoId, adminId, numbers(2, '5'));
    expect((await t.call(r.summary, { source: 'crmImport', batchId }, other.token)).body.msg).toBe(
      '检测批次不存在或已失效，请重新上传',
    );
    expect((await t.call(r.run, { source: 'clueMatch', batchId }, admin)).body.msg).toBe(
      '检测批次不存在或已失效，请重新上传',
    );
    // An agent of the same enterprise checks no batch but his own.
    expect((await t.call(r.run, { source: 'crmImport', batchId }, agent)).body.msg).toBe(
      '检测批次不存在或已失效，请重新上传',
    );
    expect((await t.call(r.rateSave, { unitPrice: 5 }, admin)).body.code).toBe(403);
    const rate = ok(await t.call(r.rateSave, { unitPrice: 5 }, platform));
    expect(rate.unitPrice).toBe(5);
    expect(ok(await t.call(r.summary, { source: 'crmImport', batchId }, admin)).unitPrice).toBe(5);
    expect((await t.call(r.run, { source: 'crmImport', batchId: 'nope' }, admin)).body.msg).toMatch(/批次不正确/);
  });
});
