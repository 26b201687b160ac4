import { randomUUID } from 'node:crypto';
import { routeTables } from '@yunhu/contract';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { otherEnterprise } from '../../test/other-enterprise.js';
import { crmImportRows, crmImports } from '../crm-import/crm-import.schema.js';
import { tenants, users } from '../org/org.schema.js';
import { book } from '../trade/index.js';
import { accounts, ledgerEntries } from '../trade/trade.schema.js';
import { numberCheckResults } from './number-check.schema.js';

const r = routeTables.numberCheck;

/**
 * 空号检测 on a customer import before its confirm: the simulator's known answers, a charge per
 * number once per batch (parallel runs too), a short balance refusing the whole run, 一键排除 refusing
 * the rows, the rate the platform sets, and the walls (another enterprise, a role without the right).
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

  it('checks each number once per batch at the platform’s rate, with the simulator’s known answers', async () => {
    const mobiles = numbers(10, '1'); // last digits 0…9
    const batchId = await stagedImport(demoId, adminId, mobiles);
    const before = ok(await t.call(r.summary, { source: 'crmImport', batchId }, admin));
    expect(before).toMatchObject({ total: 10, unchecked: 10, checker: '模拟检测（开发用）', isSimulator: true });
    expect(before.amount).toBe(before.unitPrice * 10);
    const balance = await balanceOf(demoId);
    const after = ok(await t.call(r.run, { source: 'crmImport', batchId }, admin));
    expect(after.unchecked).toBe(0);
    expect(after.counts).toEqual({ empty: 1, stopped: 1, unknown: 1, silent: 1, risk: 1, real: 5 });
    expect(await balanceOf(demoId)).toBe(balance - before.unitPrice * 10);
    expect(await chargesOf(batchId)).toHaveLength(10);
    // Again: nothing left to check, nothing charged.
    ok(await t.call(r.run, { source: 'crmImport', batchId }, admin));
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
    expect(await chargesOf(batchId)).toHaveLength(0);
    const kept = await t.database.db.select().from(numberCheckResults).where(eq(numberCheckResults.batchId, batchId));
    expect(kept).toHaveLength(0);
  });

  it('leaves 空号 and 停机 out of the import with one click, the rows refused with the reason', async () => {
    const mobiles = numbers(10, '4');
    const batchId = await stagedImport(demoId, adminId, mobiles);
    ok(await t.call(r.run, { source: 'crmImport', batchId }, admin));
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
