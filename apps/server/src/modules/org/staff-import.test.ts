import { routeTables, type TImportRead, type TImportState } from '@yunhu/contract';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
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
    expect(preview.errors.map((e) => e.row)).toEqual([...bad.keys()].sort((a, b) => a - b));
    for (const e of preview.errors) expect(e.reason).toMatch(bad.get(e.row)!);
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

  it('downloads every row with its check result, then with its outcome once written', async () => {
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
    const report = async () => {
      const r = await t.app.inject({
        method: 'GET',
        url: `${s.staffImportReport.path}?batchId=${batchId}`,
        headers: { 'cloud-token': admin },
      });
      expect(r.headers['content-disposition']).toContain(encodeURIComponent('员工导入结果'));
      // Empty cells are holes in what the reader gives; a row ends at its last written cell.
      return (await readXlsx(r.rawPayload)).map((row) => Array.from(row, (v) => v ?? ''));
    };
    const header = ['行号', '账号', '姓名', '手机号', '结果', '说明'];
    expect(await report()).toEqual([
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
    expect(await report()).toEqual([
      header,
      ['2', 'rep01', '结果甲', '13566680001', '已导入'],
      ['3', 'rep02', '结果乙', '12345', '有错误', '手机号「12345」格式不正确'],
      ['4', 'rep03', '结果丙', '13566680003', '已跳过', '账号或手机号在确认前已被使用，已跳过'],
    ]);
  });

  it('a confirm whose process dies at any point is not stuck: another server confirms it, each account once', async () => {
    const other = await buildApp({ ...loadConfig({ DATA_DIR: '', WEB_DIST: '' }), isProduction: false }, t.database);
    await other.ready();
    const state = async (batchId: string) => (await t.call(s.staffImportState, { batchId }, admin)).body.data;
    try {
      // The process dies (kill -9) after its first `alive` transactions: reading the batch, marking it, writing.
      for (const alive of [1, 2, 3]) {
        const res = await uploadFile(
          t,
          s.staffImport.path,
          admin,
          'staff.xlsx',
          await xlsxOf([
            ['账号', '姓名', '手机号', '部门'],
            [`dead${alive}a`, '中断甲', `1356667${alive}001`, '销售一部'],
            [`dead${alive}b`, '中断乙', `1356667${alive}002`, '销售一部'],
          ]),
        );
        const batchId = (res.data as TPreview).batchId;
        const before = await countUsers(t, ids.tenantId);
        const dying = dyingDatabase(t.database, alive);
        const doomed = createStaffImport({
          database: dying.database,
          dataScopeOf: t.app.services.org.dataScopeOf,
          onError: () => undefined,
        });
        void doomed.confirm((await t.app.services.auth.authenticate(admin))!, batchId).catch(() => undefined);
        await eventually(
          async () => dying.isDead() || (await state(batchId)).status === 'done',
          (isOver) => isOver,
        );
        if ((await state(batchId)).status !== 'done') {
          const confirm = await other.inject({
            method: 'POST',
            url: s.staffImportConfirm.path,
            payload: { batchId },
            headers: { 'cloud-token': admin },
          });
          expect(confirm.json().code, `${alive}: ${confirm.json().msg}`).toBe(0);
        }
        const done = await eventually(
          () => state(batchId),
          (d) => d.status !== 'running',
        );
        expect(done, `alive ${alive}`).toMatchObject({ status: 'done', imported: 2, skipped: 0 });
        // The dead process comes back (a paused VM): its confirm finds the batch done and writes nothing.
        dying.wake();
        await doomed.idle();
        expect(await countUsers(t, ids.tenantId)).toBe(before + 2);
        expect(await state(batchId)).toMatchObject({ status: 'done', imported: 2 });
      }
    } finally {
      await other.close();
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
