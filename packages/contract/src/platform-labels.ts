// The platform area's labels, lists and plain rules, apart from its zod schemas so the web reaches
// them without zod, so the first load stays small; platform.ts re-exports them under the same names.

export const enterpriseStatuses = ['pending', 'active', 'rejected', 'closed'] as const;

export const enterpriseStatusLabel: Record<(typeof enterpriseStatuses)[number], string> = {
  pending: '待审核',
  active: '正常',
  rejected: '已驳回',
  closed: '已停用',
};
