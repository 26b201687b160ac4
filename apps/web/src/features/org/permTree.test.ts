import type { TMenuOut } from '@yunhu/contract';
import { describe, expect, it } from 'vitest';
import { checkedPermissions, keysOfPermissions, linkChecked, toPermTree } from './permTree';

const menus: TMenuOut[] = [
  { menuId: '10', name: '首页', url: 'home', icon: '', type: 1, perms: null, inMenu: true },
  {
    menuId: '80',
    name: '系统管理',
    url: '',
    icon: '',
    type: 0,
    perms: null,
    inMenu: true,
    list: [
      {
        menuId: '8010',
        name: '操作日志',
        url: 'logcom',
        icon: '',
        type: 1,
        perms: 'system:log:list',
        inMenu: true,
        list: [
          { menuId: '801001', name: '导出日志', url: '', icon: '', type: 2, perms: 'system:log:export', inMenu: false },
        ],
      },
    ],
  },
];

describe('role permission tree', () => {
  it('keys nodes by their permission string and leaves unguarded ones uncheckable', () => {
    const tree = toPermTree(menus);
    expect(tree[0]).toMatchObject({ key: 'menu:10', disableCheckbox: true });
    expect(tree[1]?.children[0]).toMatchObject({ key: 'system:log:list', disableCheckbox: false });
    expect(tree[1]?.children[0]?.children[0]?.key).toBe('system:log:export');
  });

  it('saves only permission strings', () => {
    expect(checkedPermissions(['menu:80', 'system:log:list', 'system:log:export'])).toEqual([
      'system:log:list',
      'system:log:export',
    ]);
  });

  it('checks the menus above a checked button, never the folders', () => {
    const tree = toPermTree(menus);
    expect(linkChecked(tree, ['system:log:export'], 'system:log:export', true).sort()).toEqual([
      'system:log:export',
      'system:log:list',
    ]);
  });

  it('drops the buttons of an unchecked menu and keeps the menu of an unchecked button', () => {
    const tree = toPermTree(menus);
    expect(linkChecked(tree, ['system:log:export', 'other:perm'], 'system:log:list', false)).toEqual(['other:perm']);
    expect(linkChecked(tree, ['system:log:list'], 'system:log:export', false)).toEqual(['system:log:list']);
  });
});

describe('role permission tree: one string on two screens', () => {
  const log = (menuId: string, name: string): TMenuOut => ({
    menuId,
    name,
    url: menuId,
    icon: '',
    type: 1,
    perms: 'system:log:list',
    inMenu: true,
  });
  const twice: TMenuOut[] = [
    {
      menuId: '70',
      name: '企业管理',
      url: '',
      icon: '',
      type: 0,
      perms: null,
      inMenu: true,
      list: [log('7050', '操作记录')],
    },
    ...menus.slice(1).map((m) => ({ ...m, list: m.list?.map((c) => ({ ...c, name: '操作日志' })) })),
  ];

  it('keys every node uniquely, so the tree nests each under its own parent', () => {
    const tree = toPermTree(twice);
    const keys = [tree[0]!.children[0]!.key, tree[1]!.children[0]!.key];
    expect(keys).toEqual(['system:log:list', 'system:log:list#8010']);
  });

  it('checks and unchecks both screens together and saves the string once', () => {
    const tree = toPermTree(twice);
    const on = linkChecked(tree, ['system:log:list#8010'], 'system:log:list#8010', true);
    expect(on.sort()).toEqual(['system:log:list', 'system:log:list#8010']);
    expect(checkedPermissions(on)).toEqual(['system:log:list']);
    const off = linkChecked(
      tree,
      ['system:log:list', 'system:log:list#8010', 'system:log:export'],
      'system:log:list',
      false,
    );
    expect(off).toEqual([]);
  });

  it('opens a role with every node of its strings checked, keeping strings the tree does not show', () => {
    const tree = toPermTree(twice);
    expect(keysOfPermissions(tree, ['system:log:list', 'gone:perm']).sort()).toEqual([
      'gone:perm',
      'system:log:list',
      'system:log:list#8010',
    ]);
  });
});
