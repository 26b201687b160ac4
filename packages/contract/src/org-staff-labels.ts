// The org-staff area's labels, lists and plain rules, apart from its zod schemas so the web reaches
// them without zod, so the first load stays small; org-staff.ts re-exports them under the same names.

/** pending = an application awaiting examine, rejected = an application turned down. */
export const staffStatuses = ['pending', 'active', 'disabled', 'rejected'] as const;

export const staffStatusLabel: Record<(typeof staffStatuses)[number], string> = {
  pending: '待审核',
  active: '正常',
  disabled: '已停用',
  rejected: '已驳回',
};
