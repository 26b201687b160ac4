import { importSampleRows, type TImportSample } from '@yunhu/contract';
import type { AppError } from '../http/errors.js';
import type { TUploadedSheet } from '../http/spreadsheet-read.js';
import { foldCell } from './cells.js';
import { importErrors } from './import.errors.js';

/** A column of an import template; the reader finds it by its header (or an alias), in any order. */
export type TImportColumn = {
  key: string;
  header: string;
  isRequired: boolean;
  note?: string;
  aliases?: readonly string[];
  /**
   * The most characters a cell of this column holds (the kind's check refuses more). A longer cell
   * reaches the check cut to one character past it, so the row is refused without its text being
   * kept. Absent: importCellMaxChars.
   */
  maxChars?: number;
};

/**
 * What a cell of a column without a capacity of its own, or of no column, is kept to: the longest
 * text any import column holds (a custom field's 2,000 characters).
 */
export const importCellMaxChars = 2000;

/**
 * A cell folded and cut to one character past `max`: still too long for the check, never kept
 * whole. A text far over it is cut before it is folded (folding copies it), unless folding could
 * bring what was cut under `max` (zero-width characters dropped): then the whole is folded.
 */
const foldAndCut = (text: string, max: number) => {
  const margin = max * 2 + 64;
  if (text.length > margin) {
    const head = foldCell(text.slice(0, margin));
    if (head.length > max) return head.slice(0, max + 1);
  }
  const folded = foldCell(text);
  return folded.length > max ? folded.slice(0, max + 1) : folded;
};

/** "*" marks a required column in the templates; spaces are typed around headers. */
const headerKey = (text: string) => foldCell(text).replace(/[*\s]/g, '');

/**
 * Maps a header row to column positions, listing the header cells that match no column. A
 * built-in column is matched before a later one of the same name (custom fields come last).
 */
export const findColumns = (
  header: string[],
  columns: readonly TImportColumn[],
): { positions: Map<string, number>; ignored: string[] } | { missing: string } => {
  const positions = new Map<string, number>();
  const taken = new Set<number>();
  const keys = header.map(headerKey);
  for (const c of columns) {
    const names = [c.header, ...(c.aliases ?? [])].map(headerKey);
    const at = keys.findIndex((h, i) => !taken.has(i) && names.includes(h));
    if (at >= 0) {
      positions.set(c.key, at);
      taken.add(at);
    } else if (c.isRequired) return { missing: c.header };
  }
  const ignored = keys.flatMap((h, i) => (h !== '' && !taken.has(i) ? [foldCell(header[i]!)] : []));
  return { positions, ignored };
};

/** One data row: its number as the user sees it and its folded cells by column key. */
export type TImportCells = { rowNo: number; cell: (key: string) => string };

export type TSheetReadSpec = {
  columns: readonly TImportColumn[];
  /** Data rows accepted; more is refused with `rowsOver(maxRows, unit)`. */
  maxRows: number;
  /** "行", "名员工". */
  unit?: string;
  /** The what of `noData` ("客户数据"). */
  noData: string;
  /** A required column missing (the black-list says it its own way). */
  columnMissing?: (header: string) => AppError;
};

/**
 * Reads the rows of an upload as every import does: the first non-blank row is the
 * header, each cell folded to half-width and trimmed, blank rows counted (gaps in the row numbers
 * included: an xlsx stores no empty row), header cells of no column listed, the first rows kept as
 * a sample of what was read. `read()` says all that once the rows have been gone through.
 *
 * Memory: a cell longer than its column holds is cut as it streams past (one character past the
 * column's `maxChars`, importCellMaxChars for the others), so what an import keeps of a row (its
 * check, its staged row, the sample) is bounded by its columns' capacities, not by the file: a file
 * of 10,000 cells of 30,000 characters keeps 51 of each name. The reader itself holds one row of
 * cells of at most sheetLimits.maxCellChars (http/spreadsheet-read.ts).
 */
export const sheetReader = (spec: TSheetReadSpec) => {
  const sample: TImportSample = { header: [], rows: [] };
  let ignoredColumns: string[] = [];
  let blankRows = 0;
  let total = 0;
  let hasHeader = false;

  const rows = async function* (sheet: TUploadedSheet): AsyncGenerator<TImportCells> {
    let positions: Map<string, number> | null = null;
    let lastRowNo = 0;
    let width = 0;
    /** Each position's capacity once the header is known (its column's, or importCellMaxChars). */
    const capacity: number[] = [];
    for await (const { rowNo, values: raw } of sheet.rows()) {
      const values = raw.map((text, i) => foldAndCut(text, capacity[i] ?? importCellMaxChars));
      if (values.every((v) => v === '')) {
        if (positions) blankRows++;
        lastRowNo = rowNo;
        continue;
      }
      if (!positions) {
        const found = findColumns(values, spec.columns);
        if ('missing' in found) throw (spec.columnMissing ?? importErrors.columnMissing)(found.missing);
        positions = found.positions;
        for (const c of spec.columns) {
          const at = positions.get(c.key);
          if (at !== undefined) capacity[at] = c.maxChars ?? importCellMaxChars;
        }
        ignoredColumns = found.ignored;
        hasHeader = true;
        width = values.length;
        sample.header = values;
        lastRowNo = rowNo;
        continue;
      }
      // Rows an xlsx does not store between two rows that hold something.
      blankRows += Math.max(0, rowNo - lastRowNo - 1);
      lastRowNo = rowNo;
      const at = positions;
      const cell = (key: string) => values[at.get(key) ?? -1] ?? '';
      if ([...at.keys()].every((k) => cell(k) === '')) {
        // Something only in ignored columns: not data, but not silently gone either.
        blankRows++;
        continue;
      }
      total++;
      if (total > spec.maxRows) throw importErrors.rowsOver(spec.maxRows, spec.unit ?? '行');
      if (sample.rows.length < importSampleRows) {
        sample.rows.push({ row: rowNo, values: values.slice(0, width) });
      }
      yield { rowNo, cell };
    }
    if (!hasHeader || total === 0) throw importErrors.noData(spec.noData);
  };

  return {
    rows,
    read: () => ({ sample, blankRows, ignoredColumns, total }),
  };
};

/**
 * Counts bad rows per kind of reason: the reason without what the user typed (「…」, a number) and
 * the row it repeats (第N行), so 手机号「12345」格式不正确 and 手机号「1」格式不正确 count together.
 */
export const reasonTally = () => {
  const counts = new Map<string, number>();
  return {
    add: (reasons: readonly string[]) => {
      for (const r of reasons) {
        const kind = r
          .replace(/「[^」]*」/g, '')
          .replace(/与第\d+行/g, '与其他行')
          // A number written into the reason (手机号13900000001已被其他账号使用) is the row's own.
          .replace(/\d{5,}/g, '')
          .replace(/[：:].*$/, '');
        counts.set(kind, (counts.get(kind) ?? 0) + 1);
      }
    },
    list: () =>
      [...counts]
        .map(([reason, count]) => ({ reason, count }))
        .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
  };
};

/** The first row each key was seen on, to say "与第N行重复" (duplicates within one file). */
export const firstSeen = () => {
  const rowOf = new Map<string, number>();
  return (key: string, rowNo: number): number | null => {
    const first = rowOf.get(key);
    if (first !== undefined) return first;
    rowOf.set(key, rowNo);
    return null;
  };
};
