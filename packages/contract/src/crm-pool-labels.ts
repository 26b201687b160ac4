// The crm-pool area's labels, lists and plain rules, apart from its zod schemas so the web reaches
// them without zod, so the first load stays small; crm-pool.ts re-exports them under the same names.

/** What moved a customer between owners and pools (客户操作记录). */
export const ownerActions = [
  'create',
  'import',
  'allocate',
  'claim',
  'release',
  'auto_release',
  'transfer',
  'recycle',
  'recover',
] as const;

export const ownerActionLabel: Record<(typeof ownerActions)[number], string> = {
  create: '新建',
  import: '导入',
  allocate: '分配',
  claim: '领取',
  release: '放入公海',
  auto_release: '自动回收',
  transfer: '转移',
  recycle: '删除到回收站',
  recover: '从回收站恢复',
};
