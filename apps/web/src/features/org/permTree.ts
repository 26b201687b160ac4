import type { TMenuOut } from '@yunhu/contract';

export type TPermTreeNode = {
  key: string;
  title: string;
  disableCheckbox: boolean;
  /** The permission the node grants; null for a folder or a screen open to everybody. */
  perm: string | null;
  children: TPermTreeNode[];
};

/**
 * The menu tree as the role editor shows it: a node is checkable when it carries a permission
 * string (menus open to everybody and folders only group); its key is that string. Where two
 * screens grant the same string (操作记录 and 操作日志), the second one's key is `<perm>#<menuId>`:
 * antd's tree needs unique keys (a repeated one nested nodes under the wrong parent), and the two
 * are checked and unchecked together.
 */
export const toPermTree = (menus: TMenuOut[]): TPermTreeNode[] => {
  const seen = new Set<string>();
  const walk = (list: TMenuOut[]): TPermTreeNode[] =>
    list.map((m) => {
      const key = m.perms ? (seen.has(m.perms) ? `${m.perms}#${m.menuId}` : m.perms) : `menu:${m.menuId}`;
      if (m.perms) seen.add(m.perms);
      return { key, title: m.name, disableCheckbox: !m.perms, perm: m.perms, children: walk(m.list ?? []) };
    });
  return walk(menus);
};

const permOfKey = (key: string): string | null => (key.startsWith('menu:') ? null : (key.split('#')[0] ?? key));

/** The permission strings among checked keys (folder keys dropped, each string once). */
export const checkedPermissions = (keys: readonly (string | number | bigint)[]): string[] => [
  ...new Set(keys.map(String).flatMap((k) => permOfKey(k) ?? [])),
];

const flatten = (nodes: TPermTreeNode[]): TPermTreeNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

/** The checked keys of a role's permissions: every node granting one of them. */
export const keysOfPermissions = (tree: TPermTreeNode[], perms: readonly string[]): string[] => {
  const held = new Set(perms);
  const inTree = flatten(tree).filter((n) => n.perm !== null && held.has(n.perm));
  const known = new Set(inTree.map((n) => n.perm));
  // A string the tree does not show is kept as it is (it stays the role's).
  return [...inTree.map((n) => n.key), ...perms.filter((p) => !known.has(p))];
};

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
 * Nodes granting the same string follow each other.
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
    const dropped = new Set((node ? keysOf(node) : [key]).map(permOfKey));
    // What sits under a twin of a dropped screen goes with it (its menu is no longer granted).
    for (const twin of flatten(tree)) {
      if (twin.perm !== null && dropped.has(twin.perm)) for (const k of keysOf(twin)) dropped.add(permOfKey(k));
    }
    for (const k of [...keys]) if (dropped.has(permOfKey(k))) keys.delete(k);
  }
  return keysOfPermissions(tree, checkedPermissions([...keys]));
};
