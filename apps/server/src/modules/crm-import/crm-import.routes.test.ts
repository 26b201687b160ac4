import { routeTables, type TCrmImportPreview } from '@yunhu/contract';
import { sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { ExcelJS } from '../../http/exceljs.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { demoIds, eventually, readXlsx } from '../org/org.test-kit.js';

const r = routeTables.crmImport;
type TPreview = TCrmImportPreview;
type TCustomerDb = {
  id: number;
  name: string;
  mobile: string;
  owner_id: number | null;
  company: string;
  intention_level: string;
  tag_ids: number[];
  name_pinyin: string;
  next_follow_at: Date | null;
  last_follow_at: Date | null;
  last_follow_content: string | null;
};

const xlsxOf = async (rows: (string | number | null)[][]) => {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('客户');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
};

/** A multipart upload with text fields before the file, as the browser sends it. */
const upload = async (
  t: TTestApp,
  url: string,
  token: string,
  name: string,
  content: Buffer,
  fields: Record<string, string> = {},
) => {
  const b = `----crm${Date.now()}`;
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${b}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  const payload = Buffer.concat([
    Buffer.from(parts.join('')),
    Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${b}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { 'cloud-token': token, 'content-type': `multipart/form-data; boundary=${b}` },
    payload,
  });
  return res.json() as { code: number; msg: string; data: TPreview };
};

describe('CRM import, follow-up import, export and ranking', () => {
  let t: TTestApp;
  let admin: string;
  let manager: string;
  let tenantId: number;
  let managerId: number;
  let seededFollows: number;
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));
  /** Bigints cast, as node-postgres answers them as text. */
  const customerColumns = sql.raw(`id::int as id, name, mobile, owner_id::int as owner_id, company, intention_level,
    tag_ids, name_pinyin, next_follow_at, last_follow_at, last_follow_content`);
  const customerBy = async (mobile: string) =>
    (
      await q<TCustomerDb>(
        sql`select ${customerColumns} from customers where tenant_id = ${tenantId} and mobile = ${mobile}`,
      )
    )[0];
  const waitDone = (batchId: string, token: string) =>
    eventually(
      async () => (await t.call(r.importState, { batchId }, token)).body.data,
      (d) => d.status !== 'running',
    );

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.loginAs.admin();
    manager = await t.loginAs.manager();
    const ids = await demoIds(t);
    tenantId = ids.tenantId;
    managerId = await ids.user('manager');
    // The demo's own follow-ups of his customers (one behind every 最近跟进).
    const [follows] = await q<{ n: number }>(
      sql`select count(*)::int as n from crm_follow_records where user_id = ${managerId}`,
    );
    seededFollows = follows!.n;
  });
  afterAll(() => t.close());

  it('previews every bad row of a messy file, then writes only the valid ones (skip)', async () => {
    const [tag] = await q<{ id: number; name: string }>(
      sql`select id::int, name from crm_tags where tenant_id = ${tenantId} order by id limit 1`,
    );
    const agent04 = await q<{ mobile: string; owner: string }>(sql`select c.mobile, u.real_name as owner
      from customers c join users u on u.id = c.owner_id
      where c.tenant_id = ${tenantId} and u.username = 'agent04' and c.deleted_at is null limit 1`);
    const taken = agent04[0]!;
    const file = await xlsxOf([
      ['手机号*', '备注', ' 客户名称 * ', '意向等级', '标签', '电话标签', '下次跟进时间', '公司'],
      ['+86 139 8800 1001', '好客户', '甲一', 'B', tag!.name, '已接通', '2026-12-01 10:00', '甲公司'],
      ['139-8800-1002', null, '甲二', null, null, null, null, null],
      [13988001001, null, '甲三', null, null, null, null, null],
      [null, null, null, null, null, null, null, null],
      [null, null, '无手机', null, null, null, null, null],
      ['12345', null, '坏号', null, null, null, null, null],
      [taken.mobile, null, '老客户', null, null, null, null, null],
      ['13988001003', null, '坏等级', 'F', null, null, null, null],
      ['13988001004', null, '坏标签', null, '不存在的标签', null, null, null],
      ['13988001005', null, '坏日期', null, null, null, '明天', null],
    ]);
    const res = await upload(t, r.importPreview.path, manager, '客户.xlsx', file, {
      target: 'private',
      duplicateMode: 'skip',
    });
    expect(res.code, res.msg).toBe(0);
    const p = res.data;
    expect(p).toMatchObject({ status: 'previewed', total: 9, validCount: 3, invalidCount: 6, duplicateCount: 1 });
    expect(p.errors).toEqual([
      { row: 4, reason: '手机号与第2行重复' },
      { row: 6, reason: '手机号为空' },
      { row: 7, reason: '手机号「12345」格式不正确' },
      { row: 9, reason: '意向等级「F」不正确，只能是A、B、C、D、E' },
      { row: 10, reason: '标签「不存在的标签」不存在，请先在标签管理中添加' },
      { row: 11, reason: '下次跟进时间「明天」不是时间，请填写如 2026-12-01 14:30' },
    ]);
    expect(p.duplicates).toEqual([{ row: 8, name: expect.any(String), where: `已是${taken.owner}的客户` }]);
    expect(await customerBy('13988001001')).toBeUndefined();

    const confirm = await t.call(r.importConfirm, { batchId: p.batchId }, manager);
    expect(confirm.body.data.status).toBe('running');
    expect((await t.call(r.importConfirm, { batchId: p.batchId }, manager)).body.code).toBe(10056);
    const done = await waitDone(p.batchId, manager);
    expect(done).toMatchObject({ status: 'done', processed: 3, inserted: 2, updated: 0, skipped: 1 });

    const a = (await customerBy('13988001001'))!;
    expect(a).toMatchObject({ name: '甲一', owner_id: managerId, company: '甲公司', intention_level: 'B' });
    expect(a.name_pinyin).toBe('jiayi');
    expect(a.tag_ids.map(Number)).toEqual([tag!.id]);
    expect(new Date(a.next_follow_at!).toISOString()).toBe('2026-12-01T02:00:00.000Z');
    expect((await customerBy('13988001002'))!.intention_level).toBe('D');
    expect((await customerBy(taken.mobile))!.name).not.toBe('老客户');
    const logs = await q<{ n: number }>(sql`select count(*)::int as n from crm_owner_logs
      where tenant_id = ${tenantId} and action = 'import' and customer_id = ${a.id} and to_user_id = ${managerId}`);
    expect(logs[0]!.n).toBe(1);

    const report = await t.app.inject({
      method: 'GET',
      url: r.importReport.path,
      query: { batchId: p.batchId },
      headers: { 'cloud-token': manager },
    });
    expect(decodeURIComponent(String(report.headers['content-disposition']))).toContain('客户-导入结果.xlsx');
    const rows = await readXlsx(report.rawPayload);
    expect(rows[0]).toEqual(['行号', '客户名称', '手机号', '结果', '说明']);
    // The rows written left the staging when the import ended: the result keeps the
    // refused and skipped ones with their reasons; the counts say how many were written.
    expect(rows.slice(1).map((x) => [x[0], x[3]])).toEqual([
      ['4', '有错误'],
      ['6', '有错误'],
      ['7', '有错误'],
      ['8', '已跳过'],
      ['9', '有错误'],
      ['10', '有错误'],
      ['11', '有错误'],
    ]);
    expect(rows[4]!.slice(3)).toEqual(['已跳过', `客户已是${taken.owner}的客户，按设置跳过`]);
    const [staged] = await q<{ n: number }>(
      sql`select count(*)::int as n from crm_import_rows where import_id = ${p.batchId}`,
    );
    expect(staged!.n).toBe(rows.length - 1);
  });

  it('reads full-width digits and letters, +86 / 86 / dashes / spaces as the numbers and levels they are', async () => {
    // Lists arrive typed in a Chinese input method: １３９… and Ｂ are the same as 139… and B.
    const file = await xlsxOf([
      ['客户名称', '手机号', '意向等级', '微信号', '公司'],
      ['全角一', '１３９８８００６００１', 'Ｂ', 'wx1', 'ＡＢＣ公司'],
      ['全角二', '＋８６\u3000１３９－８８００－６００２', 'ａ', null, null],
      [null, null, null, null, null],
      ['八六', '86 139 8800 6003', 'C', null, null],
      ['零零', '0086-139-8800-6004', null, null, null],
      ['重复', '139 8800 6001', null, null, null],
      [' ', ' ', null, null, null],
    ]);
    // As the administrator: the ranking test below counts the manager's imported customers.
    const res = await upload(t, r.importPreview.path, admin, '全角.xlsx', file, { target: 'private' });
    expect(res.code, res.msg).toBe(0);
    const p = res.data;
    expect(p).toMatchObject({ total: 5, validCount: 4, invalidCount: 1, duplicateCount: 0, toWrite: 4 });
    expect(p.errors).toEqual([{ row: 7, reason: '手机号与第2行重复' }]);
    expect(p.blankRows).toBe(2);
    expect(p.ignoredColumns).toEqual(['微信号']);
    expect(p.reasonCounts).toEqual([{ reason: '手机号与其他行重复', count: 1 }]);
    expect(p.sample.header).toEqual(['客户名称', '手机号', '意向等级', '微信号', '公司']);
    expect(p.sample.rows[0]).toEqual({ row: 2, values: ['全角一', '13988006001', 'B', 'wx1', 'ABC公司'] });
    await t.call(r.importConfirm, { batchId: p.batchId }, admin);
    expect(await waitDone(p.batchId, admin)).toMatchObject({ status: 'done', inserted: 4 });
    expect(await customerBy('13988006001')).toMatchObject({ name: '全角一', intention_level: 'B', company: 'ABC公司' });
    expect(await customerBy('13988006002')).toMatchObject({ intention_level: 'A' });
    expect(await customerBy('13988006003')).toMatchObject({ intention_level: 'C' });
    expect(await customerBy('13988006004')).toMatchObject({ name: '零零' });
  });

  it('names a file that is not a spreadsheet as such, not as a missing column', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
    for (const name of ['客户.xlsx', '客户.csv']) {
      const res = await upload(t, r.importPreview.path, manager, name, png);
      expect(res.code).toBe(10002);
      expect(res.msg).toContain('文件不是有效的Excel或CSV表格');
    }
  });

  it('reads a GBK csv and updates only the duplicates the importer may see', async () => {
    const [mine] = await q<{ mobile: string }>(sql`select c.mobile from customers c join users u on u.id = c.owner_id
      where c.tenant_id = ${tenantId} and u.username = 'agent01' and c.deleted_at is null limit 1`);
    const [hidden] = await q<{ mobile: string; name: string }>(sql`select c.mobile, c.name from customers c
      join users u on u.id = c.owner_id
      where c.tenant_id = ${tenantId} and u.username = 'agent05' and c.deleted_at is null limit 1`);
    const csv = iconv.encode(
      `客户名称,手机号,公司\r\n新名字,${mine!.mobile},更新公司\r\n看不见,${hidden!.mobile},不该写入\r\n新客户,13988002001,\r\n`,
      'gbk',
    );
    const res = await upload(t, r.importPreview.path, manager, '客户.csv', csv, { duplicateMode: 'update' });
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toMatchObject({ total: 3, validCount: 3, duplicateCount: 2, duplicateMode: 'update' });
    await t.call(r.importConfirm, { batchId: res.data.batchId }, manager);
    const done = await waitDone(res.data.batchId, manager);
    expect(done).toMatchObject({ status: 'done', inserted: 1, updated: 1, skipped: 1 });
    expect(await customerBy(mine!.mobile)).toMatchObject({ name: '新名字', company: '更新公司' });
    expect(await customerBy(hidden!.mobile)).toMatchObject({ name: hidden!.name });
    const report = await t.app.inject({
      method: 'GET',
      url: r.importReport.path,
      query: { batchId: res.data.batchId },
      headers: { 'cloud-token': manager },
    });
    const rows = await readXlsx(report.rawPayload);
    expect(rows.slice(1).map((x) => x[0])).toEqual(['3']);
    expect(rows[1]!.slice(3)).toEqual(['已跳过', '客户已是孙悦的客户，不在您的数据权限范围内，未更新']);
  });

  it('imports to the public pool, honours the owner limit and skips mobiles taken meanwhile', async () => {
    const pool = await upload(
      t,
      r.importPreview.path,
      admin,
      '公海.xlsx',
      await xlsxOf([
        ['客户名称', '手机号'],
        ['公海甲', '13988003001'],
      ]),
      { target: 'public' },
    );
    await t.call(r.importConfirm, { batchId: pool.data.batchId }, admin);
    expect((await waitDone(pool.data.batchId, admin)).inserted).toBe(1);
    expect((await customerBy('13988003001'))!.owner_id).toBeNull();

    const [{ n: owned }] = (await q<{ n: number }>(sql`select count(*)::int as n from customers
      where tenant_id = ${tenantId} and owner_id = ${managerId} and deleted_at is null`)) as [{ n: number }];
    await t.database.db.execute(sql`insert into crm_settings (tenant_id, max_owned) values (${tenantId}, ${owned + 1})
      on conflict (tenant_id) do update set max_owned = excluded.max_owned`);
    const res = await upload(
      t,
      r.importPreview.path,
      manager,
      '超额.xlsx',
      await xlsxOf([
        ['客户名称', '手机号'],
        ['限额一', '13988004001'],
        ['限额二', '13988004002'],
        ['抢先', '13988004003'],
      ]),
    );
    // Someone adds the third mobile between preview and confirm.
    await t.database.db.execute(
      sql`insert into customers (tenant_id, name, mobile) values (${tenantId}, '别人录入', '13988004003')`,
    );
    await t.call(r.importConfirm, { batchId: res.data.batchId }, manager);
    const done = await waitDone(res.data.batchId, manager);
    await t.database.db.execute(sql`update crm_settings set max_owned = 0 where tenant_id = ${tenantId}`);
    expect(done).toMatchObject({ status: 'done', inserted: 1, skipped: 2 });
    const report = await t.app.inject({
      method: 'GET',
      url: r.importReport.path,
      query: { batchId: res.data.batchId },
      headers: { 'cloud-token': manager },
    });
    const reasons = (await readXlsx(report.rawPayload)).slice(1).map((x) => x[4] ?? '');
    expect(reasons).toHaveLength(2);
    expect(reasons[0]).toMatch(/^超过每人最多客户数（\d+），未导入/);
    expect(reasons[1]).toMatch(/超过每人最多客户数|手机号在预览后已被录入为客户/);
  });

  it('imports follow-ups onto visible customers and moves their last follow-up when newer', async () => {
    const [mine] = await q<{ mobile: string; id: number }>(sql`select c.mobile, c.id::int from customers c
      join users u on u.id = c.owner_id
      where c.tenant_id = ${tenantId} and u.username = 'agent02' and c.deleted_at is null limit 1`);
    const [hidden] = await q<{ mobile: string }>(sql`select c.mobile from customers c join users u on u.id = c.owner_id
      where c.tenant_id = ${tenantId} and u.username = 'agent06' and c.deleted_at is null limit 1`);
    await t.database.db.execute(
      sql`update customers set last_follow_at = '2026-10-01T00:00:00Z' where id = ${mine!.id}`,
    );
    const file = await xlsxOf([
      ['手机号', '跟进内容', '跟进方式', '跟进时间', '下次跟进时间'],
      [mine!.mobile, '旧的一次', '电话', '2026-09-01 10:00', null],
      [mine!.mobile, '谈妥了价格', '微信', '2026-11-01 10:00', '2026-12-05 09:00'],
      ['13988009999', '无此客户', null, null, null],
      [hidden!.mobile, '看不见', null, null, null],
      [mine!.mobile, '方式不对', '飞鸽', null, null],
      [mine!.mobile, '', null, null, null],
    ]);
    const res = await upload(t, r.followImportPreview.path, manager, '跟进.xlsx', file);
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toMatchObject({ kind: 'follow', total: 6, validCount: 2, invalidCount: 4 });
    expect(res.data.errors.map((e) => [e.row, e.reason])).toEqual([
      [4, '没有手机号为13988009999的客户'],
      [5, expect.stringMatching(/不在您的数据权限范围内$/)],
      [6, '跟进方式「飞鸽」不正确，只能是电话、微信、拜访或其他'],
      [7, '跟进内容为空'],
    ]);
    await t.call(r.followImportConfirm, { batchId: res.data.batchId }, manager);
    const done = await waitDone(res.data.batchId, manager);
    expect(done).toMatchObject({ status: 'done', inserted: 2, skipped: 0 });
    const c = (await q<TCustomerDb>(sql`select ${customerColumns} from customers where id = ${mine!.id}`))[0]!;
    expect(c.last_follow_content).toBe('谈妥了价格');
    expect(new Date(c.last_follow_at!).toISOString()).toBe('2026-11-01T02:00:00.000Z');
    expect(new Date(c.next_follow_at!).toISOString()).toBe('2026-12-05T01:00:00.000Z');
    const records = await q<{ method: string }>(sql`select method from crm_follow_records
      where customer_id = ${mine!.id} and user_id = ${managerId} order by created_at`);
    expect(records.map((x) => x.method)).toEqual(['phone', 'wechat']);
  });

  it('keeps batches to their tenant and importer, and refuses bad files and people without permission', async () => {
    const res = await upload(
      t,
      r.importPreview.path,
      manager,
      'a.xlsx',
      await xlsxOf([
        ['客户名称', '手机号'],
        ['某人', '13988005001'],
      ]),
    );
    const batchId = res.data.batchId;
    const platform = await t.loginAs.platform();
    expect((await t.call(r.importState, { batchId }, platform)).body.code).toBe(10056);
    expect((await t.call(r.importConfirm, { batchId }, platform)).body.code).toBe(10056);
    // Another person of the same tenant without administrator rights does not see it either.
    const agent = await t.loginAs.agent();
    expect((await t.call(r.importState, { batchId }, agent)).status).toBe(200);
    expect((await t.call(r.importState, { batchId }, agent)).body.code).toBe(403);
    expect((await t.call(r.importState, { batchId }, admin)).body.data.status).toBe('previewed');
    // A customer batch is not a follow-up batch.
    expect((await t.call(r.followImportConfirm, { batchId }, manager)).body.code).toBe(10056);
    expect((await upload(t, r.importPreview.path, agent, 'a.xlsx', Buffer.from('x'))).code).toBe(403);
    expect((await t.call(r.exportCustomers, {}, agent)).body.code).toBe(403);

    const noMobile = await upload(t, r.importPreview.path, manager, 'a.xlsx', await xlsxOf([['客户名称'], ['某人']]));
    expect(noMobile).toMatchObject({ code: 10002, msg: '模板格式不正确：缺少「手机号」列，请下载最新模板' });
    const txt = await upload(t, r.importPreview.path, manager, 'a.txt', Buffer.from('x'));
    expect(txt.msg).toBe('请上传 .xlsx 或 .csv 格式的文件（可先下载导入模板）');
    const badField = await upload(t, r.importPreview.path, manager, 'a.csv', Buffer.from('a'), { target: 'nowhere' });
    expect(badField.code).toBe(10002);
    const empty = await upload(t, r.importPreview.path, manager, 'a.csv', Buffer.from('客户名称,手机号\r\n'));
    expect(empty.msg).toBe('文件中没有客户数据，请按模板填写后再导入');
  });

  it('gives a template with the custom fields and an instructions sheet', async () => {
    await t.database.db.execute(sql`insert into crm_custom_fields (tenant_id, name, type, options, is_required)
      values (${tenantId}, '预算', 'select', array['10万以下','10万以上'], true)`);
    const res = await t.app.inject({
      method: 'GET',
      url: r.importTemplate.path,
      query: { kind: 'customer' },
      headers: { 'cloud-token': manager },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(['客户', '填写说明']);
    const header = (book.worksheets[0]!.getRow(1).values as string[]).slice(1);
    expect(header).toEqual([
      '客户名称*',
      '手机号*',
      '公司',
      '地址',
      '来源',
      '意向等级',
      '电话标签',
      '标签',
      '备注',
      '下次跟进时间',
      '预算*',
    ]);
    // The required custom field is checked, with its options.
    const bad = await upload(
      t,
      r.importPreview.path,
      manager,
      'a.xlsx',
      await xlsxOf([
        ['客户名称', '手机号', '预算'],
        ['某人', '13988006001', '很多'],
        ['某人', '13988006002', null],
        ['某人', '13988006003', '10万以上'],
      ]),
    );
    expect(bad.data.errors).toEqual([
      { row: 2, reason: '预算「很多」不是可选项（10万以下、10万以上）' },
      { row: 3, reason: '预算为空' },
    ]);
    await t.database.db.execute(sql`delete from crm_custom_fields where tenant_id = ${tenantId} and name = '预算'`);
  });

  it('exports the filtered list of the scope, masking mobiles for people without the number permission', async () => {
    const filter = { intentionLevels: ['B' as const], sortField: 'createdAt' as const, sortOrder: 'descend' as const };
    const expected = await q<{ name: string; mobile: string }>(sql`select c.name, c.mobile from customers c
      where c.tenant_id = ${tenantId} and c.owner_id is not null and c.deleted_at is null and c.intention_level = 'B'
      order by c.created_at desc, c.id desc`);
    expect(expected.length).toBeGreaterThan(0);
    const res = await t.app.inject({
      method: 'POST',
      url: r.exportCustomers.path,
      payload: filter,
      headers: { 'cloud-token': admin },
    });
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toMatch(/我的客户-\d{8}\.xlsx/);
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]!.slice(0, 3)).toEqual(['客户名称', '手机号', '公司']);
    expect(rows.slice(1).map((x) => [x[0], x[1]])).toEqual(expected.map((e) => [e.name, e.mobile]));
    const page = await t.call(routeTables.crm.customerPage, { ...filter, page: 1, limit: 100 }, admin);
    if (page.body.code === 0) {
      expect(page.body.data.records.map((x) => x.name)).toEqual(expected.slice(0, 100).map((e) => e.name));
    }

    // The agent role with export but without the number permission sees masked mobiles, own customers only.
    await t.database.db.execute(sql`update roles set permissions = array_append(permissions, 'crm:customer:export')
      where tenant_id = ${tenantId} and name = '坐席'`);
    const agent = await t.loginAs.agent();
    const agentRes = await t.app.inject({
      method: 'POST',
      url: r.exportCustomers.path,
      payload: {},
      headers: { 'cloud-token': agent },
    });
    const own = await q<{ mobile: string }>(sql`select c.mobile from customers c join users u on u.id = c.owner_id
      where c.tenant_id = ${tenantId} and u.username = 'agent01' and c.deleted_at is null
      order by c.created_at desc, c.id desc`);
    const agentRows = (await readXlsx(agentRes.rawPayload)).slice(1);
    expect(agentRows.map((x) => x[1])).toEqual(own.map((o) => `${o.mobile.slice(0, 3)}****${o.mobile.slice(-4)}`));
    const chosen = await t.app.inject({
      method: 'POST',
      url: r.exportCustomers.path,
      payload: { ids: [999_999_999] },
      headers: { 'cloud-token': agent },
    });
    expect((await readXlsx(chosen.rawPayload)).length).toBe(1);
  });

  it('ranks the people of the scope', async () => {
    const res = await t.call(r.rankList, { from: Date.UTC(2026, 0, 1), to: Date.now() + 60_000 }, manager);
    expect(res.body.code, res.body.msg).toBe(0);
    const me = res.body.data.find((x) => x.userId === managerId)!;
    // Imported in the tests above: 甲一, 甲二, 新客户 and 限额一; the two follow-ups of 2026-09 and 2026-11.
    expect(me).toMatchObject({ realName: '李娜', added: 4, followed: 2 + seededFollows });
    expect(res.body.data.every((x) => x.deptName !== '销售二部')).toBe(true);
    const file = await t.app.inject({
      method: 'POST',
      url: r.rankListDownload.path,
      payload: { from: Date.now() - 86_400_000, to: Date.now() },
      headers: { 'cloud-token': manager },
    });
    expect((await readXlsx(file.rawPayload))[0]).toEqual([
      '排名',
      '姓名',
      '部门',
      '当前客户数',
      '新增客户',
      '跟进次数',
      '成交客户',
    ]);
  });

  it('refuses mobiles on the enterprise or the platform black-list in the preview', async () => {
    const black = routeTables.blacklist;
    expect((await t.call(black.addOne, { number: '13988002001' }, admin)).body.code).toBe(0);
    const platform = await t.loginAs.platform();
    expect((await t.call(black.platformAddOne, { number: '13988002002' }, platform)).body.code).toBe(0);
    const lapsed = await t.call(black.addOne, { number: '13988002004', expiresAt: Date.now() + 60_000 }, admin);
    await t.database.db.execute(
      sql`update number_blacklist set expires_at = now() - interval '1 minute' where id = ${lapsed.body.data.id}`,
    );
    const file = await xlsxOf([
      ['客户名称*', '手机号*'],
      ['黑一', '139 8800 2001'],
      ['黑二', '13988002002'],
      ['白三', '13988002003'],
      ['过期', '13988002004'],
    ]);
    const res = await upload(t, r.importPreview.path, manager, '客户.xlsx', file, { target: 'private' });
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toMatchObject({ total: 4, validCount: 2, invalidCount: 2 });
    expect(res.data.errors).toEqual([
      { row: 2, reason: '号码在黑名单中（企业黑名单）' },
      { row: 3, reason: '号码在黑名单中（平台黑名单）' },
    ]);
  });
});
