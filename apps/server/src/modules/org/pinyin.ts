import { pinyin } from 'pinyin-pro';

const clean = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Full pinyin and initials of a name, lower case without spaces: 张三 -> zhangsan, zs (DESIGN.md
 * section 7). pinyin-pro's array form is used and joined here: a 100,000-row import computes this
 * for every row, and its string form costs three times as much.
 */
export const pinyinOf = (name: string): { namePinyin: string; nameInitials: string } => ({
  namePinyin: clean(pinyin(name, { toneType: 'none', type: 'array', nonZh: 'consecutive', v: true }).join('')),
  nameInitials: clean(
    pinyin(name, { pattern: 'first', toneType: 'none', type: 'array', nonZh: 'consecutive' }).join(''),
  ),
});
