/**
 * The menu tree's vocabulary: the node type, builders for its three kinds of node, and the walks
 * over a tree. A leaf: it imports no area, so every area can declare its own screens with it and
 * `menu-tree.ts` assembles them (no import cycle between areas and the tree).
 */
export type TMenuNode = {
  /** Stable id, also the order key. */
  id: string;
  name: string;
  /** Hash route under /menu, without the prefix; empty for a folder. */
  url: string;
  icon: string;
  /** 0 folder, 1 menu, 2 button. */
  type: 0 | 1 | 2;
  /** Permission that shows the node; null = every signed-in user. */
  perm: string | null;
  /** Shown in the side menu (detail pages are not). */
  inMenu: boolean;
  children?: TMenuNode[];
};

/** A button grant on a screen (shown in the role editor, never in the side menu). */
export const menuButton = (id: string, name: string, perm: string): TMenuNode => ({
  id,
  name,
  url: '',
  icon: '',
  type: 2,
  perm,
  inMenu: false,
});

// `children` is left out rather than set to undefined: the tree is served as JSON and compared whole.
const withChildren = (node: TMenuNode, children?: TMenuNode[]): TMenuNode => (children ? { ...node, children } : node);

/** A screen listed in the side menu. */
export const menuScreen = (
  id: string,
  name: string,
  url: string,
  icon: string,
  perm: string | null,
  children?: TMenuNode[],
): TMenuNode => withChildren({ id, name, url, icon, type: 1, perm, inMenu: true }, children);

/** A page reached from another screen (a detail, a form), not listed in the side menu. */
export const menuPage = (
  id: string,
  name: string,
  url: string,
  perm: string | null,
  children?: TMenuNode[],
): TMenuNode => withChildren({ id, name, url, icon: '', type: 1, perm, inMenu: false }, children);

/** A side-menu folder; shown only while one of its children is. */
export const menuFolder = (id: string, name: string, icon: string, children: TMenuNode[]): TMenuNode => ({
  id,
  name,
  url: '',
  icon,
  type: 0,
  perm: null,
  inMenu: true,
  children,
});

/** Every permission string declared in `nodes`, once each. */
export const permissionsOf = (nodes: TMenuNode[]): string[] => {
  const walk = (list: TMenuNode[]): string[] =>
    list.flatMap((n) => [...(n.perm ? [n.perm] : []), ...walk(n.children ?? [])]);
  return [...new Set(walk(nodes))];
};

/** Platform strings are the super tenant's alone: an enterprise administrator does not get them. */
export const isPlatformPerm = (perm: string): boolean => perm.startsWith('platform:');

/** An agent's console strings: only an agent's roles hold them, by name (not the platform, not an enterprise's administrator). */
export const isAgentPerm = (perm: string): boolean => perm.startsWith('agent:');

/** The tree as a role holding `perms` sees it: nodes it may not open are removed, empty folders too. */
export const filterMenu = (nodes: TMenuNode[], canSee: (perm: string | null) => boolean): TMenuNode[] =>
  nodes.flatMap((n) => {
    if (!canSee(n.perm)) return [];
    const children = n.children ? filterMenu(n.children, canSee) : undefined;
    if (n.type === 0 && (!children || children.length === 0)) return [];
    return [{ ...n, ...(children ? { children } : {}) }];
  });
