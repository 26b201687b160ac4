import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExcelJS } from './exceljs.js';
import { hostileWorkbook, sheetXml, zipOf } from './spreadsheet.test-kit.js';
import { cellText, sheetLimits, type TSheetRow, withUploadedSheet } from './spreadsheet-read.js';

/** A stand-in for the multipart plugin's file: a stream delivered in small chunks. */
const upload = (filename: string, content: Buffer): MultipartFile => {
  const file = new PassThrough() as PassThrough & { truncated: boolean };
  file.truncated = false;
  (async () => {
    for (let i = 0; i < content.length; i += 1000) {
      file.write(content.subarray(i, i + 1000));
      await new Promise((r) => setImmediate(r));
    }
    file.end();
  })();
  return { filename, file } as unknown as MultipartFile;
};

const opts = {
  maxBytes: 200_000,
  maxRows: 100_000,
  kinds: ['xlsx', 'csv'] as const,
  wrongKindMessage: '请上传 .xlsx 或 .csv 文件',
  unreadableMessage: '文件无法读取',
};

const readAll = (name: string, content: Buffer, o = opts) =>
  withUploadedSheet(upload(name, content), o, async (sheet) => {
    const rows: TSheetRow[] = [];
    for await (const r of sheet.rows()) rows.push(r);
    return { kind: sheet.kind, rows };
  });

// A temp folder of this file's own while it runs: the upload files other test files spool meanwhile
// do not count here. The worker's own is put back after, for the files that follow in it.
const sharedTemp = process.env.TMPDIR;
const ownTemp = fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-sheet-test-'));
beforeAll(() => {
  process.env.TMPDIR = ownTemp;
});
afterAll(() => {
  if (sharedTemp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = sharedTemp;
  fs.rmSync(ownTemp, { recursive: true, force: true });
});
const tempFiles = () => fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith('yunhu-upload-')).length;

describe('spreadsheet-read', () => {
  it('reads the first sheet of an xlsx, cell texts normalised, the instructions sheet ignored', async () => {
    const book = new ExcelJS.Workbook();
    const data = book.addWorksheet('数据');
    data.addRow(['客户名称*', '手机号*', '下次跟进时间']);
    data.addRow([{ richText: [{ text: '张' }, { text: '三 ' }] }, 13912345678, new Date(Date.UTC(2026, 11, 1, 9, 30))]);
    data.addRow([' 李四 ', { text: '139-1234-0000', hyperlink: 'tel:1' }, new Date(Date.UTC(2026, 11, 2))]);
    book.addWorksheet('填写说明').addRow(['说明']);
    const before = tempFiles();
    const { kind, rows } = await readAll('客户.xlsx', Buffer.from(await book.xlsx.writeBuffer()));
    expect(kind).toBe('xlsx');
    expect(rows).toEqual([
      { rowNo: 1, values: ['客户名称*', '手机号*', '下次跟进时间'] },
      { rowNo: 2, values: ['张三', '13912345678', '2026-12-01 09:30:00'] },
      { rowNo: 3, values: ['李四', '139-1234-0000', '2026-12-02'] },
    ]);
    expect(tempFiles()).toBe(before);
  });

  it('never calls a sound xlsx unreadable, read many times at once (exceljs races now and then)', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('客户').addRow(['客户名称']);
    const content = Buffer.from(await book.xlsx.writeBuffer());
    // Before the retry about 1 read in 600 failed with "reading 'sheets'": 400 reads catch that about half the time.
    const failures: string[] = [];
    await Promise.all(
      [0, 1, 2, 3].map(async () => {
        for (let i = 0; i < 100; i++)
          await readAll('a.xlsx', content).catch((error: Error) => failures.push(error.message));
      }),
    );
    expect(failures).toEqual([]);
  });

  it('keeps every Chinese character of a large xlsx whole (none cut where an inflated chunk ends)', async () => {
    // 6,000 distinct names are ~200 KB of shared-strings XML: a dozen 16 KB inflate chunks, most of
    // them ending inside a three-byte character. exceljs 4.4 alone turned those into U+FFFD.
    const names = Array.from({ length: 6000 }, (_, i) => `客户${String(i).padStart(5, '0')}号张三李四`);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('客户');
    for (const n of names) sheet.addRow([n]);
    const content = Buffer.from(await book.xlsx.writeBuffer());
    const { rows } = await readAll('大.xlsx', content, { ...opts, maxBytes: content.length + 1 });
    expect(rows.map((r) => r.values[0])).toEqual(names);
  });

  it('reads CSV in UTF-8 (with or without BOM) and in GBK', async () => {
    const text = '客户名称,手机号,备注\r\n王五,13800000001,"含,逗号"\r\n,,\r\n赵六,13800000002\r\n';
    for (const content of [
      Buffer.from(text),
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]),
      iconv.encode(text, 'gbk'),
    ]) {
      const { kind, rows } = await readAll('客户.csv', content);
      expect(kind).toBe('csv');
      expect(rows).toEqual([
        { rowNo: 1, values: ['客户名称', '手机号', '备注'] },
        { rowNo: 2, values: ['王五', '13800000001', '含,逗号'] },
        { rowNo: 3, values: ['', '', ''] },
        { rowNo: 4, values: ['赵六', '13800000002'] },
      ]);
    }
  });

  it('refuses other kinds, files over the limit and damaged files, leaving no temp file', async () => {
    const before = tempFiles();
    await expect(readAll('a.txt', Buffer.from('x'))).rejects.toThrow('请上传 .xlsx 或 .csv 文件');
    await expect(readAll('a.csv', Buffer.alloc(300_000, 0x41))).rejects.toThrow('文件不能超过0.2MB，请分批导入');
    await expect(readAll('a.xlsx', Buffer.from('PK\u0003\u0004 not really a zip'))).rejects.toThrow('文件无法读取');
    await expect(
      readAll('a.xlsx', Buffer.from('plain text'), { ...opts, kinds: ['xlsx'] as unknown as typeof opts.kinds }),
    ).rejects.toThrow('文件无法读取');
    await expect(readAll('a.xlsx', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 1, 2]))).rejects.toThrow('.xls');
    await expect(readAll('a.csv', Buffer.alloc(0))).rejects.toThrow('文件是空的');
    expect(tempFiles()).toBe(before);
  });

  it('cellText reads what Excel stores', () => {
    expect(cellText(null)).toBe('');
    expect(cellText({ formula: 'A1', result: 12 })).toBe('12');
    expect(cellText({ error: '#N/A' })).toBe('');
    expect(cellText(1.5)).toBe('1.5');
  });

  describe('bounded whatever the file', () => {
    const sst = (repeat: string, times: number, declaredSize?: number) => ({
      name: 'xl/sharedStrings.xml',
      head: '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">',
      repeat,
      times,
      tail: '</sst>',
      declaredSize,
    });
    const sheet = (rows: string, times: number, declaredSize?: number) => ({
      name: 'xl/worksheets/sheet1.xml',
      head: `${sheetXml.head}<row r="1"><c r="A1" t="inlineStr"><is><t>客户名称</t></is></c></row>`,
      repeat: rows,
      times,
      tail: sheetXml.tail,
      declaredSize,
    });
    const big = { ...opts, maxBytes: 50 * 1024 * 1024 };
    /** Heap and RSS growth while `fn` runs, sampled every 20 ms (the peak, not the end: the garbage may be gone by then). */
    const growthOf = async (fn: () => Promise<unknown>) => {
      const before = process.memoryUsage();
      let heap = 0;
      let rss = 0;
      const sample = () => {
        const now = process.memoryUsage();
        heap = Math.max(heap, now.heapUsed - before.heapUsed);
        rss = Math.max(rss, now.rss - before.rss);
      };
      const timer = setInterval(sample, 20);
      try {
        await fn();
      } finally {
        clearInterval(timer);
        sample();
      }
      return { heapMb: heap / 2 ** 20, rssMb: rss / 2 ** 20 };
    };

    it('refuses a shared-strings bomb whose header lies (0.7 MB inflating to 300 MB), heap kept small', async () => {
      // Before the bound exceljs cached all 17 million strings: RSS +287 MB and 17 s for this file.
      const zip = await hostileWorkbook([sst('<si><t>x</t></si>', 17_600_000, 1000)]);
      expect(zip.length).toBeLessThan(1024 * 1024);
      let error: unknown;
      const growth = await growthOf(() => readAll('炸弹.xlsx', zip, big).catch((e: unknown) => (error = e)));
      expect(String((error as Error)?.message)).toContain('解压后');
      expect((error as { code?: number }).code).toBe(10002);
      expect(growth.heapMb).toBeLessThan(64);
    });

    it('refuses a sheet that says it inflates to 600 MB before inflating it, and leaves no temp file', async () => {
      const before = tempFiles();
      const zip = await hostileWorkbook([sheet('<row r="2"><c r="A2"/></row>', 21_500_000)]);
      let error: unknown;
      const growth = await growthOf(() => readAll('炸弹.xlsx', zip, big).catch((e: unknown) => (error = e)));
      expect(String((error as Error)?.message)).toContain('解压后');
      expect(growth.heapMb).toBeLessThan(64);
      expect(tempFiles()).toBe(before);
    });

    it('counts blank rows against the row limit (a million empty rows are not read to the end)', async () => {
      const zip = await hostileWorkbook([sheet('<row r="2"><c r="A2"/></row>', 1_000_000)]);
      await expect(readAll('空行.xlsx', zip, { ...big, maxRows: 5_000 })).rejects.toThrow('文件超过5000行');
      const csv = Buffer.from(`客户名称\r\n${',\r\n'.repeat(20_000)}`);
      await expect(readAll('空行.csv', csv, { ...big, maxRows: 5_000 })).rejects.toThrow('文件超过5000行');
    });

    it('refuses a cell longer than Excel allows, in xlsx and csv, and a single text of megabytes before parsing it', async () => {
      const long = 'x'.repeat(sheetLimits.maxCellChars + 1);
      const xlsx = await hostileWorkbook([
        sheet(`<row r="2"><c r="B2" t="inlineStr"><is><t>${long}</t></is></c></row>`, 1),
      ]);
      await expect(readAll('长.xlsx', xlsx, big)).rejects.toThrow(
        `第2行第2列的内容超过${sheetLimits.maxCellChars}个字`,
      );
      await expect(readAll('长.csv', Buffer.from(`客户名称,备注\r\n张三,${long}\r\n`), big)).rejects.toThrow(
        `第2行第2列的内容超过${sheetLimits.maxCellChars}个字`,
      );
      const huge = await hostileWorkbook([
        sheet('', 0),
        { name: 'xl/sharedStrings.xml', head: '<sst><si><t>', repeat: 'y', times: 8_000_000, tail: '</t></si></sst>' },
      ]);
      await expect(readAll('长.xlsx', huge, big)).rejects.toThrow('的单元格');
    });

    it('reads no further than the last column a template can have (a cell at XFD is not 16,384 columns)', async () => {
      const zip = await hostileWorkbook([
        sheet(
          '<row r="2"><c r="A2" t="inlineStr"><is><t>张三</t></is></c><c r="XFD2" t="inlineStr"><is><t>远</t></is></c></row>',
          1,
        ),
      ]);
      const { rows } = await readAll('宽.xlsx', zip, big);
      expect(rows[1]!.values[0]).toBe('张三');
      expect(rows[1]!.values.length).toBeLessThanOrEqual(sheetLimits.maxColumns);
    });

    it('refuses a zip with more entries than a workbook has', async () => {
      const many = await zipOf(
        Array.from({ length: sheetLimits.maxEntries + 1 }, (_, i) => ({ name: `x/${i}.xml`, head: 'a' })),
      );
      await expect(readAll('多.xlsx', many, big)).rejects.toThrow('文件无法读取');
    });
  });
});
