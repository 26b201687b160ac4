import { routeTables, type TClueMatchPreview } from '@yunhu/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { ExcelJS } from '../../http/exceljs.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { customers } from '../crm/crm.schema.js';
import { tenants } from '../org/org.schema.js';
import { eventually } from '../org/org.test-kit.js';
import { clueQuotaLedger, clueUnlocks } from './clue.schema.js';

const { clueBatch: r, clue: c, numberCheck: n } = routeTables;

/**
 * 空号检测 on a 批量匹配 result: the unlocked contacts' mobiles checked (the simulator answers by the
 * last digit), 一键排除 of 空号 / 停机, and 转为客户 passing over the excluded numbers.
 */
describe('批量匹配的空号检测', () => {
  let t: TTestApp;
  let admin: string;
  let tenantId: number;
  const prefix = `137${String(Date.now()).slice(-7)}`;

  const ok = <T>(res: { body: { code: number; msg: string; data: T } }) => {
    expect(res.body.code, res.body.msg).toBe(0);
    return res.body.data;
  };

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.loginAs.admin();
    const [demo] = await t.database.db.select().from(tenants).where(eq(tenants.code, 'E100001'));
    tenantId = demo!.id;
  });
  afterAll(() => t.close());

  it('checks the unlocked contacts, excludes 空号 and 停机, and converts at a number left in', async () => {
    const picked = rowsOf<{ id: number; name: string }>(
      await t.database.db.execute(sql`select c.id::int as id, c.name from clue_companies c
        where (select count(*) from clue_companies d where d.name = c.name) = 1
          and not exists (select 1 from clue_unlocks u where u.company_id = c.id and u.tenant_id = ${tenantId})
        order by c.id desc limit 3`),
    );
    const [balance] = rowsOf<{ b: number }>(
      await t.database.db.execute(
        sql`select coalesce((select balance_after from clue_quota_ledger where tenant_id = ${tenantId} order by id desc limit 1), 0)::int as b`,
      ),
    );
    await t.database.db.insert(clueQuotaLedger).values({
      tenantId,
      kind: 'grant',
      units: 3,
      balanceAfter: balance!.b + 3,
      businessKey: `grant:test-${prefix}`,
    });
    await t.database.db.execute(sql`delete from clue_settings where tenant_id = ${tenantId}`);
    for (const p of picked) ok(await t.call(c.companyUnlock, { id: p.id }, admin));
    // Known numbers: all 空号; 空号 then a real one; a real one (the simulator reads the last digit).
    const contacts = [[`${prefix}0`], [`${prefix}1`, `${prefix}5`], [`${prefix}7`]];
    for (const [i, p] of picked.entries()) {
      await t.database.db
        .update(clueUnlocks)
        .set({ contacts: contacts[i]!.map((mobile) => ({ name: '联系人', role: '经理', mobile, phone: '' })) })
        .where(and(eq(clueUnlocks.tenantId, tenantId), eq(clueUnlocks.companyId, p.id)));
    }
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('企业名单');
    sheet.addRow(['企业名称']);
    for (const p of picked) sheet.addRow([p.name]);
    const b = `----num${Date.now()}`;
    const uploaded = await t.app.inject({
      method: 'POST',
      url: r.matchPreview.path,
      headers: { 'cloud-token': admin, 'content-type': `multipart/form-data; boundary=${b}` },
      payload: Buffer.concat([
        Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="file"; filename="名单.xlsx"\r\n\r\n`),
        Buffer.from(await book.xlsx.writeBuffer()),
        Buffer.from(`\r\n--${b}--\r\n`),
      ]),
    });
    const preview = (uploaded.json() as { data: TClueMatchPreview }).data;
    const batchId = preview.batchId;
    ok(await t.call(r.matchConfirm, { batchId }, admin));
    await eventually(
      async () => ok(await t.call(r.matchState, { batchId }, admin)),
      (s) => s.status === 'done',
    );
    // The run is queued; the check's job checks and charges the numbers.
    ok(await t.call(n.run, { source: 'clueMatch', batchId }, admin));
    await t.app.jobs.runDue();
    const checked = ok(await t.call(n.summary, { source: 'clueMatch', batchId }, admin));
    expect(checked).toMatchObject({ total: 4, unchecked: 0, counts: { empty: 1, stopped: 1, real: 2 } });
    expect(ok(await t.call(n.exclude, { source: 'clueMatch', batchId }, admin)).excluded).toBe(2);
    const converted = ok(await t.call(c.convert, { ids: picked.map((p) => p.id), target: 'pool' }, admin));
    expect(converted.map((x) => [x.isOk, x.reason])).toEqual([
      [false, '该号码空号检测为空号，已排除'],
      [true, ''],
      [true, ''],
    ]);
    const [second] = await t.database.db.select().from(customers).where(eq(customers.id, converted[1]!.customerId!));
    expect(second!.mobile).toBe(`${prefix}5`);
  });
});
