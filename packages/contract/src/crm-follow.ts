import { z } from 'zod';
import { route, ZText } from './crm-common.js';
import { ZPhoneLabel } from './crm-customer.js';
import { followMethods, timelineKinds } from './crm-follow-labels.js';
import { ZTime, zInt, zString } from './http.js';
import { zId } from './org-common.js';
import { Perm } from './permissions.js';

export { followMethodLabel, followMethods, timelineKinds } from './crm-follow-labels.js';

/** A customer's timeline: follow-ups, comments and what else happened to him. */

export const ZFollowMethod = z.enum(followMethods, { error: '跟进方式只能是电话、微信、拜访或其他' });

export const ZTimelineItem = z.object({
  kind: z.enum(timelineKinds),
  id: zInt,
  at: ZTime,
  userName: zString.nullable(),
  /** The text shown: the follow-up, the comment, "分配给 张三", "通话 3分12秒", "意向等级：D → B"… */
  content: zString,
  /** follow: method and next follow-up; call: status, duration, recording; change: the fields. */
  detail: z.record(zString, z.unknown()).default({}),
});
export type TTimelineItem = z.infer<typeof ZTimelineItem>;

/** 客户动态, 添加跟进记录 and 添加评论. */
export const crmFollowRoutes = {
  timeline: route({
    method: 'POST',
    path: '/base/crm-record/queryList',
    readOnly: true,
    summary: '客户动态',
    permission: Perm.customerList,
    request: z.object({
      customerId: zId('客户编号'),
      kinds: z.array(z.enum(timelineKinds)).optional(),
    }),
    response: z.array(ZTimelineItem),
  }),
  followAdd: route({
    method: 'POST',
    path: '/base/crm-record/save',
    summary: '添加跟进记录',
    permission: Perm.customerList,
    audited: true,
    request: z.object({
      customerId: zId('客户编号'),
      method: ZFollowMethod.default('phone'),
      content: ZText('跟进内容', 1000).min(1, '请输入跟进内容'),
      /** Must lie in the future. */
      nextFollowAt: ZTime.nullable().default(null),
      /** The phone label the call showed (the follow-up after a call); absent leaves it. */
      phoneLabel: ZPhoneLabel.optional(),
    }),
    response: ZTimelineItem,
  }),
  commentAdd: route({
    method: 'POST',
    path: '/base/crm-comment/add',
    summary: '添加评论',
    permission: Perm.customerList,
    audited: true,
    request: z.object({ customerId: zId('客户编号'), content: ZText('评论', 500).min(1, '请输入评论内容') }),
    response: ZTimelineItem,
  }),
} as const;
