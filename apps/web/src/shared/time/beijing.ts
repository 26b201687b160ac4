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
