import { beijingOffsetMs, shanghaiDay } from '@yunhu/contract';

/**
 * Date ranges of the censuses (customers, calls). The server counts Asia/Shanghai days (crm.view
 * `shanghaiDay`), so the card works in those days too, whatever the browser's time zone: a range is
 * a pair of calendar days, sent as the first and the last millisecond of them in Shanghai.
 */

export const censusPresets = ['today', 'last7', 'last30'] as const;
export type TCensusPreset = (typeof censusPresets)[number];

/** Inclusive calendar days, `YYYY-MM-DD`. */
export type TCensusDays = { fromDay: string; toDay: string };
export type TCensusRange = { from: number; to: number };

const DAY = 86_400_000;

const presetLength: Record<TCensusPreset, number> = { today: 1, last7: 7, last30: 30 };

const shiftDay = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/** 今天 / 近7天 / 近30天: the last N Shanghai days, today included. */
export const presetDays = (preset: TCensusPreset, now: number): TCensusDays => {
  const toDay = shanghaiDay(now);
  return { fromDay: shiftDay(toDay, 1 - presetLength[preset]), toDay };
};

/** The request range: Shanghai midnight of the first day to the last millisecond of the last day. */
export const rangeOfDays = ({ fromDay, toDay }: TCensusDays): TCensusRange => ({
  from: Date.parse(`${fromDay}T00:00:00Z`) - beijingOffsetMs,
  to: Date.parse(`${toDay}T00:00:00Z`) - beijingOffsetMs + DAY - 1,
});

/** The preset these days are, if any (a custom pick of the last 7 days is 近7天 too). */
export const presetOf = (days: TCensusDays, now: number): TCensusPreset | undefined =>
  censusPresets.find((p) => {
    const candidate = presetDays(p, now);
    return candidate.fromDay === days.fromDay && candidate.toDay === days.toDay;
  });

/** The server refuses ranges over a year (ZCensusRange); the picker stops the user before that. */
export const MAX_CENSUS_DAYS = 366;

/** Days from the first to the last, both counted. */
export const dayCount = ({ fromDay, toDay }: TCensusDays): number =>
  Math.round((Date.parse(`${toDay}T00:00:00Z`) - Date.parse(`${fromDay}T00:00:00Z`)) / DAY) + 1;
