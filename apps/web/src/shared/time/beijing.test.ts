import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { defaultRange } from '../../features/call/callRecordApi';
import { fmtTime } from '../../features/trade/components/orderColumns';
import { presetDays, rangeOfDays } from '../census/range';
import { dayRangeOf } from '../list/dayRange';
import { timeColumn } from '../list/timeColumn';
import {
  beijingDayEnd,
  beijingDayRange,
  beijingDayStart,
  beijingFormat,
  beijingMomentOf,
  beijingPickerDay,
  beijingPickerMoment,
  beijingPickerNow,
} from './beijing';

// Fixed instants and picked days, so the answers hold in any browser zone: run it with
// TZ=America/New_York (the zone is the process's, a test file cannot switch it in a worker).
// 2026-11-23 03:29:05 in Beijing = 2026-11-22 19:29:05 UTC = 14:29:05 in New York.
const paidAt = Date.UTC(2026, 10, 22, 19, 29, 5);

describe('times in Beijing whatever the browser zone', () => {
  it('writes a moment as Beijing wall clock', () => {
    expect(beijingFormat(paidAt)).toBe('2026-11-23 03:29');
    expect(beijingFormat(paidAt, 'YYYY-MM-DD HH:mm:ss')).toBe('2026-11-23 03:29:05');
    expect(beijingFormat(paidAt, 'HH:mm:ss')).toBe('03:29:05');
  });

  it('shows one payment at one time in 订单 and 收支明细', () => {
    const column = timeColumn<{ createdAt: number }>('时间', { format: 'YYYY-MM-DD HH:mm:ss' });
    expect(column.render?.(paidAt, { createdAt: paidAt }, 0)).toBe('2026-11-23 03:29:05');
    expect(fmtTime(paidAt)).toBe('2026-11-23 03:29:05');
  });

  it("takes a picked day's bounds in Beijing", () => {
    const picked = dayjs('2026-11-23');
    expect(beijingDayStart(picked)).toBe(Date.UTC(2026, 10, 22, 16));
    expect(beijingDayEnd(picked)).toBe(Date.UTC(2026, 10, 23, 16) - 1);
    expect(dayRangeOf([picked, picked])).toEqual({
      from: Date.UTC(2026, 10, 22, 16),
      to: Date.UTC(2026, 10, 23, 16) - 1,
    });
    expect(beijingPickerDay(paidAt).format('YYYY-MM-DD')).toBe('2026-11-23');
  });

  it("opens 通话记录 on the same 7 days as the home's 近7天", () => {
    expect(defaultRange(paidAt)).toEqual(Object.values(rangeOfDays(presetDays('last7', paidAt))));
    expect(defaultRange(paidAt)[0]).toBe(Date.UTC(2026, 10, 16, 16));
  });

  it('takes a picked date and time as Beijing wall clock, and shows a moment back the same way', () => {
    // 2026-12-01 10:00 picked in a browser in Los Angeles (or anywhere) is 02:00 UTC.
    expect(beijingMomentOf(dayjs('2026-12-01 10:00'))).toBe(Date.UTC(2026, 11, 1, 2));
    expect(beijingPickerMoment(Date.UTC(2026, 11, 1, 2)).format('YYYY-MM-DD HH:mm')).toBe('2026-12-01 10:00');
    expect(beijingMomentOf(beijingPickerMoment(paidAt))).toBe(paidAt);
    // Now: the Beijing day, already the 23rd there while it is the 22nd in the Americas.
    expect(beijingPickerNow(paidAt).format('YYYY-MM-DD HH:mm')).toBe('2026-11-23 03:29');
  });

  it('takes a picked day range as whole Beijing days, an open end left open', () => {
    const first = dayjs('2026-12-01');
    expect(beijingDayRange([first, first])).toEqual([Date.UTC(2026, 10, 30, 16), Date.UTC(2026, 11, 1, 16) - 1]);
    expect(beijingDayRange([null, first])).toEqual([null, Date.UTC(2026, 11, 1, 16) - 1]);
    expect(beijingDayRange([null, null])).toBeUndefined();
    expect(beijingDayRange(undefined)).toBeUndefined();
  });
});
