import { beijingOffsetMs, type TCustomField } from '@yunhu/contract';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { countConditions, fromFilter, toFilter } from './filters';

const field = (id: number, type: TCustomField['type']): TCustomField => ({
  id,
  name: `f${id}`,
  type,
  options: ['甲', '乙'],
  isRequired: false,
  isInList: true,
  isInFilter: true,
  sort: id,
});
const fields = [field(1, 'text'), field(2, 'select'), field(3, 'number'), field(4, 'date')];

describe('customer filters', () => {
  it('drops blanks, spans whole days and turns custom fields into conditions', () => {
    const filter = toFilter(
      {
        keyword: '  zs ',
        mobile: '',
        intentionLevels: [],
        isDeal: false,
        createdRange: [dayjs('2026-11-01T15:00:00'), null],
        custom: { '1': ' 微信 ', '2': ['乙'], '3': [10, null], '4': [dayjs('2026-01-01'), dayjs('2026-01-31')] },
      },
      fields,
    );
    expect(filter).toEqual({
      keyword: 'zs',
      isDeal: false,
      createdRange: [Date.UTC(2026, 10, 1) - beijingOffsetMs, null],
      custom: [
        { fieldId: 1, text: '微信' },
        { fieldId: 2, anyOf: ['乙'] },
        { fieldId: 3, range: [10, null] },
        { fieldId: 4, range: [Date.UTC(2026, 0, 1) - beijingOffsetMs, Date.UTC(2026, 1, 1) - beijingOffsetMs - 1] },
      ],
    });
    expect(countConditions(filter)).toBe(7);
  });

  it('gives a saved filter back to the form as it was set', () => {
    const saved = toFilter({ tagIds: [3], custom: { '2': ['甲'], '4': [dayjs('2026-01-01'), null] } }, fields);
    const values = fromFilter(saved, fields);
    expect(values.tagIds).toEqual([3]);
    expect(values.custom?.['2']).toEqual(['甲']);
    expect(toFilter(values, fields)).toEqual(saved);
  });
});
