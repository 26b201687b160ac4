import type { TMenuOut } from '@yunhu/contract';

export type TPermTreeNode = { key: string; title: string; disableCheckbox: boolean; children: TPermTreeNode[] };

/**
 * The menu tree as the role editor shows it: a node is checkable when it carries a permission
 * string (menus open to everybody and folders only group); its key is that string.
 */
export const toPermTree = (menus: TMenuOut[]): TPermTreeNode[] =>
  menus.map((m) => ({
    key: m.perms ?? `menu:${m.menuId}`,
    title: m.name,
    disableCheckbox: !m.perms,
    children: toPermTree(m.list ?? []),
  }));

/** The permission strings among checked keys (folder keys dropped). */
export const checkedPermissions = (keys: readonly (string | number | bigint)[]): string[] =>
  keys.map(String).filter((k) => !k.startsWith('menu:'));

const pathTo = (nodes: TPermTreeNode[], key: string): TPermTreeNode[] | undefined => {
  for (const n of nodes) {
    if (n.key === key) return [n];
    const below = pathTo(n.children, key);
    if (below) return [n, ...below];
  }
  return undefined;
};
const keysOf = (n: TPermTreeNode): string[] => [n.key, ...n.children.flatMap(keysOf)];

/**
 * The checked keys after one node was (un)checked in the strictly-checked tree: a button or
 * sub-menu needs its menus, so checking it checks them; unchecking a menu drops what is under it.
 */
export const linkChecked = (
  tree: TPermTreeNode[],
  checked: readonly (string | number | bigint)[],
  key: string,
  isChecked: boolean,
): string[] => {
  const path = pathTo(tree, key) ?? [];
  const keys = new Set(checked.map(String));
  if (isChecked) {
    for (const n of path) if (!n.disableCheckbox) keys.add(n.key);
  } else {
    const node = path.at(-1);
    for (const k of node ? keysOf(node) : [key]) keys.delete(k);
  }
  return [...keys];
};
