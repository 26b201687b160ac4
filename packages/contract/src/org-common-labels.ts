// The org-common area's labels, lists and plain rules, apart from its zod schemas so the web reaches
// them without zod, so the first load stays small; org-common.ts re-exports them under the same names.

/** Data scope of a role (DESIGN.md section 4). */
export const dataScopes = ['all', 'dept_and_below', 'dept', 'self', 'custom'] as const;

export const dataScopeLabel: Record<(typeof dataScopes)[number], string> = {
  all: '全部数据',
  dept_and_below: '本部门及以下',
  dept: '本部门',
  self: '仅本人',
  custom: '指定部门',
};
