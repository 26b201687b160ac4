import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { dayRangeOf, withDayPair, withDayRange, withNumberAndDayRange } from './dayRange';

describe('dayRangeOf', () => {
  it('takes the first day from its start and the last to its end, and leaves an open end open', () => {
    const from = dayjs('2026-11-01 15:30');
    const to = dayjs('2026-11-03 08:00');
    // Beijing days: 2026-11-01 starts at 2026-10-31 16:00 UTC.
    expect(dayRangeOf([from, to])).toEqual({
      from: Date.UTC(2026, 9, 31, 16),
      to: Date.UTC(2026, 10, 3, 16) - 1,
    });
    expect(dayRangeOf([from, null])).toEqual({ from: Date.UTC(2026, 9, 31, 16), to: undefined });
    expect(dayRangeOf(undefined)).toEqual({ from: undefined, to: undefined });
  });

  it("turns a form's range into from/to beside its other values", () => {
    const request = withDayRange({ kind: 'recharge', range: [dayjs('2026-11-01'), dayjs('2026-11-01')] });
    expect(request).toEqual({
      kind: 'recharge',
      from: Date.UTC(2026, 9, 31, 16),
      to: Date.UTC(2026, 10, 1, 16) - 1,
    });
    expect(withDayRange({})).toEqual({ from: undefined, to: undefined });
  });

  it('strips a typed number of spaces and hyphens and keeps the range as one pair of Beijing days', () => {
    const request = withNumberAndDayRange({
      status: 'on',
      number: '138-0013 8000',
      range: [null, dayjs('2026-11-01')],
    });
    expect(request).toEqual({ status: 'on', number: '13800138000', range: [null, Date.UTC(2026, 10, 1, 16) - 1] });
    expect(withNumberAndDayRange({})).toEqual({ number: undefined, range: undefined });
  });

  it('keeps a named range under its name as one pair of Beijing days, an open end null', () => {
    const toRequest = withDayPair('deletedRange');
    expect(toRequest({ keyword: '张', deletedRange: [dayjs('2026-11-01'), null] })).toEqual({
      keyword: '张',
      deletedRange: [Date.UTC(2026, 9, 31, 16), null],
    });
    expect(toRequest({ keyword: '张' })).toEqual({ keyword: '张', deletedRange: undefined });
  });
});
