import { routeTables, type TBlackImportResult } from '@yunhu/contract';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';

const b = routeTables.blacklist;

/** Black-list numbers as lists arrive: CSV in GBK or UTF-8 with BOM, full-width digits, +86. */
describe('black-list import through the import framework', () => {
  let t: TTestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.loginAs.admin();
  });
  afterAll(() => t.close());

  const upload = async (content: Buffer, dryRun: '0' | '1', name: string) => {
    const boundary = `----yunhu${Date.now()}`;
    const res = await t.app.inject({
      method: 'POST',
      url: b.importExcel.path,
      headers: { 'cloud-token': admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="dryRun"\r\n\r\n${dryRun}\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n\r\n`,
        ),
        content,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    return res.json() as { code: number; msg: string; data: TBlackImportResult };
  };

  it('reads GBK and UTF-8-BOM CSV, folds full-width digits, and says blank rows and unknown columns', async () => {
    const text = (n: string) =>
      `号码*,原因,备注\r\n１３７１１１${n}０００１,全角,x\r\n,,\r\n+86 137-111${n}-0002,八六,\r\n137111${n}0001,重复,\r\n`;
    const files = [
      { name: '黑名单.csv', body: iconv.encode(text('1'), 'gbk'), n: '1' },
      { name: '黑名单.csv', body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text('2'))]), n: '2' },
    ];
    for (const f of files) {
      const check = await upload(f.body, '1', f.name);
      expect(check.code, check.msg).toBe(0);
      expect(check.data).toMatchObject({ total: 3, validCount: 2, invalidCount: 1, toWrite: 2, blankRows: 1 });
      expect(check.data.ignoredColumns).toEqual(['备注']);
      expect(check.data.errors).toEqual([{ row: 5, number: `137111${f.n}0001`, reason: '与第2行号码重复' }]);
      expect(check.data.reasonCounts).toEqual([{ reason: '与其他行号码重复', count: 1 }]);
      expect(check.data.sample.rows[0]).toEqual({ row: 2, values: [`137111${f.n}0001`, '全角', 'x'] });
      const done = await upload(f.body, '0', f.name);
      expect(done.data).toMatchObject({ isDryRun: false, added: 2 });
      const found = await t.call(b.page, { number: `137111${f.n}0002` }, admin);
      expect(found.body.data.total).toBe(1);
    }
  });

  it('names a picture renamed .xlsx as not a spreadsheet', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
    const res = await upload(png, '1', '黑名单.xlsx');
    expect(res.code).toBe(10002);
    expect(res.msg).toContain('文件不是有效的Excel或CSV表格');
  });
});
