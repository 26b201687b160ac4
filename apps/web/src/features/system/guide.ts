import type { TMenuOut } from '@yunhu/contract';
import * as t from '../../locales/zh-CN';

export type TGuideSection = { url: string; name: string; folder: string; paragraphs: readonly string[] };

/** The guide's text of a screen (locales/zh-CN/system.ts guideSections), by its route. */
export const guideOf = (url: string): readonly string[] | undefined => t.guideSections[url];

/**
 * The sections of the screens a menu opens, in menu order: every menu entry (type 1,
 * shown in the menu) with its folder's name; the personal centre (the avatar's menu) last.
 */
export const guideSectionsOf = (menus: TMenuOut[], folder = ''): TGuideSection[] =>
  menus.flatMap((n): TGuideSection[] => {
    if (n.type === 0) return guideSectionsOf(n.list ?? [], n.name);
    if (n.type !== 1 || !n.inMenu) return [];
    return [{ url: n.url, name: n.name, folder, paragraphs: guideOf(n.url) ?? [] }];
  });
