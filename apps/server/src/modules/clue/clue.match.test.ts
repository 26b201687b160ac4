import { routeTables, type TClueMatchPreview } from '@yunhu/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { ExcelJS } from '../../http/exceljs.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { otherEnterprise } from '../../test/other-enterprise.js';
import { tenants } from '../org/org.schema.js';
import { eventually, readXlsx } from '../org/org.test-kit.js';
import { clueCompanies, clueQuotaLedger, clueUnlocks } from './clue.schema.js';
import { companiesWithMobile, type TLibraryCompany } from './clue.test-kit.js';

const r = routeTables.clueBatch;
const c = routeTables.clue;

const xlsxOf = async (rows: string[][]) => {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('企业名单');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
};

describe('批量匹配', () => {
  let t: TTestApp;
  let admin: string;
  let tenantId: number;
  /** 190 companies with a mobile and a name no other company has, in id order. */
  let pick: TLibraryCompany[];
  let ambiguous: string;

  const ok = <T>(res: { body: { code: number; msg: string; data: T } }) => {
    expect(res.body.msg).toBe('success');
    return res.body.data;
  };
  const upload = async (token: string, name: string, content: Buffer) => {
    const b = `----clue${Date.now()}`;
    const res = await t.app.inject({
      method: 'POST',
      url: r.matchPreview.path,
      headers: { 'cloud-token': token, 'content-type': `multipart/form-data; boundary=${b}` },
      payload: Buffer.concat([
        Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n\r\n`),
        content,
        Buffer.from(`\r\n--${b}--\r\n`),
      ]),
    });
    return res.json() as { code: number; msg: string; data: TClueMatchPreview };
  };
  const matched = async (rows: string[][]) => {
    const preview = await upload(admin, '名单.xlsx', await xlsxOf(rows));
    expect(preview.msg).toBe('success');
    ok(await t.call(r.matchConfirm, { batchId: preview.data.batchId }, admin));
    const done = await eventually(
      async () => ok(await t.call(r.matchState, { batchId: preview.data.batchId }, admin)),
      (s) => s.status !== 'running',
    );
    expect(done.status).toBe('done');
    return { preview: preview.data, done };
  };
  const balance = async () => ok(await t.call(c.quota, {}, admin)).balance;
  const grant = async (units: number, key: string) => {
    const before = await balance();
    await t.database.db
      .insert(clueQuotaLedger)
      .values({ tenantId, kind: 'grant', units, balanceAfter: before + units, businessKey: key });
  };

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.loginAs.admin();
    const [demo] = await t.database.db.select().from(tenants).where(eq(tenants.code, 'E100001'));
    tenantId = demo!.id;
    pick = await companiesWithMobile(t, 200);
    // A name two companies of the library share (the registry allows it across regions).
    const [twin] = await t.database.db.select().from(clueCompanies).where(eq(clueCompanies.id, pick[199]!.id));
    ambiguous = twin!.name;
    await t.database.db.insert(clueCompanies).values({
      creditCode: '91110000MA99999999',
      name: ambiguous,
      foundedOn: '2020-01-01',
      grams: sql`clue_grams(${ambiguous})`,
    });
  });
  afterAll(async () => t.close());

  it('matches a 200-row list by name and credit code, says why each other row did not match', async () => {
    const rows: string[][] = [['企业名称', '统一社会信用代码']];
    for (const x of pick.slice(0, 150)) rows.push([x.name, '']);
    for (const x of pick.slice(150, 190)) rows.push(['', x.credit_code]);
    for (let i = 0; i < 5; i++) rows.push([`不存在的测试企业${i}有限公司`, '']);
    rows.push(['', '91110000MA00000000'], [ambiguous, ''], [pick[0]!.name, ''], ['', pick[151]!.credit_code]);
    rows.push(['', pick[189]!.credit_code.toLowerCase()]);
    expect(rows).toHaveLength(201);
    const { preview, done } = await matched(rows);
    expect(preview).toMatchObject({ total: 200, validCount: 190, invalidCount: 10, toWrite: 190 });
    expect(preview.sample.header).toEqual(['企业名称', '统一社会信用代码']);
    const reasons = preview.errors.map((e) => e.reason);
    expect(reasons).toContain('企业名称「不存在的测试企业0有限公司」在企业库中未找到，请核对全称');
    expect(reasons).toContain('统一社会信用代码「91110000MA00000000」在企业库中未找到');
    expect(reasons).toContain(`企业名称「${ambiguous}」对应2家企业，请改填统一社会信用代码`);
    expect(reasons).toContain('与第2行是同一家企业');
    expect(reasons).toContain('与第153行是同一家企业');
    expect(reasons).toContain('与第191行是同一家企业');
    expect(done.matched).toBe(190);
    const list = ok(await t.call(r.matchRows, { batchId: preview.batchId }, admin));
    expect(list).toHaveLength(190);
    expect(list[0]).toMatchObject({ row: 2, companyId: pick[0]!.id, isUnlocked: false, isCustomer: false });
    expect(list[150]).toMatchObject({ row: 152, input: pick[150]!.credit_code, name: pick[150]!.name });
  });

  it('unlocks and converts the matched in one step, charging each company once, a second run nothing', async () => {
    const rows: string[][] = [['企业名称'], ...pick.slice(0, 190).map((x) => [x.name])];
    const { preview } = await matched(rows);
    const batchId = preview.batchId;
    await t.database.db.execute(
      sql`insert into clue_settings (tenant_id, daily_limit) values (${tenantId}, 0)
        on conflict (tenant_id) do update set daily_limit = 0`,
    );
    await grant(500, 'grant:test-match');
    // One of them unlocked from the search before: not charged again.
    ok(await t.call(c.companyUnlock, { id: pick[3]!.id }, admin));
    const before = await balance();
    const first = ok(await t.call(r.matchConvert, { batchId, target: 'mine' }, admin));
    expect(first.outcomes).toHaveLength(190);
    expect(first.charged).toBe(189);
    expect(first.balance).toBe(before - 189);
    expect(first.outcomes.find((o) => o.companyId === pick[3]!.id)).toMatchObject({ isCharged: false });
    const refused = first.outcomes.filter((o) => !o.isOk);
    expect(first.converted).toBe(190 - refused.length);
    expect(first.converted).toBeGreaterThan(180);
    // A refusal is the CRM's own answer, never empty.
    for (const o of refused) expect(o.reason).not.toBe('');
    const ledger = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from clue_quota_ledger
        where tenant_id = ${tenantId} and kind = 'unlock'`),
    );
    expect(ledger[0]!.n).toBe(190);
    const again = ok(await t.call(r.matchConvert, { batchId, target: 'mine' }, admin));
    expect(again).toMatchObject({ charged: 0, converted: 0, balance: first.balance });
    for (const o of again.outcomes.filter((x) => x.customerId !== null)) expect(o.reason).toBe('该企业已转为客户');
    const list = ok(await t.call(r.matchRows, { batchId }, admin));
    expect(list.every((x) => x.isUnlocked)).toBe(true);
    expect(list.filter((x) => x.isCustomer)).toHaveLength(first.converted);
    // The result file: every row, the company, its code and what this enterprise has of it.
    const file = await t.app.inject({
      method: 'GET',
      url: `${r.matchReport.path}?batchId=${batchId}`,
      headers: { 'cloud-token': admin },
    });
    const sheet = await readXlsx(file.rawPayload);
    expect(sheet[0]).toEqual(['行号', '上传内容', '匹配企业', '统一社会信用代码', '结果', '说明']);
    expect(sheet).toHaveLength(191);
    expect(sheet[1]).toEqual(['2', pick[0]!.name, pick[0]!.name, pick[0]!.credit_code, '已匹配', expect.any(String)]);
    expect(sheet[1]![5]).toMatch(/^已解锁/);
  });

  it('stops at the daily limit with its reason on the rest, charging only what it unlocked', async () => {
    const { preview } = await matched([['统一社会信用代码'], ...pick.slice(190, 195).map((x) => [x.credit_code])]);
    const used = ok(await t.call(c.quota, {}, admin)).usedToday;
    ok(await t.call(c.settingsSave, { dailyLimit: used + 2 }, admin));
    const before = await balance();
    const res = ok(await t.call(r.matchConvert, { batchId: preview.batchId, target: 'pool' }, admin));
    expect(res.charged).toBe(2);
    expect(res.balance).toBe(before - 2);
    expect(
      res.outcomes.filter((o) => o.reason === `今日解锁已达上限（每人每天${used + 2}家），请明天再试或联系管理员调整`),
    ).toHaveLength(3);
    const unlocked = await t.database.db
      .select()
      .from(clueUnlocks)
      .where(and(eq(clueUnlocks.tenantId, tenantId), eq(clueUnlocks.companyId, pick[194]!.id)));
    expect(unlocked).toHaveLength(0);
  });

  it('refuses an empty list and a batch of another enterprise, in Chinese', async () => {
    const empty = await upload(admin, '空.xlsx', await xlsxOf([['企业名称']]));
    expect(empty.code).not.toBe(0);
    expect(empty.msg).toContain('企业名称或统一社会信用代码');
    const { preview } = await matched([['企业名称'], [pick[0]!.name]]);
    const other = await otherEnterprise(t, { code: 'E900036', username: 'clueMatchOther', mobile: '13900000036' });
    expect((await t.call(r.matchRows, { batchId: preview.batchId }, other.token)).body.msg).not.toBe('success');
    const convert = await t.call(r.matchConvert, { batchId: preview.batchId, target: 'mine' }, other.token);
    expect(convert.body.msg).not.toBe('success');
    expect(ok(await t.call(c.quota, {}, other.token)).balance).toBe(0);
  });
});
