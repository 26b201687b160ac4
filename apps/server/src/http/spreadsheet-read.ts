import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { parse as parseCsv } from 'csv-parse';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { AppError, invalid } from './errors.js';

/**
 * Reading an uploaded spreadsheet (staff import, customer import, follow-up import).
 *
 * The upload is first spooled to a temp file, whole, and only then parsed. Parsing straight from
 * the multipart stream raced with busboy: exceljs's streaming reader parks worksheets that come
 * before sharedStrings.xml in temp files of its own while the request stream goes on, and an
 * error from that dance surfaced as a non-AppError ("file cannot be read") instead of the real
 * reason. Spooling keeps memory bounded (nothing but one chunk is held), detects a file over the
 * byte limit before any row is read, and makes the read repeatable (the encoding sniff of a CSV
 * reads the file once more).
 */

export type TSheetKind = 'xlsx' | 'csv';
/** One row of the first sheet: its number as the user sees it (1 = the header row) and its cell texts (column A = 0). */
export type TSheetRow = { rowNo: number; values: string[] };

export type TSheetReadOptions = {
  maxBytes: number;
  kinds: readonly TSheetKind[];
  /** Said when the name has another extension, e.g. 「请上传 .xlsx 格式的文件（可先下载导入模板）」. */
  wrongKindMessage: string;
  /** Said when the file is damaged or not what its name says. */
  unreadableMessage: string;
};

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The text of a cell whatever Excel stored: numbers (a mobile typed as a number), rich text,
 * hyperlinks, formulas (their cached result), dates (as the wall-clock time typed: Excel dates
 * carry no time zone and exceljs reads them as UTC), errors (#N/A) as blank.
 */
export const cellText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(value).trim();
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return '';
    const day = `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
    const hasTime = value.getUTCHours() + value.getUTCMinutes() + value.getUTCSeconds() > 0;
    return hasTime
      ? `${day} ${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}:${pad(value.getUTCSeconds())}`
      : day;
  }
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; text?: unknown; result?: unknown; error?: unknown };
    if (v.richText)
      return v.richText
        .map((t) => t.text)
        .join('')
        .trim();
    if (v.text !== undefined) return cellText(v.text);
    if (v.result !== undefined) return cellText(v.result);
    if (v.error !== undefined) return '';
  }
  return String(value).trim();
};

const kindOfName = (fileName: string): TSheetKind | null => {
  const ext = path.extname(fileName).toLowerCase();
  return ext === '.xlsx' ? 'xlsx' : ext === '.csv' ? 'csv' : null;
};

const mb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10}MB`;

/** Copies the upload to `target`, failing as soon as it passes `maxBytes` (the rest is drained, not stored). */
const spool = async (file: MultipartFile, target: string, maxBytes: number) => {
  let bytes = 0;
  let isTooLarge = false;
  const limit = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      if (bytes > maxBytes) isTooLarge = true;
      done(null, isTooLarge ? undefined : chunk);
    },
  });
  await pipeline(file.file, limit, fs.createWriteStream(target, { flags: 'wx', mode: 0o600 }));
  // busboy cuts the stream at the multipart plugin's own limit and marks it truncated.
  if (isTooLarge || file.file.truncated) throw invalid(`文件不能超过${mb(maxBytes)}，请分批导入`);
  return bytes;
};

const readFirstBytes = async (file: string, n: number) => {
  const handle = await fs.promises.open(file, 'r');
  try {
    const buffer = Buffer.alloc(n);
    const { bytesRead } = await handle.read(buffer, 0, n, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
};

/**
 * The encoding of a CSV: a BOM says it; otherwise UTF-8 if the whole file decodes as UTF-8,
 * else GB18030 (a superset of GBK and GB2312), which is what Chinese Excel writes for "CSV".
 */
export const csvEncodingOf = async (file: string): Promise<'utf8' | 'utf16le' | 'gb18030'> => {
  const head = await readFirstBytes(file, 4);
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf8';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf16le';
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of fs.createReadStream(file)) decoder.decode(chunk as Buffer, { stream: true });
    decoder.decode();
    return 'utf8';
  } catch {
    return 'gb18030';
  }
};

const xlsxRows = async function* (file: string): AsyncGenerator<TSheetRow> {
  const input = fs.createReadStream(file);
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
      worksheets: 'emit',
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      // Styles say which numbers are dates (a date cell is a number with a date format).
      styles: 'cache',
      entries: 'emit',
    });
    let sheetNo = 0;
    for await (const sheet of reader) {
      sheetNo++;
      for await (const row of sheet) {
        // Only the first sheet holds data; the others (instructions) are read past.
        if (sheetNo === 1) yield { rowNo: row.number, values: Array.from(row.values as unknown[], cellText).slice(1) };
      }
    }
  } finally {
    input.destroy();
  }
};

const csvRows = async function* (file: string): AsyncGenerator<TSheetRow> {
  const encoding = await csvEncodingOf(file);
  const input = fs.createReadStream(file);
  const parser = parseCsv({ bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: false });
  // iconv strips a BOM of its own encoding (stripBOM defaults to true).
  const done = pipeline(input, iconv.decodeStream(encoding), parser);
  // The pipeline's failure is read through the parser's iteration below; this only keeps it handled.
  done.catch(() => undefined);
  try {
    let rowNo = 0;
    for await (const record of parser as AsyncIterable<string[]>) {
      rowNo++;
      yield { rowNo, values: record.map(cellText) };
    }
    await done;
  } finally {
    input.destroy();
    parser.destroy();
  }
};

export type TUploadedSheet = {
  fileName: string;
  kind: TSheetKind;
  bytes: number;
  /** The first sheet's rows, header row included; parse errors come out as `unreadableMessage`. */
  rows: () => AsyncGenerator<TSheetRow>;
};

/**
 * Spools the upload, then runs `fn` with its rows; the temp file is always deleted afterwards.
 * Kind and size are checked before `fn` runs; a damaged file fails with `unreadableMessage`.
 */
export const withUploadedSheet = async <T>(
  file: MultipartFile | undefined,
  opts: TSheetReadOptions,
  fn: (sheet: TUploadedSheet) => Promise<T>,
): Promise<T> => {
  if (!file) throw invalid('请选择要导入的文件（字段：file）');
  const byName = kindOfName(file.filename);
  if (!byName || !opts.kinds.includes(byName)) {
    file.file.resume();
    throw invalid(opts.wrongKindMessage);
  }
  const target = path.join(os.tmpdir(), `yunhu-upload-${crypto.randomUUID()}.${byName}`);
  try {
    const bytes = await spool(file, target, opts.maxBytes);
    if (bytes === 0) throw invalid('文件是空的，请按模板填写后再导入');
    const head = await readFirstBytes(target, 4);
    const isZip = head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
    const isOldExcel = head[0] === 0xd0 && head[1] === 0xcf && head[2] === 0x11 && head[3] === 0xe0;
    if (isOldExcel) throw invalid('不支持旧版 .xls 文件，请在 Excel 中另存为 .xlsx 后再导入');
    // The content decides: a real xlsx renamed .csv is still read as xlsx (when xlsx is accepted).
    const kind: TSheetKind = isZip ? 'xlsx' : 'csv';
    if (!opts.kinds.includes(kind)) throw invalid(opts.unreadableMessage);
    const read = kind === 'xlsx' ? xlsxRows : csvRows;
    const rows = async function* () {
      for (let attempt = 1; ; attempt++) {
        let hasYielded = false;
        try {
          for await (const row of read(target)) {
            hasYielded = true;
            yield row;
          }
          return;
        } catch (error) {
          if (error instanceof AppError) throw error;
          // exceljs's streaming reader now and then fails on a sound file before its first row
          // ("reading 'sheets'" of undefined: a race between its zip entries, about 1 read in 600
          // under load). The spooled file can be read again, so a failure before any row is retried once.
          if (!hasYielded && attempt === 1) continue;
          throw Object.assign(invalid(opts.unreadableMessage), { cause: error });
        }
      }
    };
    return await fn({ fileName: file.filename, kind, bytes, rows });
  } finally {
    await fs.promises.rm(target, { force: true });
  }
};
