import { beijingOffsetMs, foldTyped, normaliseTypedMobile } from '@yunhu/contract';

/** What every cell of every import goes through before any check: folded as a form's field is. */
export const foldCell = foldTyped;

/** A mobile in a cell, read as a form's mobile is (+86, spaces, dashes, full-width digits). */
export const normaliseImportMobile = normaliseTypedMobile;

/** Excel shows long numbers as 1.39E+10 and saves them so in CSV: the digits are lost. */
export const isScientific = (typed: string) => /^\d(\.\d+)?E\+\d+$/i.test(typed);

/**
 * A time typed in a cell, read as Beijing time (China has no daylight saving): 2026-12-01,
 * 2026/12/1 14:30, 2026.12.01 14:30:05, 2026年12月1日, or an Excel serial day number (a date cell
 * formatted as a number). Returns epoch ms, or null when it is not a time.
 */
export const parseChinaTime = (text: string): number | null => {
  const s = text.trim();
  if (!s) return null;
  if (/^\d{5}(\.\d+)?$/.test(s)) {
    // Excel day 25569 is 1970-01-01; the serial is wall-clock time.
    const wall = Math.round((Number(s) - 25569) * 86_400_000);
    return wall - beijingOffsetMs;
  }
  const m = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?(?:[ T]+(\d{1,2})[:：](\d{1,2})(?:[:：](\d{1,2}))?)?$/.exec(s);
  if (!m) return null;
  const [y, mo, d, h = '0', mi = '0', se = '0'] = m.slice(1).map((v) => v ?? '0') as string[];
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(se));
  const back = new Date(wall);
  // Date.UTC rolls 2026-02-30 over to March: such a day does not exist.
  if (back.getUTCMonth() !== Number(mo) - 1 || back.getUTCDate() !== Number(d) || Number(h) > 23 || Number(mi) > 59) {
    return null;
  }
  return wall - beijingOffsetMs;
};
