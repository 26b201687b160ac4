/**
 * Resellers (docs/decisions/0020-resellers.md), without zod: the permission strings, the
 * invitation link and the texts the web's first load may take.
 */
export const AgentPerm = {
  // The platform operator's.
  platformList: 'platform:agent:list',
  platformManage: 'platform:agent:manage',
  // The agent's console: held only by an agent's roles (menu.ts isAgentPerm).
  enterpriseList: 'agent:enterprise:list',
  priceList: 'agent:price:list',
  priceUpdate: 'agent:price:update',
  orderList: 'agent:order:list',
  inviteView: 'agent:invite:view',
  // Notices to its enterprises and the seat summary (migration 0048 grants them to existing agents).
  noticeManage: 'agent:notice:manage',
  seatSummary: 'agent:seat:summary',
  /** 套餐转移: move a package between the agent's enterprises. */
  transferManage: 'agent:transfer:manage',
  /** 员工管理 and 角色权限: the agent's own staff and roles (migration 0051 grants them to existing agents). */
  staffManage: 'agent:staff:manage',
  roleManage: 'agent:role:manage',
} as const;

/** What an agent prices: a package product, or the monthly seat of a line. */
export const agentPriceKinds = ['packet', 'seat'] as const;
export type TAgentPriceKind = (typeof agentPriceKinds)[number];
export const agentPriceKindLabel: Record<TAgentPriceKind, string> = { packet: '套餐', seat: '坐席（元/月）' };

/** The registration link an agent hands out (hash route of the register page). */
export const inviteLinkPath = (code: string) => `/#/register?code=${encodeURIComponent(code)}`;

/** An invitation code: 6–8 uppercase letters or digits. */
export const inviteCodePattern = /^[A-Z0-9]{6,8}$/;

/**
 * The line-stock part's console strings (held only by an agent's roles; migration 0052 grants them).
 * Here, beside AgentPerm, because the web's screens read them and this file carries no schema.
 */
export const AgentStockPerm = {
  lineStock: 'agent:line:stock',
  packetManage: 'agent:packet:manage',
  packetChange: 'agent:packet:change',
} as const;

/** An agent's state on the platform's 代理商 list (停用/启用, decision 0020 "Closing an agent"). */
export const agentStatuses = ['active', 'closed'] as const;
export const agentStatusLabel: Record<(typeof agentStatuses)[number], string> = { active: '正常', closed: '已停用' };
