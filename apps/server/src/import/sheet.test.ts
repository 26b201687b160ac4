import { describe, expect, it } from 'vitest';
import { foldCell, normaliseImportMobile } from './cells.js';
import { findColumns, reasonTally } from './sheet.js';

describe('the import framework reading cells', () => {
  it('folds full-width characters and trims before any check', () => {
    expect(foldCell('　１３９８８００６００１　')).toBe('13988006001');
    expect(foldCell('Ｂ')).toBe('B');
    expect(foldCell('ＡＢＣ公司\u200b')).toBe('ABC公司');
  });

  it('reads mobiles with +86 / 86 / 0086, spaces, dashes and brackets', () => {
    for (const typed of [
      '+86 139 8800 1001',
      '86-139-8800-1001',
      '0086 13988001001',
      '(139)8800-1001',
      '＋８６１３９８８００１００１',
    ]) {
      expect(normaliseImportMobile(typed)).toBe('13988001001');
    }
    expect(normaliseImportMobile('12345')).toBe('12345');
  });

  it('finds columns by header in any order, listing the ones of no column', () => {
    const cols = [
      { key: 'name', header: '客户名称', isRequired: true },
      { key: 'mobile', header: '手机号', isRequired: true, aliases: ['手机'] },
    ];
    expect(findColumns(['微信号', '手机*', '客户名称', ''], cols)).toEqual({
      positions: new Map([
        ['name', 2],
        ['mobile', 1],
      ]),
      ignored: ['微信号'],
    });
    expect(findColumns(['客户名称'], cols)).toEqual({ missing: '手机号' });
  });

  it('counts reasons by kind, whatever was typed', () => {
    const tally = reasonTally();
    tally.add(['手机号「12345」格式不正确', '意向等级「F」不正确，只能是A、B、C、D、E']);
    tally.add(['手机号「1」格式不正确']);
    tally.add(['手机号与第2行重复', '手机号13900000001已被其他账号使用']);
    expect(tally.list()).toEqual([
      { reason: '手机号格式不正确', count: 2 },
      { reason: '意向等级不正确，只能是A、B、C、D、E', count: 1 },
      { reason: '手机号与其他行重复', count: 1 },
      { reason: '手机号已被其他账号使用', count: 1 },
    ]);
  });
});
