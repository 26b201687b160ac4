import { routeTables, type TClueMatchPreview } from '@yunhu/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { otherEnterprise } from '../../test/other-enterprise.js';
import { customers } from '../crm/crm.schema.js';
import { demoIds, eventually, uploadFile, xlsxOf } from '../org/org.test-kit.js';
import { clueQuotaLedger, clueUnlocks } from './clue.schema.js';
import { companiesWithMobile, type TLibraryCompany } from './clue.test-kit.js';

const c = routeTables.clue;
const m = routeTables.clueBatch;
const b = routeTables.blacklist;

/** 企业线索 honours the enterprise's company black-list: marked, never unlocked nor converted, nothing charged. */
describe('企业线索 and the company black-list', () => {
  let t: TTestApp;
  let admin: string;
  let tenantId: number;
  let pick: TLibraryCompany[];

  const ok = <T>(res: { body: { code: number; msg: string; data: T } }) => {
    expect(res.body.msg).toBe('success');
    return res.body.data;
  };
  const balance = async () => ok(await t.call(c.quota, {}, admin)).balance;
  const unlocksOf = (companyId: number) =>
    t.database.db
      .select()
      .from(clueUnlocks)
      .where(and(eq(clueUnlocks.tenantId, tenantId), eq(clueUnlocks.companyId, companyId)));
  const chargesOf = async (companyId: number) =>
    (
      await t.database.db
        .select()
        .from(clueQuotaLedger)
        .where(and(eq(clueQuotaLedger.tenantId, tenantId), eq(clueQuotaLedger.companyId, companyId)))
    ).length;
  const refusal = (name: string) =>
    `「${name}」在企业黑名单中，不能解锁联系方式或转为客户（如需解除请到 黑名单 > 企业黑名单 移出）`;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.loginAs.admin();
    tenantId = (await demoIds(t)).tenantId;
    pick = await companiesWithMobile(t, 6);
    ok(await t.call(c.trialTake, {}, admin));
  });
  afterAll(() => t.close());

  it('marks a listed company in the results and the detail, and refuses its unlock charging nothing', async () => {
    const x = pick[0]!;
    ok(await t.call(b.companyAdd, { name: x.name, remark: '竞争对手' }, admin));
    const found = ok(await t.call(c.companyPage, { keyword: x.name.slice(0, 8), limit: 50 }, admin));
    expect(found.records.find((r) => r.id === x.id)?.isBlacklisted).toBe(true);
    expect(found.records.filter((r) => r.id !== x.id).every((r) => !r.isBlacklisted)).toBe(true);
    expect(ok(await t.call(c.companyInfo, { id: x.id }, admin)).isBlacklisted).toBe(true);

    const before = await balance();
    const tries = await Promise.all(Array.from({ length: 10 }, () => t.call(c.companyUnlock, { id: x.id }, admin)));
    for (const res of tries) expect(res.body).toMatchObject({ code: 10056, msg: refusal(x.name) });
    expect(await balance()).toBe(before);
    expect(await unlocksOf(x.id)).toHaveLength(0);
    expect(await chargesOf(x.id)).toBe(0);
  });

  it('refuses to convert a company listed after its unlock, creating no customer', async () => {
    const y = pick[1]!;
    expect(ok(await t.call(c.companyUnlock, { id: y.id }, admin)).isUnlocked).toBe(true);
    ok(await t.call(b.companyAdd, { creditCode: y.credit_code }, admin));
    const before = await balance();
    const results = ok(await t.call(c.convert, { ids: [y.id], target: 'mine' }, admin));
    expect(results).toEqual([
      { companyId: y.id, name: y.name, isOk: false, customerId: null, reason: refusal(y.name) },
    ]);
    const made = await t.database.db
      .select()
      .from(customers)
      .where(and(eq(customers.tenantId, tenantId), eq(customers.company, y.name)));
    expect(made).toHaveLength(0);
    expect((await unlocksOf(y.id))[0]!.customerId).toBeNull();
    expect(await balance()).toBe(before);
    const page = ok(await t.call(c.unlockPage, { keyword: y.name }, admin));
    expect(page.records.map((r) => [r.id, r.isBlacklisted])).toEqual([[y.id, true]]);
  });

  it('applies no other enterprise’s list', async () => {
    const z = pick[2]!;
    const stranger = await otherEnterprise(t, { code: 'E9CLB01', username: 'clbboss', mobile: '19900000961' });
    ok(await t.call(b.companyAdd, { name: z.name }, stranger.token));
    expect(ok(await t.call(c.companyInfo, { id: z.id }, admin)).isBlacklisted).toBe(false);
    const before = await balance();
    expect(ok(await t.call(c.companyUnlock, { id: z.id }, admin)).isUnlocked).toBe(true);
    expect(await balance()).toBe(before - 1);
  });

  it('batch match marks listed companies; 解锁并转为客户 leaves them out uncharged', async () => {
    const [listed, free] = [pick[3]!, pick[4]!];
    ok(await t.call(b.companyAdd, { creditCode: listed.credit_code }, admin));
    const list = await xlsxOf([
      ['企业名称', '统一社会信用代码'],
      [listed.name, ''],
      ['', free.credit_code],
    ]);
    const preview = await uploadFile(t, m.matchPreview.path, admin, '名单.xlsx', list);
    expect(preview.msg).toBe('success');
    const { batchId } = preview.data as TClueMatchPreview;
    ok(await t.call(m.matchConfirm, { batchId }, admin));
    await eventually(
      async () => ok(await t.call(m.matchState, { batchId }, admin)),
      (s) => s.status !== 'running',
    );
    const rows = ok(await t.call(m.matchRows, { batchId }, admin));
    expect(rows.map((r) => [r.companyId, r.isBlacklisted])).toEqual([
      [listed.id, true],
      [free.id, false],
    ]);
    const before = await balance();
    const answer = ok(await t.call(m.matchConvert, { batchId, target: 'pool' }, admin));
    const outcome = answer.outcomes.find((o) => o.companyId === listed.id)!;
    expect(outcome).toMatchObject({ isCharged: false, isUnlocked: false, isOk: false, reason: refusal(listed.name) });
    expect(answer.outcomes.find((o) => o.companyId === free.id)).toMatchObject({ isCharged: true, isOk: true });
    expect(answer.charged).toBe(1);
    expect(await balance()).toBe(before - 1);
    expect(await chargesOf(listed.id)).toBe(0);
  });
});
