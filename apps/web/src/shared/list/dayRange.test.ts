import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { dayRangeOf, withDayRange } from './dayRange';

describe('dayRangeOf', () => {
  it('takes the first day from its start and the last to its end, and leaves an open end open', () => {
    const from = dayjs('2026-11-01 15:30');
    const to = dayjs('2026-11-03 08:00');
    expect(dayRangeOf([from, to])).toEqual({
      from: dayjs('2026-11-01 00:00:00.000').valueOf(),
      to: dayjs('2026-11-03 23:59:59.999').valueOf(),
    });
    expect(dayRangeOf([from, null])).toEqual({ from: dayjs('2026-11-01').valueOf(), to: undefined });
    expect(dayRangeOf(undefined)).toEqual({ from: undefined, to: undefined });
  });

  it("turns a form's range into from/to beside its other values", () => {
    const request = withDayRange({ kind: 'recharge', range: [dayjs('2026-11-01'), dayjs('2026-11-01')] });
    expect(request).toEqual({
      kind: 'recharge',
      from: dayjs('2026-11-01').valueOf(),
      to: dayjs('2026-11-01').endOf('day').valueOf(),
    });
    expect(withDayRange({})).toEqual({ from: undefined, to: undefined });
  });
});
