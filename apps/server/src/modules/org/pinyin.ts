import { pinyin } from 'pinyin-pro';

/** Full pinyin and initials of a name, lower case without spaces: 张三 -> zhangsan, zs (DESIGN.md section 7). */
export const pinyinOf = (name: string): { namePinyin: string; nameInitials: string } => {
  const clean = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
  return {
    namePinyin: clean(pinyin(name, { toneType: 'none', separator: '', nonZh: 'consecutive', v: true })),
    nameInitials: clean(pinyin(name, { pattern: 'first', toneType: 'none', separator: '', nonZh: 'consecutive' })),
  };
};
