/**
 * How the product writes money and durations, once for the server (exports, timeline texts) and
 * the web (tables, drawers, locales). Phone masks are `maskPhone` in `mask.ts`.
 */

/** Fen as yuan with two decimals, no sign: 1234 → '12.34' (the API counts money in fen). */
export const yuan = (fen: number): string => (fen / 100).toFixed(2);

/** Fen as a price with the yuan sign: 1234 → '¥12.34', -50 → '-¥0.50'. */
export const money = (fen: number): string => (fen < 0 ? `-¥${yuan(-fen)}` : `¥${yuan(fen)}`);

/** Yuan typed in a form back to whole fen: 12.345 → 1235 (rounded, so 0.1 + 0.2 does not leak). */
export const fenOf = (yuanAmount: number): number => Math.round(yuanAmount * 100);

// Durations arrive in seconds, possibly fractional (a timer) or negative (clock skew): whole seconds, never below 0.
const wholeSeconds = (seconds: number): number => Math.max(0, Math.floor(seconds));
const pad2 = (n: number): string => String(n).padStart(2, '0');

/** mm:ss; hours roll into the minutes (3725 → '62:05'), as call records and the soft-phone show it. */
export const mmss = (seconds: number): string => {
  const s = wholeSeconds(seconds);
  return `${pad2(Math.floor(s / 60))}:${pad2(s % 60)}`;
};

/** hh:mm:ss (3725 → '01:02:05'); hours beyond 99 keep their digits. */
export const hhmmss = (seconds: number): string => {
  const s = wholeSeconds(seconds);
  return `${pad2(Math.floor(s / 3600))}:${pad2(Math.floor((s % 3600) / 60))}:${pad2(s % 60)}`;
};

/** A call's length in words: 192 → '3分12秒', 45 → '45秒' (task-card items, the customer timeline). */
export const minSecText = (seconds: number): string => {
  const s = wholeSeconds(seconds);
  return s >= 60 ? `${Math.floor(s / 60)}分${s % 60}秒` : `${s}秒`;
};

/** A total talk time in words: 7500 → '2小时5分', under an hour '3分12秒' (45 → '0分45秒'), as statistics show it. */
export const hourMinText = (seconds: number): string => {
  const s = wholeSeconds(seconds);
  return s >= 3600
    ? `${Math.floor(s / 3600)}小时${Math.floor((s % 3600) / 60)}分`
    : `${Math.floor(s / 60)}分${s % 60}秒`;
};

/** A rate already in percent with two decimals: 12.5 → '12.50%'. */
export const percent = (value: number): string => `${value.toFixed(2)}%`;

// Business days and times are Beijing's (Asia/Shanghai, UTC+8 all year): daily limits, day keys of
// the statistics, time cells of exports, months of the bills, document numbers.
/** Beijing's offset from UTC (no daylight saving): the one the server and the web app add. */
export const beijingOffsetMs = 8 * 3_600_000;
const dayMs = 86_400_000;

/** Midnight of the Beijing day holding `at`. */
export const shanghaiDayStart = (at: Date): Date =>
  new Date(Math.floor((at.getTime() + beijingOffsetMs) / dayMs) * dayMs - beijingOffsetMs);

/** The Beijing day (yyyy-mm-dd) of an instant in epoch ms. */
export const shanghaiDay = (at: number): string => new Date(at + beijingOffsetMs).toISOString().slice(0, 10);

/** 'HH:mm' of `at` in Beijing. */
export const shanghaiClock = (at: Date): string => new Date(at.getTime() + beijingOffsetMs).toISOString().slice(11, 16);

/** 2026-11-22 18:30 (Beijing) for a cell or a log line; blank when there is no time. */
export const beijingTime = (at: Date | number | null): string =>
  at === null ? '' : new Date(new Date(at).getTime() + beijingOffsetMs).toISOString().slice(0, 16).replace('T', ' ');

/**
 * 2026-1-5 09:02:03: a time cell of an xlsx download as the enterprise reads it (Beijing, the zh-CN
 * locale's unpadded date, to the second), whatever the server's zone; blank when there is no time.
 */
export const sheetTime = (at: Date | null): string =>
  at === null ? '' : at.toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false }).replace(/\//g, '-');

/** 20261122183005: Beijing time to the second, as a document's number carries it. */
export const beijingStamp = (at: Date): string =>
  new Date(at.getTime() + beijingOffsetMs).toISOString().replace(/\D/g, '').slice(0, 14);

/** 20261122: the Beijing day in a download's file name. */
export const beijingFileDay = (now = new Date()): string => beijingTime(now).slice(0, 10).replace(/-/g, '');
