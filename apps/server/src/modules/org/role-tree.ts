import { isAgentPerm, isPlatformPerm, type TMenuNode } from '@yunhu/contract';

/** The permissions of screens in the side menu and of buttons: a page is dropped for them, never the reverse. */
const inPlace = (nodes: TMenuNode[]): string[] =>
  nodes.flatMap((n) => [...((n.inMenu || n.type === 2) && n.perm ? [n.perm] : []), ...inPlace(n.children ?? [])]);

/**
 * The menu tree as the role editor offers it, grouped as the side menu is:
 * - an enterprise sees no platform-only grant (企业列表, 审核企业, 认证审核 …): it cannot hold them
 *   (the role service refuses them too);
 * - a page reached from another screen (客户详情, 回收站详情, 每日话务明细 …) is left out when its
 *   permission is the one of a node shown already: ticking it twice meant nothing, and the editor's
 *   tree keys nodes by permission, so a repeated key nested the tree wrongly. Its own children stay,
 *   under its parent. Folders left empty go.
 */
export const roleTreeOf = (tree: TMenuNode[], isSuper: boolean): TMenuNode[] => {
  const seen = new Set<string>();
  const kept = new Set(inPlace(tree));
  const walk = (nodes: TMenuNode[]): TMenuNode[] =>
    nodes.flatMap((n) => {
      if (n.perm && !isSuper && isPlatformPerm(n.perm)) return [];
      // An agent's console is its own roles': neither an enterprise nor the platform grants it.
      if (n.perm && isAgentPerm(n.perm)) return [];
      const children = n.children ? walk(n.children) : undefined;
      const isRepeatedPage = n.type === 1 && !n.inMenu && n.perm !== null && (seen.has(n.perm) || kept.has(n.perm));
      if (n.perm) seen.add(n.perm);
      if (isRepeatedPage) return children ?? [];
      if (n.type === 0 && (!children || children.length === 0)) return [];
      return [{ ...n, ...(children ? { children } : {}) }];
    });
  return walk(tree);
};
