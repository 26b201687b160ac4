import { describe, expect, it } from 'vitest';
import { namedOptions, optionsOf, personOptions, yesNoOptions } from './options';

describe('options', () => {
  it('keeps the order of the values and labels each one', () => {
    const states = ['b', 'a'] as const;
    expect(optionsOf(states, { a: '甲', b: '乙' })).toEqual([
      { value: 'b', label: '乙' },
      { value: 'a', label: '甲' },
    ]);
  });

  it('offers rows by id and name, people by user id and real name', () => {
    const lines = [{ id: 3, name: '线路A', isDefault: true }];
    expect(namedOptions(lines)).toEqual([{ value: 3, label: '线路A' }]);
    expect(personOptions([{ userId: 9, realName: '张三' }])).toEqual([{ value: 9, label: '张三' }]);
  });

  it('offers yes, then no, each in the words given', () => {
    expect(yesNoOptions('已转客户', '未转客户')).toEqual([
      { value: 'yes', label: '已转客户' },
      { value: 'no', label: '未转客户' },
    ]);
  });
});
