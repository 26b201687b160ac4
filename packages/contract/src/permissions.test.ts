import { describe, expect, it } from 'vitest';
import { filterMenu, type TMenuNode } from './menu.js';
import { allPermissions, menuTree } from './menu-tree.js';

describe('menu filtering', () => {
  const tree: TMenuNode[] = [
    { id: '1', name: '首页', url: 'home', icon: '', type: 1, perm: null, inMenu: true },
    {
      id: '2',
      name: '系统',
      url: '',
      icon: '',
      type: 0,
      perm: null,
      inMenu: true,
      children: [{ id: '21', name: '日志', url: 'logcom', icon: '', type: 1, perm: 'system:log:list', inMenu: true }],
    },
  ];

  it('drops menus the role may not open and folders left empty', () => {
    expect(filterMenu(tree, (p) => p === null).map((n) => n.id)).toEqual(['1']);
    expect(filterMenu(tree, () => true)[1]?.children?.map((n) => n.id)).toEqual(['21']);
  });

  it('collects every permission of the product tree once', () => {
    const perms = allPermissions(menuTree);
    expect(perms).toContain('system:log:list');
    expect(new Set(perms).size).toBe(perms.length);
  });
});
