// The org area's labels, lists and plain rules, apart from its zod schemas so the web reaches
// them without zod, so the first load stays small; org.ts re-exports them under the same names.

/** Authentication state of an enterprise (spec section 3). */
export const authStateLabel = (state: number): string =>
  ({ 0: '未认证', 1: '个人认证', 2: '企业认证' })[state] ?? '其他';
