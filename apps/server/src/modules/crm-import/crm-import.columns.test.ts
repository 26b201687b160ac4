import type { TCustomField } from '@yunhu/contract';
import { describe, expect, it } from 'vitest';
import { findColumns, parseChinaTime, parseCustomValue, parseLevel, parsePhoneLabel } from './crm-import.columns.js';

describe('import cells', () => {
  it('reads times as Beijing time in the forms people type', () => {
    const at = Date.UTC(2026, 11, 1, 6, 30);
    expect(parseChinaTime('2026-12-01 14:30')).toBe(at);
    expect(parseChinaTime('2026/12/1 14:30')).toBe(at);
    expect(parseChinaTime('2026年12月1日')).toBe(Date.UTC(2026, 10, 30, 16));
    expect(parseChinaTime('46357.6041666667')).toBe(at);
    expect(parseChinaTime('2026-02-30')).toBeNull();
    expect(parseChinaTime('明天')).toBeNull();
  });

  it('reads levels, labels and custom values', () => {
    expect(parseLevel('b')).toBe('B');
    expect(parseLevel('B 三个月内有需求')).toBe('B');
    expect(parseLevel('潜在客户')).toBe('D');
    expect(parseLevel('F')).toBeNull();
    expect(parsePhoneLabel('空号')).toBe('invalid');
    const field: TCustomField = {
      id: 7,
      name: '兴趣',
      type: 'multiselect',
      options: ['价格', '售后'],
      isRequired: false,
      isInList: true,
      isInFilter: false,
      sort: 0,
    };
    expect(parseCustomValue(field, '价格、售后')).toEqual({ value: ['价格', '售后'] });
    expect(parseCustomValue(field, '价格,外观')).toEqual({ reason: '兴趣「外观」不是可选项（价格、售后）' });
    expect(parseCustomValue({ ...field, type: 'number' }, '1,200')).toEqual({ value: 1200 });
  });

  it('finds headers in any order, with * and spaces, and names a missing required one', () => {
    const cols = [
      { key: 'name', header: '客户名称', isRequired: true, note: '' },
      { key: 'mobile', header: '手机号', isRequired: true, note: '', aliases: ['手机号码'] },
    ];
    expect(findColumns(['备注', '手机号码', ' 客户名称 *'], cols)).toEqual({
      positions: new Map([
        ['name', 2],
        ['mobile', 1],
      ]),
      ignored: ['备注'],
    });
    expect(findColumns(['客户名称'], cols)).toEqual({ missing: '手机号' });
  });
});
