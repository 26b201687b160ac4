import { routeTables } from '@yunhu/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/tenant.js';
import type { TTestApp } from '../../test/harness.js';
import { startTestApp } from '../../test/harness.js';
import { demoIds, readXlsx, xlsxOf } from '../org/org.test-kit.js';
import { recordIntercept } from './index.js';

const b = routeTables.blacklist;

/** 企业黑名单, 平台黑名单, the checks and 黑名单拦截 through the API. */
describe('blacklist', () => {
  let t: TTestApp;
  let admin: string;
  let manager: string;
  let agent: string;
  let platform: string;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let seq = 0;
  /** A fresh mobile per call, so the tests do not depend on one another. */
  const mobile = () => `1370000${String(++seq).padStart(4, '0')}`;

  beforeAll(async () => {
    t = await startTestApp();
    [admin, manager, agent, platform] = await Promise.all([
      t.loginAs.admin(),
      t.loginAs.manager(),
      t.loginAs.agent(),
      t.loginAs.platform(),
    ]);
    ids = await demoIds(t);
  });
  afterAll(() => t.close());

  /** Uploads a file with the import's dryRun field, the way the browser's upload does. */
  const upload = async (url: string, token: string, content: Buffer, dryRun: '0' | '1', name = '黑名单.xlsx') => {
    const boundary = `----yunhu${Date.now()}`;
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="dryRun"\r\n\r\n${dryRun}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'cloud-token': token, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    return res.json() as { code: number; msg: string; data: { errors: unknown[]; skipped: unknown[] } & object };
  };

  const addOne = async (number: string, token = admin, extra: { reason?: string; expiresAt?: number | null } = {}) => {
    const res = await t.call(b.addOne, { number, ...extra }, token);
    expect(res.body.code, res.body.msg).toBe(0);
    return res.body.data;
  };
  /** Moves an entry's expiry into the past, as if time had passed. */
  const lapse = (id: number, table = 'number_blacklist') =>
    t.database.db.execute(sql`update ${sql.raw(table)} set expires_at = now() - interval '1 minute' where id = ${id}`);

  it('adds one number, normalised, and lists it with who added it', async () => {
    const n = mobile();
    const entry = await addOne(`+86 ${n.slice(0, 3)} ${n.slice(3, 7)} ${n.slice(7)}`, admin, { reason: '恶意投诉' });
    expect(entry).toMatchObject({
      level: 'tenant',
      number: n,
      reason: '恶意投诉',
      source: 'manual',
      expiresAt: null,
      isExpired: false,
      createdBy: '张明',
    });
    const page = (await t.call(b.page, { number: n.slice(3, 9) }, manager)).body.data;
    expect(page.records.map((r) => r.id)).toEqual([entry.id]);
    expect(page.total).toBe(1);
    // The same number again is refused with what to do.
    const again = await t.call(b.addOne, { number: n }, admin);
    expect(again.body).toMatchObject({ code: 10056, msg: `号码${n}已在企业黑名单中` });
    // A fixed line with its area code is accepted as its digits.
    expect((await addOne('(010) 8888-7777')).number).toBe('01088887777');
  });

  it('refuses bad numbers and past expiries, changing nothing', async () => {
    const bad = await t.call(b.addOne, { number: '12345' }, admin);
    expect(bad.body.code).toBe(10002);
    const past = await t.call(b.addOne, { number: mobile(), expiresAt: Date.now() - 1000 }, admin);
    expect(past.body).toMatchObject({ code: 10002, msg: '有效期须晚于当前时间，不填则永久有效' });
  });

  it('adds a batch: bad, repeated and listed numbers are skipped with their reason', async () => {
    const [listed, x, y] = [mobile(), mobile(), mobile()];
    await addOne(listed);
    const res = await t.call(
      b.addBatch,
      { numbers: [x, `${y.slice(0, 3)}-${y.slice(3)}`, x, '999', listed], reason: '批量' },
      admin,
    );
    expect(res.body.data).toEqual({
      added: 2,
      skipped: [
        { number: x, reason: '号码重复' },
        { number: '999', reason: '号码格式不正确' },
        { number: listed, reason: `号码${listed}已在企业黑名单中` },
      ],
    });
    const page = (await t.call(b.page, { source: 'batch', limit: 100 }, admin)).body.data.records.map((r) => r.number);
    expect(page).toEqual(expect.arrayContaining([x, y]));
    expect(page).not.toContain(listed);
  });

  it('edits and deletes, one or many; another tenant’s entry is not found', async () => {
    const e = await addOne(mobile());
    const other = mobile();
    const edited = await t.call(b.edit, { id: e.id, number: other, reason: '改原因', expiresAt: null }, admin);
    expect(edited.body.data).toMatchObject({ id: e.id, number: other, reason: '改原因' });
    const taken = await addOne(mobile());
    expect((await t.call(b.edit, { id: taken.id, number: other }, admin)).body).toMatchObject({
      code: 10056,
      msg: `号码${other}已在企业黑名单中`,
    });

    // The platform operator's own enterprise list is another tenant's.
    const foreign = await addOne(mobile(), platform);
    expect((await t.call(b.page, { number: foreign.number }, admin)).body.data.total).toBe(0);
    for (const res of [
      await t.call(b.edit, { id: foreign.id, number: mobile() }, admin),
      await t.call(b.remove, { id: foreign.id }, admin),
      await t.call(b.removeBatch, { ids: [foreign.id] }, admin),
    ]) {
      expect(res.body).toMatchObject({ code: 10056, msg: '黑名单号码不存在或已删除' });
    }
    expect((await t.call(b.page, { number: foreign.number }, platform)).body.data.total).toBe(1);

    const [p, q] = [await addOne(mobile()), await addOne(mobile())];
    expect((await t.call(b.remove, { id: e.id }, admin)).body.data).toEqual({ deleted: 1 });
    // Another tenant's id among them is left alone.
    expect((await t.call(b.removeBatch, { ids: [p.id, q.id, foreign.id] }, admin)).body.data).toEqual({ deleted: 2 });
    expect((await t.call(b.remove, { id: e.id }, admin)).body.code).toBe(10056);
  });

  it('refuses what the role does not hold', async () => {
    const n = mobile();
    // agent: no black-list permission at all.
    expect((await t.call(b.page, {}, agent)).body.code).toBe(403);
    expect((await t.call(b.interceptPage, {}, agent)).body.code).toBe(403);
    // manager: may read the list and the intercepts, not change them.
    expect((await t.call(b.page, {}, manager)).body.code).toBe(0);
    expect((await t.call(b.addOne, { number: n }, manager)).body.code).toBe(403);
    expect((await t.call(b.addBatch, { numbers: [n] }, manager)).body.code).toBe(403);
    expect((await t.call(b.exportExcel, {}, manager)).body.code).toBe(403);
    // An enterprise administrator reads the platform's list but never changes it.
    expect((await t.call(b.platformPage, {}, admin)).body.code).toBe(0);
    expect((await t.call(b.platformAddOne, { number: n }, admin)).body.code).toBe(403);
    expect((await t.call(b.platformRemoveBatch, { ids: [1] }, admin)).body.code).toBe(403);
    const csv = Buffer.from(`号码\n${n}\n`);
    expect((await upload(b.platformImportExcel.path, admin, csv, '1', 'a.csv')).code).toBe(403);
    expect((await t.call(b.page, { number: n }, admin)).body.data.total).toBe(0);
  });

  it('applies the platform list to every enterprise; only the platform operator changes it', async () => {
    const n = mobile();
    const added = await t.call(b.platformAddOne, { number: n, reason: '诈骗号码' }, platform);
    expect(added.body.data).toMatchObject({ level: 'platform', number: n, createdBy: expect.any(String) });
    expect((await t.call(b.check, { phone: n }, agent)).body.data).toEqual({
      data: true,
      reason: '号码在黑名单中（平台黑名单）',
    });
    const got = (await t.call(b.get, { number: n }, manager)).body.data;
    expect(got).toMatchObject({ number: n, isBlocked: true, hits: [{ level: 'platform', reason: '诈骗号码' }] });
    // The enterprise's own page does not show it; the platform page does (read only for it).
    expect((await t.call(b.page, { number: n }, admin)).body.data.total).toBe(0);
    expect((await t.call(b.platformPage, { number: n }, manager)).body.data.total).toBe(1);
    // The operator's batch and removal.
    const m = mobile();
    expect((await t.call(b.platformAddBatch, { numbers: [m, n] }, platform)).body.data.added).toBe(1);
    expect((await t.call(b.platformRemove, { id: added.body.data.id }, platform)).body.data.deleted).toBe(1);
    expect((await t.call(b.check, { phone: n }, agent)).body.data.data).toBe(false);
  });

  it('lets an entry lapse at its expiry; adding it again renews it', async () => {
    const soon = Date.now() + 3_600_000;
    const e = await addOne(mobile(), admin, { expiresAt: soon });
    expect(e.expiresAt).toBe(soon);
    expect((await t.call(b.check, { phone: e.number }, admin)).body.data.data).toBe(true);
    await lapse(e.id);
    expect((await t.call(b.check, { phone: e.number }, admin)).body.data.data).toBe(false);
    const got = (await t.call(b.get, { number: e.number }, admin)).body.data;
    expect(got).toMatchObject({ isBlocked: false, hits: [{ level: 'tenant', isExpired: true }] });
    const expired = (await t.call(b.page, { status: 'expired', number: e.number }, admin)).body.data.records;
    expect(expired.map((r) => r.isExpired)).toEqual([true]);
    expect((await t.call(b.page, { status: 'active', number: e.number }, admin)).body.data.total).toBe(0);
    // Editing only the reason of a lapsed entry keeps its past expiry.
    const kept = await t.call(
      b.edit,
      { id: e.id, number: e.number, reason: '备注', expiresAt: expired[0]!.expiresAt },
      admin,
    );
    expect(kept.body.code, kept.body.msg).toBe(0);
    const renewed = await addOne(e.number);
    expect(renewed).toMatchObject({ id: e.id, isExpired: false, expiresAt: null });
    expect((await t.call(b.check, { phone: e.number }, admin)).body.data.data).toBe(true);
  });

  it('checks many numbers at once, by list', async () => {
    const [own, plat, free] = [mobile(), mobile(), mobile()];
    await addOne(own);
    await t.call(b.platformAddOne, { number: plat }, platform);
    const res = await t.call(b.checkList, { phones: [own, ` ${plat} `, free, 'abc'] }, agent);
    expect(res.body.data.records).toEqual([
      { phone: own, number: own, isBlocked: true, reason: '号码在黑名单中（企业黑名单）' },
      { phone: ` ${plat} `, number: plat, isBlocked: true, reason: '号码在黑名单中（平台黑名单）' },
      { phone: free, number: free, isBlocked: false, reason: '' },
      { phone: 'abc', number: '', isBlocked: false, reason: '号码格式不正确' },
    ]);
  });

  it('imports: the check lists every bad row and writes nothing; the confirm writes the good rows', async () => {
    const [listed, a, c, d] = [mobile(), mobile(), mobile(), mobile()];
    await addOne(listed);
    const file = await xlsxOf([
      ['号码*', '原因', '有效期至'],
      [a, '导入一', ''],
      ['12345', '坏号码', ''],
      [a, '重复', ''],
      [listed, '已在名单', ''],
      [c, '', '2099-12-31'],
      [d, '', '昨天'],
      [mobile(), '', '2020-01-01'],
    ]);
    const check = await upload(b.importExcel.path, admin, file, '1');
    expect(check.code, check.msg).toBe(0);
    expect(check.data).toMatchObject({
      isDryRun: true,
      total: 7,
      validCount: 2,
      invalidCount: 4,
      skippedCount: 1,
      added: 0,
      errors: [
        { row: 3, number: '12345', reason: expect.stringContaining('号码「12345」格式不正确') },
        { row: 4, number: a, reason: '与第2行号码重复' },
        { row: 7, number: d, reason: '有效期「昨天」不是时间，请填写如 2026-12-31' },
        { row: 8, reason: '有效期「2020-01-01」已过，请填写今后的时间或留空' },
      ],
      skipped: [{ row: 5, number: listed, reason: `号码${listed}已在企业黑名单中` }],
    });
    for (const n of [a, c]) expect((await t.call(b.page, { number: n }, admin)).body.data.total).toBe(0);

    const done = await upload(b.importExcel.path, admin, file, '0');
    expect(done.data).toMatchObject({ isDryRun: false, added: 2, validCount: 2, invalidCount: 4 });
    const rows = (await t.call(b.page, { source: 'import', limit: 100 }, admin)).body.data.records;
    expect(rows.find((r) => r.number === a)).toMatchObject({ reason: '导入一', expiresAt: null });
    // A date alone means to the end of that day (Beijing time).
    expect(rows.find((r) => r.number === c)?.expiresAt).toBe(Date.UTC(2099, 11, 31, 15, 59, 59));
  });

  it('imports through the framework: the check stages a batch, the confirm writes it, the rows not written downloadable', async () => {
    const [listed, a, c] = [mobile(), mobile(), mobile()];
    await addOne(listed);
    const file = await xlsxOf([
      ['号码*', '原因', '有效期至'],
      [a, '批次一', ''],
      ['12345', '坏号码', ''],
      [listed, '已在名单', ''],
      [c, '', '2099-12-31'],
    ]);
    const check = await upload(b.importExcel.path, admin, file, '1', '客户黑名单.xlsx');
    expect(check.code, check.msg).toBe(0);
    const batchId = (check.data as { batchId?: string }).batchId!;
    expect(check.data).toMatchObject({ validCount: 2, invalidCount: 1, skippedCount: 1, toWrite: 2 });
    expect(batchId).toMatch(/^[0-9a-f-]{36}$/);
    // The platform list's check stages a batch of its own, the operator's.
    const platformCheck = await upload(b.platformImportExcel.path, platform, file, '1');
    const platformBatch = (platformCheck.data as { batchId?: string }).batchId!;
    expect(platformBatch).toMatch(/^[0-9a-f-]{36}$/);
    expect(platformBatch).not.toBe(batchId);
    // Another enterprise's person cannot see nor confirm the batch (the tenant wall).
    expect((await t.call(b.importState, { batchId }, platform)).body.msg).toBe('导入批次不存在或已过期，请重新上传');

    const started = await t.call(b.importConfirm, { batchId }, admin);
    expect(started.body.code, started.body.msg).toBe(0);
    expect(started.body.data.status).toBe('running');
    expect((await t.call(b.importConfirm, { batchId }, admin)).body.msg).toBe('该批次已确认过，请勿重复导入');
    for (let i = 0; i < 100 && (await t.call(b.importState, { batchId }, admin)).body.data.status === 'running'; i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await t.call(b.importState, { batchId }, admin)).body.data).toMatchObject({
      status: 'done',
      validCount: 3,
      processed: 3,
      added: 2,
      skipped: 1,
      message: '1行已跳过，原因见导入结果',
    });
    const rows = (await t.call(b.page, { source: 'import', limit: 100 }, admin)).body.data.records;
    expect(rows.find((r) => r.number === a)).toMatchObject({ reason: '批次一', expiresAt: null });
    expect(rows.find((r) => r.number === c)?.expiresAt).toBe(Date.UTC(2099, 11, 31, 15, 59, 59));

    const report = await t.app.inject({
      method: 'GET',
      url: `${b.importReport.path}?batchId=${batchId}`,
      headers: { 'cloud-token': admin },
    });
    expect(report.headers['content-disposition']).toContain(encodeURIComponent('客户黑名单-导入结果'));
    // Empty cells are holes in what the reader gives; a row ends at its last written cell. The rows
    // written left the staging when the import ended: the refused and skipped ones stay.
    const cells = (await readXlsx(report.rawPayload)).map((r) => Array.from(r, (v) => v ?? ''));
    expect(cells).toEqual([
      ['行号', '号码', '原因', '有效期至', '结果', '说明'],
      ['3', '12345', '', '', '有错误', expect.stringContaining('号码「12345」格式不正确')],
      ['4', listed, '已在名单', '', '已跳过', `号码${listed}已在企业黑名单中`],
    ]);

    // The platform's batch is written into the platform list through its own routes.
    expect((await t.call(b.platformImportState, { batchId }, platform)).body.msg).toBe(
      '导入批次不存在或已过期，请重新上传',
    );
    const platformStarted = await t.call(b.platformImportConfirm, { batchId: platformBatch }, platform);
    expect(platformStarted.body.code, platformStarted.body.msg).toBe(0);
    const platformState = async () => (await t.call(b.platformImportState, { batchId: platformBatch }, platform)).body;
    for (let i = 0; i < 100 && (await platformState()).data.status === 'running'; i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await platformState()).data).toMatchObject({ status: 'done', added: 3 });
    for (const n of [a, listed, c]) {
      expect((await t.call(b.platformPage, { number: n }, platform)).body.data.total).toBe(1);
    }
    const platformReport = await t.app.inject({
      method: 'GET',
      url: `${b.platformImportReport.path}?batchId=${platformBatch}`,
      headers: { 'cloud-token': platform },
    });
    expect(platformReport.headers['content-type']).not.toMatch(/json/);
  });

  it('refuses a file it cannot import, with what to do', async () => {
    const noHeader = await xlsxOf([
      ['电话', '备注'],
      [mobile(), ''],
    ]);
    expect((await upload(b.importExcel.path, admin, noHeader, '1')).msg).toBe(
      '文件第一行须为表头（号码、原因、有效期至），请下载导入模板按格式填写',
    );
    expect((await upload(b.importExcel.path, admin, await xlsxOf([['号码']]), '1')).msg).toBe(
      '文件中没有号码，请按模板填写后再导入',
    );
    expect((await upload(b.importExcel.path, admin, Buffer.from('x'), '1', 'a.txt')).code).toBe(10002);
    // CSV works too; the platform operator imports into the platform list.
    const n = mobile();
    const res = await upload(
      b.platformImportExcel.path,
      platform,
      Buffer.from(`号码,原因\n${n},平台导入\n`),
      '0',
      'p.csv',
    );
    expect(res.data).toMatchObject({ added: 1 });
    expect((await t.call(b.check, { phone: n }, admin)).body.data.reason).toBe('号码在黑名单中（平台黑名单）');
  });

  it('exports the list with Chinese headers, filtered', async () => {
    const e = await addOne(mobile(), admin, { reason: '导出测试' });
    const res = await t.app.inject({
      method: 'POST',
      url: b.exportExcel.path,
      headers: { 'cloud-token': admin },
      payload: { number: e.number },
    });
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('企业黑名单'));
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual(['号码', '原因', '来源', '状态', '有效期至', '添加人', '添加时间', '修改人', '修改时间']);
    expect(rows.slice(1).map((r) => r.slice(0, 5))).toEqual([[e.number, '导出测试', '手动添加', '生效中', '永久']]);
    // More rows than one batch, all added at the same instant: each exported once.
    await t.database.db.execute(sql`insert into number_blacklist (tenant_id, number, source)
      select ${ids.tenantId}, '1360000' || lpad(g::text, 4, '0'), 'import' from generate_series(1, 1205) g`);
    const many = await t.app.inject({
      method: 'POST',
      url: b.exportExcel.path,
      headers: { 'cloud-token': admin },
      payload: { number: '1360000' },
    });
    const numbers = (await readXlsx(many.rawPayload)).slice(1).map((r) => r[0]);
    expect(numbers.length).toBe(1205);
    expect(new Set(numbers).size).toBe(1205);
    const template = await t.app.inject({
      method: 'GET',
      url: b.importTemplate.path,
      headers: { 'cloud-token': admin },
    });
    expect((await readXlsx(template.rawPayload))[0]).toEqual(['号码*', '原因', '有效期至']);
  });

  it('lists intercepts within the data scope', async () => {
    const n = mobile();
    const [agent1, agent4] = [await ids.user('agent01'), await ids.user('agent04')];
    const [dept1, dept2] = [await ids.dept('销售一部'), await ids.dept('销售二部')];
    await withTenant(t.database, ids.tenantId, async (tx) => {
      for (const [userId, deptId] of [
        [agent1, dept1],
        [agent4, dept2],
      ] as const) {
        await recordIntercept(tx, {
          tenantId: ids.tenantId,
          userId,
          deptId,
          number: n,
          level: 'tenant',
          reason: '',
          via: '拨号',
        });
      }
    });
    const all = (await t.call(b.interceptPage, { number: n }, admin)).body.data;
    expect(all.records.map((r) => r.userName).sort()).toEqual(['王强', expect.any(String)].sort());
    expect(all.total).toBe(2);
    expect(all.records[0]).toMatchObject({
      number: n,
      level: 'tenant',
      via: '拨号',
      reason: '号码在黑名单中（企业黑名单）',
    });
    // The manager of 销售一部 sees his department's only.
    const mine = (await t.call(b.interceptPage, { number: n }, manager)).body.data;
    expect(mine.records.map((r) => [r.userName, r.deptName])).toEqual([['王强', '销售一部']]);
    // Another tenant sees none.
    expect((await t.call(b.interceptPage, { number: n }, platform)).body.data.total).toBe(0);
  });
});
