import { menuTree, type TMenuNode, type TMenuOut } from '@yunhu/contract';
import { describe, expect, it } from 'vitest';
import * as t from '../../locales/zh-CN';
import { guideOf, guideSectionsOf } from './guide';

/** Every screen a role can open from the menu (type 1, shown in the menu), with its path. */
const menuScreens = (nodes: TMenuNode[], path: string[] = []): { url: string; where: string }[] =>
  nodes.flatMap((n) => [
    ...(n.type === 1 && n.inMenu ? [{ url: n.url, where: [...path, n.name].join(' / ') }] : []),
    ...menuScreens(n.children ?? [], n.type === 0 ? [...path, n.name] : path),
  ]);

const toOut = (nodes: TMenuNode[]): TMenuOut[] =>
  nodes.map((n) => ({
    menuId: n.id,
    name: n.name,
    url: n.url,
    icon: n.icon,
    type: n.type,
    perms: n.perm,
    inMenu: n.inMenu,
    ...(n.children ? { list: toOut(n.children) } : {}),
  }));

/** 操作指南 covers every menu a role can open. */
describe('操作指南', () => {
  it('has a section for every screen of the menu tree (add one in locales/zh-CN/system.ts guideSections)', () => {
    const missing = menuScreens(menuTree).filter((s) => !guideOf(s.url)?.length);
    expect(missing.map((s) => s.where)).toEqual([]);
    // And for the personal centre, opened from the avatar's menu.
    expect(guideOf('personalCenter')?.length).toBeGreaterThan(0);
  });

  it('says no screen is 正在陆续接入: each section is real guidance in Chinese', () => {
    for (const s of menuScreens(menuTree)) {
      for (const p of guideOf(s.url)!) {
        expect(p).not.toContain('正在陆续接入');
        expect(p.length).toBeGreaterThan(15);
      }
    }
  });

  it('keeps no section of a screen that left the menu', () => {
    const urls = new Set([...menuScreens(menuTree).map((s) => s.url), 'personalCenter']);
    const stale = Object.keys(t.guideSections).filter((u) => !urls.has(u));
    expect(stale).toEqual([]);
  });

  it('lists the sections of the menu the person has, in menu order, under their folders', () => {
    const agentMenu = toOut(menuTree).filter((n) => n.url === 'home' || n.name === '客户管理');
    const sections = guideSectionsOf(agentMenu);
    expect(sections[0]).toMatchObject({ url: 'home', name: '首页', folder: '' });
    expect(sections.find((s) => s.url === 'CRM/myCustomer')).toMatchObject({ folder: '客户管理', name: '我的客户' });
    // Detail pages are not menu entries.
    expect(sections.some((s) => s.url === 'CRM/customerDetails')).toBe(false);
    expect(sections.every((s) => s.paragraphs.length > 0)).toBe(true);
  });
});
