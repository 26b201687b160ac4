import { beijingOffsetMs, callDurationMarks, mmss, yuan } from '@yunhu/contract';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import * as t from '../../../locales/zh-CN';
import { defaultRange } from '../callRecordApi';
import { toCallRecordFilter } from './CallRecordFilters';
import { customDuration, durationPresets } from './durationPresets';

describe('call record filter', () => {
  it('turns the form values into the request filter, whole days and no empty fields', () => {
    const f = toCallRecordFilter({
      range: [dayjs('2026-11-01 10:00'), dayjs('2026-11-03 09:00')],
      userIds: [],
      telB: ' 5678 ',
      callStatus: 1,
      duration: 'custom',
      durationMin: 0,
      deptId: null,
    });
    expect(f).toEqual({
      startRange: [Date.UTC(2026, 10, 1) - beijingOffsetMs, Date.UTC(2026, 10, 4) - beijingOffsetMs - 1],
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

  it('sends a duration preset as its range, ignoring the custom inputs it hides', () => {
    const oneToThree = durationPresets.findIndex((p) => p.label === '1-3分钟');
    expect(toCallRecordFilter({ duration: oneToThree, durationMin: 5, durationMax: 7 })).toMatchObject({
      durationMin: 60,
      durationMax: 179,
    });
    expect(toCallRecordFilter({ duration: durationPresets.findIndex((p) => p.label === '10分钟以上') })).toMatchObject({
      durationMin: 600,
      durationMax: undefined,
    });
    expect(toCallRecordFilter({ durationMin: 5 })).toMatchObject({ durationMin: undefined });
    expect(toCallRecordFilter({ duration: customDuration, durationMin: 45, durationMax: 100 })).toMatchObject({
      durationMin: 45,
      durationMax: 100,
    });
  });

  it('offers only duration presets the server answers from its daily roll-up (on the talk-time marks)', () => {
    const marks: number[] = [...callDurationMarks];
    expect(durationPresets).toHaveLength(t.callRecord.durationPresets.length);
    for (const p of durationPresets) {
      expect(p.min === 0 || marks.includes(p.min)).toBe(true);
      expect(p.max === undefined || marks.includes(p.max + 1)).toBe(true);
    }
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
