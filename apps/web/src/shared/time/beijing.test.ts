import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { defaultRange } from '../../features/call/callRecordApi';
import { fmtTime } from '../../features/trade/components/orderColumns';
import { presetDays, rangeOfDays } from '../census/range';
import { dayRangeOf } from '../list/dayRange';
import { timeColumn } from '../list/timeColumn';
import { beijingDayEnd, beijingDayStart, beijingFormat, beijingPickerDay } from './beijing';

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
});
