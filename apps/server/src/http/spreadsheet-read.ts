import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import type { MultipartFile } from '@fastify/multipart';
import { parse as parseCsv } from 'csv-parse';
import iconv from 'iconv-lite';
import { importErrors } from '../import/import.errors.js';
import { AppError, commonErrors } from './errors.js';
import { ExcelJS } from './exceljs.js';

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
 *
 * A file is hostile until shown otherwise (a 1.55 MB xlsx unpacking to
 * 1.5 GB took the server from 237 MB to 1.88 GB). Before exceljs sees an xlsx, every zip entry is
 * walked in the order exceljs's unzipper reads them and inflated once into nothing, counting: the
 * declared and the actual inflated size of each entry and of the whole, and the longest run of XML
 * text between two tags (a cell's text, which the XML parser would build whole). Then, while rows
 * stream, the rows read (blank ones too), the columns kept and each cell's length are counted.
 *
 * Memory bound: whatever the file, reading it holds at most exceljs's cache of the shared strings
 * (`sharedStrings.xml` of at most `maxSharedStringsBytes` = 64 MB; 3.7 million strings at the
 * limit measured +71 MB RSS), the styles (at most `maxPartBytes`), one inflated chunk of the sheet
 * and one row: under 150 MB above the server's own, never proportional to the inflated size (the
 * 1.5 GB bomb is now refused from its header at +1 MB). A CSV holds one record (`maxCsvRecordChars`).
 */

/** An uploaded file as the routes hand it on (services name it so, not by Fastify's type). */
export type TUpload = MultipartFile;

export type TSheetKind = 'xlsx' | 'csv';
/** One row of the first sheet: its number as the user sees it (1 = the header row) and its cell texts (column A = 0). */
export type TSheetRow = { rowNo: number; values: string[] };

export type TSheetReadOptions = {
  maxBytes: number;
  /** Data rows the caller accepts; the reader stops a file with more rows than that, blank rows included. */
  maxRows: number;
  kinds: readonly TSheetKind[];
  /** Said when the name has another extension, e.g. 「请上传 .xlsx 格式的文件（可先下载导入模板）」. */
  wrongKindMessage: string;
  /** Said when the file is damaged or not what its name says. */
  unreadableMessage: string;
};

/** What the reader accepts of any spreadsheet, whatever the caller (see the memory bound above). */
export const sheetLimits = {
  /** A workbook has a few dozen entries; more is not a spreadsheet. */
  maxEntries: 1_000,
  /** All entries together, inflated: a 200,000-row import is about 200 MB of sheet XML. */
  maxInflatedBytes: 512 * 1024 * 1024,
  /** The shared strings, which exceljs caches whole: 200,000 rows of distinct texts are about 40 MB. */
  maxSharedStringsBytes: 64 * 1024 * 1024,
  /** Any other part exceljs parses into memory (workbook, relationships, styles). */
  maxPartBytes: 8 * 1024 * 1024,
  /** Excel's own limit of a cell. */
  maxCellChars: 32_767,
  /** Bytes of XML between two tags: a cell's text at 4 bytes a character plus entities, with room. */
  maxXmlTextBytes: 256 * 1024,
  /** Columns kept of a row; a template has a few dozen (custom fields included). */
  maxColumns: 256,
  maxCsvRecordChars: 1024 * 1024,
  /** Rows beyond the caller's limit still read (the header, blank lines between data). */
  extraRows: 1_000,
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
  if (isTooLarge || file.file.truncated) throw importErrors.tooLarge(maxBytes);
  return bytes;
};

/**
 * Whether the head of a file that is not a zip holds bytes no text (and so no CSV) has: NUL and
 * the other control characters but tab, line feed, carriage return and form feed. UTF-16 (its BOM)
 * is text with NULs.
 */
const looksBinary = (head: Buffer) => {
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) return false;
  return head.some((b) => b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c);
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

const tooLarge = () => importErrors.inflatedTooLarge();
const cellTooLong = () => importErrors.cellTooLong(sheetLimits.maxCellChars);

const readAt = async (handle: fs.promises.FileHandle, position: number, length: number) => {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
};

/** Where the first data-descriptor signature lies at or after `from` (unzipper cuts an entry of unknown size there). */
const findDescriptor = async (handle: fs.promises.FileHandle, from: number, size: number) => {
  const signature = Buffer.from([0x50, 0x4b, 0x07, 0x08]);
  for (let at = from; at < size; at += 64 * 1024 - 3) {
    const i = (await readAt(handle, at, 64 * 1024)).indexOf(signature);
    if (i >= 0) return at + i;
  }
  return -1;
};

/**
 * Walks the zip's local entries as unzipper's Parse does (the reader exceljs uses: in file order,
 * sizes from the local header, an entry of unknown size cut at the first data descriptor) and
 * inflates each into nothing, refusing a file past any of `sheetLimits`. Memory: one 64 KB chunk.
 */
const checkXlsxBounds = async (file: string, unreadable: () => AppError) => {
  const handle = await fs.promises.open(file, 'r');
  try {
    const size = (await handle.stat()).size;
    let at = 0;
    let entries = 0;
    let total = 0;
    for (;;) {
      const head = await readAt(handle, at, 30);
      if (head.length < 4) throw unreadable();
      const signature = head.readUInt32LE(0);
      // The central directory (or its end) follows the last entry: unzipper emits no entry past it.
      if (signature === 0x02014b50 || signature === 0x06054b50) return;
      if (signature !== 0x04034b50 || head.length < 30) throw unreadable();
      if (++entries > sheetLimits.maxEntries) throw unreadable();
      const flags = head.readUInt16LE(6);
      const method = head.readUInt16LE(8);
      const compressed = head.readUInt32LE(18);
      const declared = head.readUInt32LE(22);
      const nameLength = head.readUInt16LE(26);
      const name = (await readAt(handle, at + 30, nameLength)).toString('utf8');
      const dataAt = at + 30 + nameLength + head.readUInt16LE(28);
      const isSizeKnown = (flags & 0x08) === 0 || compressed > 0;
      const dataEnd = isSizeKnown ? dataAt + compressed : await findDescriptor(handle, dataAt, size);
      if (dataEnd < dataAt || dataEnd > size || (method !== 0 && method !== 8)) throw unreadable();
      const isSharedStrings = name === 'xl/sharedStrings.xml';
      const isSheet = /^xl\/worksheets\/sheet\d+\.xml$/.test(name);
      const isParsed = isSheet || isSharedStrings || /\.(xml|rels)$/.test(name);
      const limit = Math.min(
        sheetLimits.maxInflatedBytes - total,
        isSharedStrings
          ? sheetLimits.maxSharedStringsBytes
          : isSheet
            ? Number.POSITIVE_INFINITY
            : sheetLimits.maxPartBytes,
      );
      // A declared size past the limit is refused before anything is inflated.
      if (isSizeKnown && declared > limit) throw tooLarge();
      let inflated = 0;
      let sinceTag = 0;
      const count = new Transform({
        transform(chunk: Buffer, _enc, done) {
          inflated += chunk.length;
          if (inflated > limit) return done(tooLarge());
          if (isParsed) {
            // The longest run between two '<': a text (or a tag) the XML parser would hold whole.
            let lt = chunk.indexOf(0x3c);
            if (lt < 0) sinceTag += chunk.length;
            else {
              if (sinceTag + lt > sheetLimits.maxXmlTextBytes) return done(cellTooLong());
              for (;;) {
                const next = chunk.indexOf(0x3c, lt + 1);
                if (next < 0) break;
                if (next - lt - 1 > sheetLimits.maxXmlTextBytes) return done(cellTooLong());
                lt = next;
              }
              sinceTag = chunk.length - lt - 1;
            }
            if (sinceTag > sheetLimits.maxXmlTextBytes) return done(cellTooLong());
          }
          done();
        },
      });
      if (dataEnd > dataAt) {
        const raw = fs.createReadStream(file, { start: dataAt, end: dataEnd - 1 });
        try {
          await (method === 8 ? pipeline(raw, zlib.createInflateRaw(), count) : pipeline(raw, count));
        } catch (error) {
          if (error instanceof AppError) throw error;
          throw Object.assign(unreadable(), { cause: error });
        }
      }
      total += inflated;
      // An entry of unknown size is followed by its 16-byte descriptor.
      at = isSizeKnown ? dataEnd : dataEnd + 16;
    }
  } finally {
    await handle.close();
  }
};

/** Row and cell limits while rows stream: blank rows count, columns past the last are dropped. */
const bounded = async function* (rows: AsyncGenerator<TSheetRow>, maxRows: number): AsyncGenerator<TSheetRow> {
  let n = 0;
  for await (const row of rows) {
    if (++n > maxRows + sheetLimits.extraRows) throw importErrors.fileRowsOver(maxRows);
    row.values.forEach((v, i) => {
      if (v.length > sheetLimits.maxCellChars)
        throw importErrors.cellAtTooLong(row.rowNo, i + 1, sheetLimits.maxCellChars);
    });
    yield row;
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
    for await (const sheet of reader) {
      for await (const row of sheet) {
        // exceljs's values start at index 1 (column A) and reach the last cell present, however far.
        const values = row.values as unknown[];
        const last = Math.min(values.length, sheetLimits.maxColumns + 1);
        yield {
          rowNo: row.number,
          values: Array.from({ length: Math.max(0, last - 1) }, (_, i) => cellText(values[i + 1])),
        };
      }
      // Only the first sheet holds data; the others (instructions) are not read at all.
      return;
    }
  } finally {
    input.destroy();
  }
};

const csvRows = async function* (file: string): AsyncGenerator<TSheetRow> {
  const encoding = await csvEncodingOf(file);
  const input = fs.createReadStream(file);
  const parser = parseCsv({
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    // One record is all the parser holds: an unclosed quote would otherwise gather the whole file.
    max_record_size: sheetLimits.maxCsvRecordChars,
  });
  // iconv strips a BOM of its own encoding (stripBOM defaults to true).
  const done = pipeline(input, iconv.decodeStream(encoding), parser);
  // The pipeline's failure is read through the parser's iteration below; this only keeps it handled.
  done.catch(() => undefined);
  try {
    let rowNo = 0;
    for await (const record of parser as AsyncIterable<string[]>) {
      rowNo++;
      yield { rowNo, values: record.slice(0, sheetLimits.maxColumns).map(cellText) };
    }
    await done;
  } catch (error) {
    if ((error as { code?: string }).code === 'CSV_MAX_RECORD_SIZE') throw cellTooLong();
    throw error;
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
  if (!file) throw importErrors.fileMissing();
  const byName = kindOfName(file.filename);
  if (!byName || !opts.kinds.includes(byName)) {
    file.file.resume();
    throw commonErrors.invalidInput(opts.wrongKindMessage);
  }
  const target = path.join(os.tmpdir(), `yunhu-upload-${crypto.randomUUID()}.${byName}`);
  try {
    const bytes = await spool(file, target, opts.maxBytes);
    if (bytes === 0) throw importErrors.empty();
    const head = await readFirstBytes(target, 64 * 1024);
    const isZip = head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
    const isOldExcel = head[0] === 0xd0 && head[1] === 0xcf && head[2] === 0x11 && head[3] === 0xe0;
    if (isOldExcel) throw importErrors.oldExcel();
    // A picture or any other file renamed .xlsx / .csv: named as such, not as a missing column.
    if (!isZip && looksBinary(head)) throw importErrors.notSpreadsheet();
    // The content decides: a real xlsx renamed .csv is still read as xlsx (when xlsx is accepted).
    const kind: TSheetKind = isZip ? 'xlsx' : 'csv';
    if (!opts.kinds.includes(kind)) throw commonErrors.invalidInput(opts.unreadableMessage);
    if (kind === 'xlsx') await checkXlsxBounds(target, () => commonErrors.invalidInput(opts.unreadableMessage));
    const read = (file: string) => bounded(kind === 'xlsx' ? xlsxRows(file) : csvRows(file), opts.maxRows);
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
          throw Object.assign(commonErrors.invalidInput(opts.unreadableMessage), { cause: error });
        }
      }
    };
    return await fn({ fileName: file.filename, kind, bytes, rows });
  } finally {
    await fs.promises.rm(target, { force: true });
  }
};
