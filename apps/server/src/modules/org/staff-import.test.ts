import { importListedRows, routeTables, type TImportRead, type TImportState } from '@yunhu/contract';
import { sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImportRunner, importLimits } from '../../import/import.runner.js';
import { dyingDatabase } from '../../test/dying-database.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { countUsers, demoIds, eventually, readXlsx, uploadFile, xlsxOf } from './org.test-kit.js';
import { createStaffImport } from './staff-import.js';

const s = routeTables.orgStaff;
type TPreview = TImportState & { errors: { row: number; reason: string }[] };
type TReadPreview = TPreview & TImportRead;

/** A 10,000-row staff file mixing valid rows with every kind of bad row, and what each row should give. */
const bigFile = () => {
  const rows: (string | number | null)[][] = [['账号*', '姓名*', '手机号*', '部门*', '角色']];
  const bad = new Map<number, RegExp>();
  for (let i = 0; i < 10_000; i++) {
    const rowNo = i + 2;
    const mobile = `135${String(i).padStart(8, '0')}`;
    const dept = i % 3 === 0 ? '演示科技有限公司/销售二部' : '销售一部';
    let row: (string | number | null)[] = [
      `imp${i}`,
      `导入员工${i}`,
      i % 7 === 0 ? Number(mobile) : mobile,
      dept,
      '坐席',
    ];
    if (i % 10 === 3) {
      row[2] = `1${String(i).padStart(4, '0')}`;
      bad.set(rowNo, /手机号「\d+」格式不正确/);
    } else if (i % 10 === 5) {
      row[2] = `135${String(i - 1).padStart(8, '0')}`;
      bad.set(rowNo, new RegExp(`手机号与第${rowNo - 1}行重复`));
    } else if (i % 10 === 7) {
      row[1] = null;
      bad.set(rowNo, /姓名为空/);
    } else if (i % 50 === 9) {
      // The first such row meets the existing account; the later ones repeat the first.
      row[2] = '13900000001';
      bad.set(rowNo, i === 9 ? /手机号13900000001已被其他账号使用/ : /手机号与第11行重复/);
    } else if (i % 100 === 11) {
      row[3] = '不存在的部门';
      bad.set(rowNo, /部门「不存在的部门」不存在/);
    } else if (i % 250 === 21) {
      row = [`imp${i - 2}`, row[1]!, row[2]!, row[3]!, row[4]!];
      bad.set(rowNo, new RegExp(`账号与第${rowNo - 2}行重复`));
    } else if (i % 500 === 1) {
      row[4] = '坐席，飞行员';
      bad.set(rowNo, /角色「飞行员」不存在/);
    }
    rows.push(row);
  }
  return { rows, bad };
};

describe('staff import (import-plus, confirm-import-plus, queryStaffState)', () => {
  let t: TTestApp;
  let admin: string;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.loginAs.admin();
    ids = await demoIds(t);
  });
  afterAll(() => t.close());

  /** The downloadable result of a batch, as rows of cell texts (header first). */
  const report = async (batchId: string) => {
    const r = await t.app.inject({
      method: 'GET',
      url: `${s.staffImportReport.path}?batchId=${batchId}`,
      headers: { 'cloud-token': admin },
    });
    expect(r.headers['content-disposition']).toContain(encodeURIComponent('导入结果'));
    // Empty cells are holes in what the reader gives; a row ends at its last written cell.
    return (await readXlsx(r.rawPayload)).map((row) => Array.from(row, (v) => v ?? ''));
  };

  it('previews 10,000 rows listing every bad one, writes only the valid ones after confirm', async () => {
    const { rows, bad } = bigFile();
    const before = await countUsers(t, ids.tenantId);
    const res = await uploadFile(t, s.staffImport.path, admin, '员工.xlsx', await xlsxOf(rows));
    expect(res.code, res.msg).toBe(0);
    const preview = res.data as TPreview;
    expect(preview).toMatchObject({
      status: 'previewed',
      total: 10_000,
      invalidCount: bad.size,
      validCount: 10_000 - bad.size,
    });
    // The preview lists the first bad rows, as every import; the result file has every one with its reason.
    const badRows = [...bad.keys()].sort((a, b) => a - b);
    expect(preview.errors.map((e) => e.row)).toEqual(badRows.slice(0, importListedRows));
    for (const e of preview.errors) expect(e.reason).toMatch(bad.get(e.row)!);
    const checked = await report(preview.batchId);
    const refused = checked.filter((line) => line[4] === '有错误');
    expect(refused.map((line) => Number(line[0]))).toEqual(badRows);
    for (const line of refused) expect(line[5]).toMatch(bad.get(Number(line[0]))!);
    // Nothing written before the confirm.
    expect(await countUsers(t, ids.tenantId)).toBe(before);
    const state = await t.call(s.staffImportState, { batchId: preview.batchId }, admin);
    expect(state.body.data.status).toBe('previewed');

    const confirm = await t.call(s.staffImportConfirm, { batchId: preview.batchId }, admin);
    expect(confirm.body.data.status).toBe('running');
    const twice = await t.call(s.staffImportConfirm, { batchId: preview.batchId }, admin);
    expect(twice.body.code).toBe(10056);
    const done = await eventually(
      async () => (await t.call(s.staffImportState, { batchId: preview.batchId }, admin)).body.data,
      (d) => d.status !== 'running',
    );
    expect(done).toMatchObject({ status: 'done', imported: preview.validCount, skipped: 0 });
    expect(done.processed).toBe(preview.validCount);
    expect(await countUsers(t, ids.tenantId)).toBe(before + preview.validCount);

    const found = await t.call(s.staffPage, { mobile: '13500000004' }, admin);
    expect(found.body.data.records[0]).toMatchObject({
      username: 'imp4',
      deptName: '销售一部',
      roles: [{ name: '坐席' }],
    });
    const second = await t.call(s.staffPage, { mobile: '13500000000' }, admin);
    expect(second.body.data.records[0]).toMatchObject({ username: 'imp0', deptName: '销售二部' });
    expect((await t.call(s.staffPage, { mobile: '13500000005' }, admin)).body.data.total).toBe(0);
    // Imported accounts have no usable password until reset (SMS or administrator).
    await expect(t.login('imp4', '')).rejects.toThrow();
  }, 180_000);

  it('refuses files that are not a filled-in template, writing nothing', async () => {
    const before = await countUsers(t, ids.tenantId);
    const notSheet = await uploadFile(t, s.staffImport.path, admin, 'staff.txt', Buffer.from('a,b'));
    expect(notSheet).toMatchObject({ code: 10002, msg: '请上传 .xlsx 或 .csv 格式的文件（可先下载导入模板）' });
    const noHeader = await uploadFile(t, s.staffImport.path, admin, 'staff.csv', Buffer.from('a,b'));
    expect(noHeader).toMatchObject({ code: 10002, msg: '模板格式不正确：缺少「账号」列，请下载最新模板' });
    const garbage = await uploadFile(t, s.staffImport.path, admin, 'staff.xlsx', Buffer.from('not a zip at all'));
    expect(garbage.code).toBe(10002);
    const noMobile = await uploadFile(
      t,
      s.staffImport.path,
      admin,
      'staff.xlsx',
      await xlsxOf([
        ['账号', '姓名', '部门'],
        ['x1234', '某人', '销售一部'],
      ]),
    );
    expect(noMobile).toMatchObject({ code: 10002, msg: '模板格式不正确：缺少「手机号」列，请下载最新模板' });
    const empty = await uploadFile(
      t,
      s.staffImport.path,
      admin,
      'staff.xlsx',
      await xlsxOf([['账号', '姓名', '手机号', '部门']]),
    );
    expect(empty.msg).toBe('文件中没有员工数据，请按模板填写后再导入');
    const noFile = await t.app.inject({
      method: 'POST',
      url: s.staffImport.path,
      headers: { 'cloud-token': admin, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expect(noFile.json().code).toBe(10002);
    const unknownBatch = await t.call(s.staffImportConfirm, { batchId: '00000000-0000-4000-8000-000000000000' }, admin);
    expect(unknownBatch.body.code).toBe(10056);
    expect(await countUsers(t, ids.tenantId)).toBe(before);
  });

  it('reads a GBK csv and a UTF-8 csv with BOM, full-width and +86 mobiles, saying blank rows and unknown columns', async () => {
    const before = await countUsers(t, ids.tenantId);
    const text = (prefix: string, n: string) =>
      `账号*,姓名*,手机号*,部门*,工号备注\r\n${prefix}01,全角甲,１３５７７７${n}０００１,销售一部,x\r\n,,,,\r\n` +
      `${prefix}02,八六乙,+86 135-777${n}-0002,销售一部,\r\n${prefix}03,重复丙,135777${n}0001,销售一部,\r\n`;
    const gbk = await uploadFile(t, s.staffImport.path, admin, '员工.csv', iconv.encode(text('gbk', '1'), 'gbk'));
    const bom = await uploadFile(
      t,
      s.staffImport.path,
      admin,
      '员工.csv',
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text('bom', '2'))]),
    );
    for (const res of [gbk, bom]) {
      expect(res.code, res.msg).toBe(0);
      const p = res.data as TReadPreview;
      expect(p).toMatchObject({ total: 3, validCount: 2, invalidCount: 1, toWrite: 2, blankRows: 1 });
      expect(p.ignoredColumns).toEqual(['工号备注']);
      expect(p.errors).toEqual([{ row: 5, reason: '手机号与第2行重复' }]);
      expect(p.sample.rows[0]?.values.slice(0, 4)).toEqual([
        expect.stringMatching(/01$/),
        '全角甲',
        expect.stringMatching(/^135777[12]0001$/),
        '销售一部',
      ]);
      await t.call(s.staffImportConfirm, { batchId: p.batchId }, admin);
      const done = await eventually(
        async () => (await t.call(s.staffImportState, { batchId: p.batchId }, admin)).body.data,
        (d) => d.status !== 'running',
      );
      expect(done).toMatchObject({ status: 'done', imported: 2 });
    }
    expect(await countUsers(t, ids.tenantId)).toBe(before + 4);
    const found = await t.call(s.staffPage, { mobile: '13577710001' }, admin);
    expect(found.body.data.records[0]).toMatchObject({ username: 'gbk01', realName: '全角甲' });
  });

  it('skips at confirm a row whose mobile was taken after the preview', async () => {
    const res = await uploadFile(
      t,
      s.staffImport.path,
      admin,
      'staff.xlsx',
      await xlsxOf([
        ['账号', '姓名', '手机号', '部门'],
        ['late01', '晚到甲', '13566660001', '销售一部'],
        ['late02', '晚到乙', '13566660002', '销售一部'],
      ]),
    );
    const batchId = (res.data as TPreview).batchId;
    await t.call(
      s.staffAdd,
      { username: 'faster', realName: '抢先', mobile: '13566660002', deptId: await ids.dept('销售一部') },
      admin,
    );
    await t.call(s.staffImportConfirm, { batchId }, admin);
    const done = await eventually(
      async () => (await t.call(s.staffImportState, { batchId }, admin)).body.data,
      (d) => d.status !== 'running',
    );
    expect(done).toMatchObject({ status: 'done', imported: 1, skipped: 1 });
    expect(done.message).toContain('已跳过');
  });

  it('downloads every row with its check result, then the rows refused or skipped once written', async () => {
    const res = await uploadFile(
      t,
      s.staffImport.path,
      admin,
      'staff.xlsx',
      await xlsxOf([
        ['账号', '姓名', '手机号', '部门'],
        ['rep01', '结果甲', '13566680001', '销售一部'],
        ['rep02', '结果乙', '12345', '销售一部'],
        ['rep03', '结果丙', '13566680003', '销售一部'],
      ]),
    );
    const batchId = (res.data as TPreview).batchId;
    const header = ['行号', '账号', '姓名', '手机号', '结果', '说明'];
    expect(await report(batchId)).toEqual([
      header,
      ['2', 'rep01', '结果甲', '13566680001', '可导入'],
      ['3', 'rep02', '结果乙', '12345', '有错误', '手机号「12345」格式不正确'],
      ['4', 'rep03', '结果丙', '13566680003', '可导入'],
    ]);
    await t.call(
      s.staffAdd,
      { username: 'faster3', realName: '抢先', mobile: '13566680003', deptId: await ids.dept('销售一部') },
      admin,
    );
    await t.call(s.staffImportConfirm, { batchId }, admin);
    await eventually(
      async () => (await t.call(s.staffImportState, { batchId }, admin)).body.data,
      (d) => d.status === 'done',
    );
    expect(await report(batchId)).toEqual([
      header,
      ['3', 'rep02', '结果乙', '12345', '有错误', '手机号「12345」格式不正确'],
      ['4', 'rep03', '结果丙', '13566680003', '已跳过', '账号或手机号在确认前已被使用，已跳过'],
    ]);
  });

  it('an import whose process dies midway is resumed from its checkpoint: each account once', async () => {
    const chunk = importLimits.chunk;
    // Chunks of 2, so the 6 rows take three transactions and the process dies between two.
    importLimits.chunk = 2;
    try {
      const res = await uploadFile(
        t,
        s.staffImport.path,
        admin,
        'staff.xlsx',
        await xlsxOf([
          ['账号', '姓名', '手机号', '部门', '角色'],
          ...Array.from({ length: 6 }, (_, i) => [
            `dead${i}`,
            `中断${i}`,
            `1356667${String(i).padStart(4, '0')}`,
            '销售一部',
            '坐席',
          ]),
        ]),
      );
      const batchId = (res.data as TPreview).batchId;
      const state = async () => (await t.call(s.staffImportState, { batchId }, admin)).body.data;
      const before = await countUsers(t, ids.tenantId);
      // The process dies (kill -9) after reading the batch, taking its lease and writing one chunk.
      const dying = dyingDatabase(t.database, 3);
      const doomed = createStaffImport({
        database: dying.database,
        dataScopeOf: t.app.services.org.dataScopeOf,
        onError: () => undefined,
      });
      expect((await doomed.confirm((await t.app.services.auth.authenticate(admin))!, batchId)).status).toBe('running');
      await eventually(
        async () => dying.isStill(),
        (isStill) => isStill,
      );
      expect(await state()).toMatchObject({ status: 'running', processed: 2, imported: 2 });
      // Its lease still runs: no live server takes the import, nor confirms it again.
      const sweeper = createImportRunner({ database: t.database, onError: () => undefined });
      expect(await sweeper.recoverInterrupted()).toBe(0);
      expect((await t.call(s.staffImportConfirm, { batchId }, admin)).body.code).toBe(10056);

      // Time passes without a heartbeat: the sweep says what happened, and a confirm goes on from there.
      await t.database.db.execute(
        sql`update crm_imports set heartbeat_at = heartbeat_at - interval '10 minutes' where id = ${batchId}`,
      );
      expect(await sweeper.recoverInterrupted()).toBe(1);
      const failed = await state();
      expect(failed).toMatchObject({ status: 'failed', processed: 2 });
      expect(failed.message).toContain('已写入2行，其余4行尚未写入');
      const again = await t.call(s.staffImportConfirm, { batchId }, admin);
      expect(again.body.code, again.body.msg).toBe(0);
      const done = await eventually(state, (d) => d.status !== 'running');
      expect(done).toMatchObject({ status: 'done', processed: 6, imported: 6, skipped: 0 });
      expect(await countUsers(t, ids.tenantId)).toBe(before + 6);
      const found = await t.call(s.staffPage, { name: 'dead5' }, admin);
      expect(found.body.data.records[0]).toMatchObject({ username: 'dead5', roles: [{ name: '坐席' }] });

      // The dead process comes back (a paused VM): its lease is gone, it writes nothing.
      dying.wake();
      await doomed.idle();
      expect(await countUsers(t, ids.tenantId)).toBe(before + 6);
      expect(await state()).toMatchObject({ status: 'done', imported: 6 });
    } finally {
      importLimits.chunk = chunk;
    }
  });

  it('a confirm while the state is polled is written, never refused as confirmed by someone else', async () => {
    // The page polls the state while the confirm starts (and the dying-process test above polls it
    // while its doomed confirm takes the batch): the state's look at the batch must not make the
    // confirm believe another writer holds it (it then wrote nothing and the batch stayed previewed).
    for (let round = 0; round < 12; round++) {
      const res = await uploadFile(
        t,
        s.staffImport.path,
        admin,
        'staff.xlsx',
        await xlsxOf([
          ['账号', '姓名', '手机号', '部门'],
          [`poll${round}`, '轮询甲', `135888${String(round).padStart(5, '0')}`, '销售一部'],
        ]),
      );
      const batchId = (res.data as TPreview).batchId;
      const polls = Array.from({ length: 6 }, () => t.call(s.staffImportState, { batchId }, admin));
      const confirm = await t.call(s.staffImportConfirm, { batchId }, admin);
      await Promise.all(polls);
      expect(confirm.body.code, `round ${round}: ${confirm.body.msg}`).toBe(0);
      const done = await eventually(
        async () => (await t.call(s.staffImportState, { batchId }, admin)).body.data,
        (d) => d.status !== 'running',
      );
      expect(done, `round ${round}`).toMatchObject({ status: 'done', imported: 1 });
    }
  });

  it('a manager may not import: no permission', async () => {
    const res = await uploadFile(t, s.staffImport.path, await t.loginAs.manager(), 'staff.xlsx', Buffer.from('x'));
    expect(res.code).toBe(403);
  });
});
