import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { dayRangeOf } from './dayRange';

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
});
