import {
  blacklistLimits,
  blackNumberMessage,
  isBlackNumber,
  normaliseBlackNumber,
  type TImportRead,
} from '@yunhu/contract';
import { ExcelJS } from '../../http/exceljs.js';
import { type TUpload, withUploadedSheet } from '../../http/spreadsheet-read.js';
import { isScientific, parseChinaTime } from '../../import/cells.js';
import { importErrors } from '../../import/import.errors.js';
import { reasonTally, sheetReader, type TImportColumn } from '../../import/sheet.js';

/** A row of the file that can go onto the list. */
export type TImportItem = { row: number; number: string; reason: string; expiresAt: number | null };
/** A row refused, with why (as the preview lists it). */
export type TImportError = { row: number; number: string; reason: string };

const headers = { number: '号码', reason: '原因', expiresAt: '有效期至' } as const;

/** The template's columns; the reader finds them by header (or a name people use), in any order. */
const importColumns: TImportColumn[] = [
  { key: 'number', header: headers.number, isRequired: true, aliases: ['手机号', '电话号码'] },
  { key: 'reason', header: headers.reason, isRequired: false, maxChars: blacklistLimits.reasonMax },
  { key: 'expiresAt', header: headers.expiresAt, isRequired: false, aliases: ['有效期', '有效期限', '到期时间'] },
];

/** What the preview says about the file as read, besides the rows. */
export type TBlackImportRead = Omit<TImportRead, 'toWrite'> & { total: number; fileName: string };

const readOptions = {
  maxBytes: blacklistLimits.importMaxBytes,
  maxRows: blacklistLimits.importMaxRows,
  kinds: ['xlsx', 'csv'] as const,
  wrongKindMessage: importErrors.wrongKind().message,
  unreadableMessage: importErrors.unreadable().message,
};

/** The template: 号码*, 原因, 有效期至 on the first sheet, the rules on the second. */
export const blacklistImportTemplate = async (): Promise<Buffer> => {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('黑名单');
  sheet.columns = [
    { header: `${headers.number}*`, width: 18 },
    { header: headers.reason, width: 30 },
    { header: headers.expiresAt, width: 20 },
  ];
  sheet.getRow(1).font = { bold: true };
  // Numbers as text, so Excel keeps them whole (no 1.39E+10, no dropped leading 0 of 010…).
  sheet.getColumn(1).numFmt = '@';
  const help = book.addWorksheet('填写说明');
  help.columns = [
    { header: '列', width: 12 },
    { header: '说明', width: 80 },
  ];
  help.getRow(1).font = { bold: true };
  help.addRow([headers.number, '必填。手机号11位，固话填写区号+号码（如 01012345678）。同一文件中号码不能重复。']);
  help.addRow([headers.reason, `选填。最多${blacklistLimits.reasonMax}个字。`]);
  help.addRow([headers.expiresAt, '选填。如 2026-12-31 或 2026-12-31 18:00；只填日期则到当天结束；留空为永久有效。']);
  help.addRow([]);
  help.addRow(['', '从第2行起每行一个号码，空行会被忽略；已在黑名单中的号码会跳过，已过期的会重新生效。']);
  help.addRow(['', `一次最多导入${blacklistLimits.importMaxRows}行；支持 .xlsx，或 UTF-8 / GBK 编码的 .csv。`]);
  return Buffer.from(await book.xlsx.writeBuffer());
};

const dayMs = 86_400_000;

/** 2026-12-31 means to the end of that day; a time typed is taken as it is. */
const parseExpiry = (text: string): number | null => {
  const at = parseChinaTime(text);
  if (at === null) return null;
  const isDateOnly = /^\d{4}[-/.年]\d{1,2}[-/.月]\d{1,2}日?$/.test(text.trim()) || /^\d{5}$/.test(text.trim());
  return isDateOnly ? at + dayMs - 1000 : at;
};

const badNumber = (typed: string) =>
  isScientific(typed)
    ? `号码「${typed}」被Excel存成了科学计数法，请把号码列设为文本格式后重新填写`
    : `号码「${typed}」格式不正确：${blackNumberMessage.replace('号码格式不正确：', '')}`;

/**
 * Reads an uploaded black-list file and checks every row on its own (number, duplicates within
 * the file, reason, expiry); `fn` gets the good rows, the refused ones and the number of data rows,
 * and decides against the list (already listed) and whether to write.
 */
export const readBlacklistImport = <T>(
  file: TUpload | undefined,
  fn: (rows: TImportItem[], errors: TImportError[], read: TBlackImportRead) => Promise<T>,
  now = () => Date.now(),
): Promise<T> =>
  withUploadedSheet(file, readOptions, async (sheet) => {
    const reader = sheetReader({
      columns: importColumns,
      maxRows: blacklistLimits.importMaxRows,
      noData: '号码',
      columnMissing: () => importErrors.headerRowMissing('号码、原因、有效期至'),
    });
    const rows: TImportItem[] = [];
    const errors: TImportError[] = [];
    const tally = reasonTally();
    const firstRowOf = new Map<string, number>();
    for await (const { rowNo, cell } of reader.rows(sheet)) {
      const typed = cell('number');
      const number = normaliseBlackNumber(typed);
      const reason = cell('reason');
      const expiryText = cell('expiresAt');
      const refuse = (why: string) => {
        tally.add([why]);
        errors.push({ row: rowNo, number: typed, reason: why });
      };
      if (!typed) refuse('号码为空');
      else if (!isBlackNumber(number)) refuse(badNumber(typed));
      else if (firstRowOf.has(number)) refuse(`与第${firstRowOf.get(number)}行号码重复`);
      else if (reason.length > blacklistLimits.reasonMax) refuse(`原因最多${blacklistLimits.reasonMax}个字`);
      else {
        firstRowOf.set(number, rowNo);
        const expiresAt = expiryText ? parseExpiry(expiryText) : null;
        if (expiryText && expiresAt === null) refuse(`有效期「${expiryText}」不是时间，请填写如 2026-12-31`);
        else if (expiresAt !== null && expiresAt <= now())
          refuse(`有效期「${expiryText}」已过，请填写今后的时间或留空`);
        else rows.push({ row: rowNo, number, reason, expiresAt });
      }
    }
    const { sample, blankRows, ignoredColumns, total } = reader.read();
    return fn(rows, errors, {
      total,
      fileName: sheet.fileName,
      sample,
      blankRows,
      ignoredColumns,
      reasonCounts: tally.list(),
    });
  });
