/**
 * 经销商 (distributors, docs/decisions/0020-resellers.md "Distributors"), without zod: the
 * console strings and the labels the web's first load may take.
 */
export const JxsPerm = {
  /** 经销商管理: the agent creates, lists, enables and disables its distributors. */
  manage: 'agent:jxs:manage',
  /** 月度使用: per distributor per month (a distributor: its own row). */
  use: 'agent:jxs:use',
  /** 解锁名单: leads a distributor unlocked, moved into an enterprise's CRM. */
  unlock: 'agent:jxs:unlock',
} as const;

export const jxsStatuses = ['active', 'disabled'] as const;
export type TJxsStatus = (typeof jxsStatuses)[number];
export const jxsStatusLabel: Record<TJxsStatus, string> = { active: '正常', disabled: '已停用' };

export const jxsLeadStatuses = ['new', 'moved'] as const;
export type TJxsLeadStatus = (typeof jxsLeadStatuses)[number];
export const jxsLeadStatusLabel: Record<TJxsLeadStatus, string> = { new: '未转入', moved: '已转入CRM' };

/** The name of the role every distributor's login holds (made once per agent, with the strings below). */
export const jxsRoleName = '经销商';
