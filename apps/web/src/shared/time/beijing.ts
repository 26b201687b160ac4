import { beijingOffsetMs } from '@yunhu/contract';
import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

const dayMs = 86_400_000;

type TBeijingFormat =
  | 'YYYY-MM-DD HH:mm:ss'
  | 'YYYY-MM-DD HH:mm'
  | 'YYYY-MM-DD'
  | 'MM-DD HH:mm'
  | 'HH:mm:ss'
  | 'YYYY-MM';

/**
 * A moment (epoch ms) as Beijing's wall clock, whatever the browser's zone: the enterprise works in
 * Beijing time, and the server counts its days and writes its exports in it, so every screen does too.
 */
export const beijingFormat = (at: number, format: TBeijingFormat = 'YYYY-MM-DD HH:mm'): string =>
  dayjs.utc(at + beijingOffsetMs).format(format);

/** A picked calendar day (a picker's dayjs, in whatever zone) as the first millisecond of that day in Beijing. */
export const beijingDayStart = (day: Dayjs): number =>
  Date.parse(`${day.format('YYYY-MM-DD')}T00:00:00Z`) - beijingOffsetMs;

/** A picked calendar day as its last millisecond in Beijing. */
export const beijingDayEnd = (day: Dayjs): number => beijingDayStart(day) + dayMs - 1;

/** The Beijing calendar day of a moment as a picker's value (a picker shows calendar days, not instants). */
export const beijingPickerDay = (at: number): Dayjs => dayjs(beijingFormat(at, 'YYYY-MM-DD'));

/**
 * A picked wall-clock moment (a date-time picker's dayjs, in whatever zone) read in Beijing: 2026-12-01
 * 10:00 picked is 10:00 in Beijing, as the enterprise means it.
 */
export const beijingMomentOf = (picked: Dayjs): number =>
  Date.parse(`${picked.format('YYYY-MM-DDTHH:mm:ss.SSS')}Z`) - beijingOffsetMs;

/** A moment as a date-time picker's value showing Beijing's wall clock (the way back of `beijingMomentOf`). */
export const beijingPickerMoment = (at: number): Dayjs => dayjs(beijingFormat(at, 'YYYY-MM-DD HH:mm:ss'));

/** Now on Beijing's wall clock as a picker value: a picker's presets and the bounds of what may be picked. */
export const beijingPickerNow = (now = Date.now()): Dayjs => beijingPickerMoment(now);

/**
 * A picked day range (a RangePicker's value) as the first millisecond of its first day and the last of
 * its last, days in Beijing; an open end stays null, no range at all is undefined.
 */
export const beijingDayRange = (
  range: readonly [Dayjs | null | undefined, Dayjs | null | undefined] | null | undefined,
): [number | null, number | null] | undefined => {
  if (!range || (!range[0] && !range[1])) return undefined;
  return [range[0] ? beijingDayStart(range[0]) : null, range[1] ? beijingDayEnd(range[1]) : null];
};
