import { isAgentPerm, type TMenuNode } from '@yunhu/contract';

/**
 * The role editor's tree for an agent: the agent console's screens and buttons only,
 * grouped as its menu. Screens open to everybody (首页, 个人中心) and every enterprise or platform
 * screen are left out: an agent's role can hold none of their strings. Folders left empty go.
 */
export const agentRoleTreeOf = (tree: TMenuNode[]): TMenuNode[] =>
  tree.flatMap((n) => {
    const children = n.children ? agentRoleTreeOf(n.children) : undefined;
    if (n.perm && isAgentPerm(n.perm)) return [{ ...n, ...(children ? { children } : {}) }];
    if (n.type === 0 && children && children.length > 0) return [{ ...n, children }];
    return [];
  });
