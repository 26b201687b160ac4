import { createRequire } from 'node:module';
import type * as PinyinPro from 'pinyin-pro';

/**
 * pinyin-pro builds its dictionaries when it loads, a good part of the server's warm start (issue
 * 13) for a start that writes no name: it is loaded at the first name instead. A module-local
 * `require` so that the server's bundle (scripts/build-server.mjs) leaves it to that moment.
 */
const require = createRequire(import.meta.url);
let library: typeof PinyinPro | null = null;
const pinyinPro = () => {
  library ??= require('pinyin-pro') as typeof PinyinPro;
  return library;
};

const clean = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Full pinyin and initials of a name, lower case without spaces: 张三 -> zhangsan, zs (DESIGN.md
 * section 7). pinyin-pro's array form is used and joined here: a 100,000-row import computes this
 * for every row, and its string form costs three times as much.
 */
export const pinyinOf = (name: string): { namePinyin: string; nameInitials: string } => {
  const { pinyin } = pinyinPro();
  return {
    namePinyin: clean(pinyin(name, { toneType: 'none', type: 'array', nonZh: 'consecutive', v: true }).join('')),
    nameInitials: clean(
      pinyin(name, { pattern: 'first', toneType: 'none', type: 'array', nonZh: 'consecutive' }).join(''),
    ),
  };
};
