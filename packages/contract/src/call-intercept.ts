import { z } from 'zod';
import { zAttemptRow } from './blacklist.js';
import { callInterceptReasonLabel, callInterceptReasons, type TCallInterceptReason } from './call-intercept-labels.js';
import { ZRange } from './crm-common.js';
import { ZPageQuery, zPage, zString } from './http.js';
import { menuScreen, type TMenuNode } from './menu.js';
import { Perm } from './permissions.js';
import { routesOf } from './route.js';

const route = routesOf('call');

export { callInterceptReasonLabel, callInterceptReasons, type TCallInterceptReason };
export const ZCallInterceptReason = z.enum(callInterceptReasons, { error: '拦截原因不正确' });

/** `number`: what was dialled, a number (masked for people who see numbers masked), a bind id or a key. */
export const ZCallIntercept = zAttemptRow({
  reason: ZCallInterceptReason,
  /** The soft-phone key that placed the call. */
  sipUser: zString,
  /** Where the SIP request came from. */
  sourceIp: zString,
});
export type TCallIntercept = z.infer<typeof ZCallIntercept>;

export const ZCallInterceptQuery = ZPageQuery.extend({
  /** Digits of the number dialled, whole or part. */
  number: z
    .string({ error: '号码只能输入数字' })
    .trim()
    .transform((s) => s.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{0,20}$/, '号码只能输入数字，最多20位'))
    .optional(),
  reason: ZCallInterceptReason.optional(),
  /** Intercepted between (epoch ms). */
  range: ZRange,
});

export const callInterceptRoutes = {
  /** 呼叫拦截记录: the refused calls within the reader's data scope, newest first. */
  page: route({
    method: 'POST',
    path: '/base/call/intercept/page',
    readOnly: true,
    summary: '呼叫拦截记录',
    permission: Perm.callInterceptList,
    request: ZCallInterceptQuery,
    response: zPage(ZCallIntercept),
  }),
} as const;

/** 呼叫拦截记录 (in the 呼叫中心 folder): the enterprise administrator's. */
export const callInterceptMenuNodes: TMenuNode[] = [
  menuScreen('3078', '呼叫拦截记录', 'account/callIntercept', 'SafetyOutlined', Perm.callInterceptList),
];
