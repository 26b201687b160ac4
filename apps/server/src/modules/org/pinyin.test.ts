import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { pinyin } from 'pinyin-pro';
import { describe, expect, it } from 'vitest';
import { pinyinOf } from './pinyin.js';

/** What pinyinOf gave before it became one call: pinyin-pro's own full and initial strings. */
const twoCalls = (name: string) => {
  const clean = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
  return {
    namePinyin: clean(pinyin(name, { toneType: 'none', separator: '', nonZh: 'consecutive', v: true })),
    nameInitials: clean(pinyin(name, { pattern: 'first', toneType: 'none', separator: '', nonZh: 'consecutive' })),
  };
};

describe('pinyinOf', () => {
  it('gives full pinyin and initials, lower case, other characters kept', () => {
    expect(pinyinOf('张三')).toEqual({ namePinyin: 'zhangsan', nameInitials: 'zs' });
    expect(pinyinOf('绿化')).toEqual({ namePinyin: 'lvhua', nameInitials: 'lh' });
    expect(pinyinOf('重庆Ab12 公司')).toEqual({ namePinyin: 'chongqingab12gongsi', nameInitials: 'cqab12gs' });
    expect(pinyinOf('')).toEqual({ namePinyin: '', nameInitials: '' });
  });

  it('agrees with pinyin-pro’s two string calls on any name', () => {
    const chars = [...'张三李四王五孙丽华重庆长行乐绿女𠀀〇ABCxyz09 -·（）_'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...chars), { maxLength: 12 }), (parts) => {
        const name = parts.join('');
        expect(pinyinOf(name)).toEqual(twoCalls(name));
      }),
      { numRuns: 500 },
    );
  });

  // A fast warm start: pinyin-pro's dictionaries are built at the first name, not at start.
  it('loads pinyin-pro at the first name, not when the module loads', () => {
    const script = `
      const { createRequire } = await import('node:module');
      const cache = createRequire(import.meta.url).cache;
      const loaded = () => Object.keys(cache).some((f) => f.includes('/pinyin-pro/'));
      const { pinyinOf } = await import(${JSON.stringify(new URL('./pinyin.ts', import.meta.url).pathname)});
      const before = loaded();
      const name = pinyinOf('孙丽华');
      console.log(JSON.stringify({ before, after: loaded(), name }));`;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(JSON.parse(out)).toEqual({
      before: false,
      after: true,
      name: { namePinyin: 'sunlihua', nameInitials: 'slh' },
    });
  });
});
