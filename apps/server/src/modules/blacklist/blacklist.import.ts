import type { MultipartFile } from '@fastify/multipart';
import { blacklistLimits, blackNumberMessage, isBlackNumber, normaliseBlackNumber } from '@yunhu/contract';
import ExcelJS from 'exceljs';
import { invalid } from '../../http/errors.js';
import { withUploadedSheet } from '../../http/spreadsheet-read.js';
import { parseChinaTime } from '../crm/import.columns.js';

/** A row of the file that can go onto the list. */
export type TImportItem = { row: number; number: string; reason: string; expiresAt: number | null };
/** A row refused, with why (as the preview lists it). */
export type TImportError = { row: number; number: string; reason: string };

const headers = { number: '号码', reason: '原因', expiresAt: '有效期至' } as const;

const readOptions = {
  maxBytes: blacklistLimits.importMaxBytes,
  maxRows: blacklistLimits.importMaxRows,
  kinds: ['xlsx', 'csv'] as const,
  wrongKindMessage: '请上传 .xlsx 或 .csv 格式的文件（可先下载导入模板）',
  unreadableMessage: '文件无法读取，请按导入模板填写后另存为 .xlsx 再导入',
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
  /^\d(\.\d+)?E\+\d+$/i.test(typed)
    ? `号码「${typed}」被Excel存成了科学计数法，请把号码列设为文本格式后重新填写`
    : `号码「${typed}」格式不正确：${blackNumberMessage.replace('号码格式不正确：', '')}`;

/**
 * Reads an uploaded black-list file and checks every row on its own (number, duplicates within
 * the file, reason, expiry); `fn` gets the good rows, the refused ones and the number of data rows,
 * and decides against the list (already listed) and whether to write.
 */
export const readBlacklistImport = <T>(
  file: MultipartFile | undefined,
  fn: (rows: TImportItem[], errors: TImportError[], total: number) => Promise<T>,
  now = () => Date.now(),
): Promise<T> =>
  withUploadedSheet(file, readOptions, async (sheet) => {
    const cols = { number: -1, reason: -1, expiresAt: -1 };
    const rows: TImportItem[] = [];
    const errors: TImportError[] = [];
    const firstRowOf = new Map<string, number>();
    let total = 0;
    for await (const { rowNo, values } of sheet.rows()) {
      if (rowNo === 1) {
        values.forEach((v, i) => {
          const h = v.replace(/[*＊\s]/g, '');
          if (h === headers.number || h === '手机号' || h === '电话号码') cols.number = i;
          else if (h === headers.reason) cols.reason = i;
          else if (h.startsWith('有效期')) cols.expiresAt = i;
        });
        if (cols.number < 0) throw invalid('文件第一行须为表头（号码、原因、有效期至），请下载导入模板按格式填写');
        continue;
      }
      if (values.every((v) => v === '')) continue;
      total++;
      if (total > blacklistLimits.importMaxRows) {
        throw invalid(`一次最多导入${blacklistLimits.importMaxRows}行，请拆分文件后再导入`);
      }
      const cell = (i: number) => (i < 0 ? '' : (values[i] ?? '').trim());
      const typed = cell(cols.number);
      const number = normaliseBlackNumber(typed);
      const reason = cell(cols.reason);
      const expiryText = cell(cols.expiresAt);
      const refuse = (why: string) => errors.push({ row: rowNo, number: typed, reason: why });
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
    if (total === 0) throw invalid('文件中没有号码，请按模板填写后再导入');
    return fn(rows, errors, total);
  });
