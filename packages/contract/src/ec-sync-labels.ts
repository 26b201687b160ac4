// The EC sync area's labels, lists and permission strings, apart from its zod schemas so the web
// reaches them without zod; ec-sync.ts re-exports them under the same names.

/**
 * 腾讯EC 同步 (spec ThirdParty `TencentEc`, `NewTencentEc`): an enterprise's EC account, its staff and
 * field mapping, and the log of what was pushed to EC and pulled from it.
 */
export const EcSyncPerm = {
  manage: 'ecsync:config:manage',
} as const;

/** What one sync item carries to EC, or the pull of EC's changes. */
export const ecSyncKinds = ['customer', 'followup', 'call', 'pull'] as const;
export type TEcSyncKind = (typeof ecSyncKinds)[number];
export const ecSyncKindLabel: Record<TEcSyncKind, string> = {
  customer: '客户',
  followup: '跟进记录',
  call: '通话记录',
  pull: '拉取客户',
};

/** pending: waiting for its first attempt; retrying: failed, tried again later; then succeeded or failed. */
export const ecSyncStates = ['pending', 'retrying', 'succeeded', 'failed'] as const;
export type TEcSyncState = (typeof ecSyncStates)[number];
export const ecSyncStateLabel: Record<TEcSyncState, string> = {
  pending: '等待同步',
  retrying: '重试中',
  succeeded: '成功',
  failed: '失败',
};

/** Our customer fields that may be mapped to EC's, and EC's field each defaults to. */
export const ecOurFields = ['name', 'mobile', 'company', 'remark'] as const;
export type TEcOurField = (typeof ecOurFields)[number];
export const ecOurFieldLabel: Record<TEcOurField, string> = {
  name: '客户名称',
  mobile: '手机号',
  company: '公司名称',
  remark: '备注',
};
export const ecDefaultFieldMap: Record<TEcOurField, string> = {
  name: 'name',
  mobile: 'mobile',
  company: 'companyName',
  remark: 'memo',
};
/** The default mapping as the settings' rows. */
export const ecDefaultFieldRows = ecOurFields.map((ours) => ({ ours, theirs: ecDefaultFieldMap[ours] }));

/** Attempts of one item before it is 失败 (the first and four retries, each later than the one before). */
export const ecSyncMaxAttempts = 5;
