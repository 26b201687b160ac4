import { shanghaiDay } from '@yunhu/contract';
import { describe, expect, it } from 'vitest';
import { dayCount, presetDays, presetOf, rangeOfDays } from '../../../shared/census/range';
import { describeChart } from '../../../shared/charts/model';
import { censusFigures, isCensusEmpty, OWNER_TOP, shareOption, shareRows, type TCensus, trendOption } from './charts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const census = (over: Partial<TCensus> = {}): TCensus => ({
  total: 12,
  inPool: 3,
  byLevel: [
    { key: 'C', label: 'C 半年内有需求', count: 5 },
    { key: '', label: '', count: 1 },
    { key: 'A', label: 'A 一个月内有明确需求', count: 6 },
  ],
  bySource: [
    { key: '官网', label: '官网', count: 2 },
    { key: '展会', label: '展会', count: 10 },
  ],
  byOwner: [],
  newPerDay: [
    { day: '2026-11-22', count: 2 },
    { day: '2026-11-23', count: 1 },
  ],
  followsPerDay: [
    { day: '2026-11-22', count: 0 },
    { day: '2026-11-23', count: 4 },
  ],
  ...over,
});

describe('census ranges in Shanghai days', () => {
  // 2026-11-23 17:30 UTC is already 11-24 01:30 in Shanghai.
  const lateUtc = Date.parse('2026-11-23T17:30:00Z');

  it('takes the day from Shanghai, not from the browser', () => {
    expect(shanghaiDay(lateUtc)).toBe('2026-11-24');
    expect(shanghaiDay(Date.parse('2026-11-23T15:59:59.999Z'))).toBe('2026-11-23');
  });

  it('counts today in every preset', () => {
    expect(presetDays('today', lateUtc)).toEqual({ fromDay: '2026-11-24', toDay: '2026-11-24' });
    expect(presetDays('last7', lateUtc)).toEqual({ fromDay: '2026-11-18', toDay: '2026-11-24' });
    // Across a month end.
    expect(presetDays('last30', lateUtc)).toEqual({ fromDay: '2026-10-26', toDay: '2026-11-24' });
    expect(dayCount(presetDays('last30', lateUtc))).toBe(30);
  });

  it('sends the first and the last millisecond of the Shanghai days', () => {
    const range = rangeOfDays({ fromDay: '2026-11-18', toDay: '2026-11-24' });
    expect(new Date(range.from).toISOString()).toBe('2026-11-17T16:00:00.000Z');
    expect(new Date(range.to).toISOString()).toBe('2026-11-24T15:59:59.999Z');
    expect(range.to - range.from + 1).toBe(7 * DAY);
  });

  it('recognises a preset from its days, and a custom span as none', () => {
    expect(presetOf({ fromDay: '2026-11-18', toDay: '2026-11-24' }, lateUtc)).toBe('last7');
    expect(presetOf({ fromDay: '2026-11-24', toDay: '2026-11-24' }, lateUtc)).toBe('today');
    expect(presetOf({ fromDay: '2026-11-17', toDay: '2026-11-24' }, lateUtc)).toBeUndefined();
    expect(presetOf({ fromDay: '2026-11-18', toDay: '2026-11-24' }, lateUtc + DAY)).toBeUndefined();
  });
});

describe('census figures and charts', () => {
  it('adds the days of the range into the figures', () => {
    expect(censusFigures(census())).toEqual({ total: 12, inPool: 3, newCustomers: 3, follows: 4 });
  });

  it('is empty only when every figure is zero', () => {
    const none = census({
      total: 0,
      inPool: 0,
      newPerDay: [{ day: '2026-11-23', count: 0 }],
      followsPerDay: [{ day: '2026-11-23', count: 0 }],
    });
    expect(isCensusEmpty(none)).toBe(true);
    expect(isCensusEmpty({ ...none, inPool: 1 })).toBe(false);
    expect(isCensusEmpty({ ...none, followsPerDay: [{ day: '2026-11-23', count: 2 }] })).toBe(false);
  });

  it('draws one bar and one line point per day', () => {
    const option = trendOption(census());
    expect(option).toMatchObject({ type: 'axis', categories: ['11-22', '11-23'], legend: true });
    expect(option.type === 'axis' && option.series).toMatchObject([
      { type: 'bar', name: '新增客户', data: [2, 1] },
      { type: 'line', name: '跟进次数', data: [0, 4] },
    ]);
  });

  it('orders levels A to E with the blank level last and named', () => {
    expect(shareRows(census(), 'level').map((r) => [r.key, r.label])).toEqual([
      ['A', 'A 一个月内有明确需求'],
      ['C', 'C 半年内有需求'],
      ['', '未填写'],
    ]);
    const ring = shareOption(census(), 'level');
    const slices = ring.type === 'ring' ? ring.slices : [];
    expect(slices.map((d) => d.name)).toEqual(['A 一个月内有明确需求', 'C 半年内有需求', '未填写']);
    expect(slices[0]?.color).toBe('#f5222d');
    expect(slices[2]?.color).toBeUndefined();
    // The hover titles and the screen reader say each slice's count and share (6 + 5 + 1 = 12).
    expect(describeChart(ring)).toBe(
      '意向等级：A 一个月内有明确需求 6（50%），C 半年内有需求 5（41.67%），未填写 1（8.33%）',
    );
  });

  it('orders sources by count', () => {
    expect(shareRows(census(), 'source').map((r) => r.label)).toEqual(['展会', '官网']);
  });

  it('shows the owners with most customers first, ten at most, as bars', () => {
    const byOwner = Array.from({ length: 12 }, (_, i) => ({ key: String(i + 1), label: `员工${i + 1}`, count: i }));
    const option = shareOption(census({ byOwner }), 'owner');
    expect(OWNER_TOP).toBe(10);
    expect(option).toMatchObject({
      type: 'axis',
      horizontal: true,
      categories: byOwner
        .slice(2)
        .reverse()
        .map((o) => o.label),
    });
    expect(option.type === 'axis' && option.series).toMatchObject([
      { type: 'bar', data: [11, 10, 9, 8, 7, 6, 5, 4, 3, 2] },
    ]);
    expect(option.type === 'axis' && option.legend).toBeFalsy();
    expect(describeChart(option)).toMatch(/^各负责人的客户数：员工12 11 个，员工11 10 个，/);
  });
});
