import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { defaultRange, mmss, yuan } from '../callRecordApi';
import { toCallRecordFilter } from './CallRecordFilters';

describe('call record filter', () => {
  it('turns the form values into the request filter, whole days and no empty fields', () => {
    const f = toCallRecordFilter({
      range: [dayjs('2026-11-01 10:00'), dayjs('2026-11-03 09:00')],
      userIds: [],
      telB: ' 5678 ',
      callStatus: 1,
      durationMin: 0,
      deptId: null,
    });
    expect(f).toEqual({
      startRange: [dayjs('2026-11-01').startOf('day').valueOf(), dayjs('2026-11-03').endOf('day').valueOf()],
      userIds: undefined,
      deptId: undefined,
      lineId: undefined,
      callStatus: 1,
      finishStatus: undefined,
      telB: '5678',
      durationMin: 0,
      durationMax: undefined,
    });
  });

  it('falls back to the last 7 days after a reset', () => {
    const [from, to] = toCallRecordFilter({}).startRange;
    expect([from, to]).toEqual(defaultRange());
    expect(dayjs(to).diff(dayjs(from), 'day')).toBe(6);
  });

  it('shows durations as mm:ss and charges in yuan', () => {
    expect(mmss(0)).toBe('00:00');
    expect(mmss(75)).toBe('01:15');
    expect(mmss(3725)).toBe('62:05');
    expect(yuan(1234)).toBe('12.34');
    expect(yuan(5)).toBe('0.05');
  });
});
