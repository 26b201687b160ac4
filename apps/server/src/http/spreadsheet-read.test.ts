import fs from 'node:fs';
import os from 'node:os';
import { PassThrough } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { cellText, type TSheetRow, withUploadedSheet } from './spreadsheet-read.js';

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
});
