// The call intercepts' reasons and their words, apart from the zod schemas so the web reaches them
// without zod; call-intercept.ts re-exports them.

/**
 * Why the SIP edge refused a call (呼叫拦截记录): every call toward the carrier needs the dial flow's
 * bind, used once, while fresh, by the key that asked for it; keys call colleagues of their own
 * enterprise only.
 */
export const callInterceptReasons = [
  'no_bind',
  'bind_used',
  'bind_expired',
  'bind_foreign',
  'bind_unknown',
  'number_mismatch',
  'other_tenant',
] as const;
export type TCallInterceptReason = (typeof callInterceptReasons)[number];

export const callInterceptReasonLabel: Record<TCallInterceptReason, string> = {
  no_bind: '未经拨号流程直接呼叫',
  bind_used: '拨号请求已被使用',
  bind_expired: '拨号请求已过期',
  bind_foreign: '使用他人的拨号请求',
  bind_unknown: '拨号请求不存在',
  number_mismatch: '号码与拨号请求不符',
  other_tenant: '呼叫其他企业的分机',
};
