import { z } from 'zod';
import { FeedbackPerm, feedbackKinds, feedbackMaxScreenshots, feedbackStates } from './feedback-labels.js';
import { ZNull, ZPageQuery, ZTime, zInt, zPage, zString } from './http.js';
import { menuButton, menuScreen, type TMenuNode } from './menu.js';
import { zId } from './org-common.js';
import { routesOf } from './route.js';

export {
  FeedbackPerm,
  feedbackKindLabel,
  feedbackKinds,
  feedbackMaxScreenshots,
  feedbackNoticeLink,
  feedbackStateLabel,
  feedbackStates,
  type TFeedbackKind,
  type TFeedbackState,
} from './feedback-labels.js';

const route = routesOf('feedback');

export const ZFeedbackKind = z.enum(feedbackKinds, { error: '反馈类型只能是建议、问题、投诉或其他' });
export const ZFeedbackState = z.enum(feedbackStates, { error: '处理状态不正确' });

const ZMessageText = z.string({ error: '请输入内容' }).trim().min(1, '请输入内容').max(2000, '内容最多2000个字');

export const ZFeedbackSend = z.object({
  kind: ZFeedbackKind,
  content: z
    .string({ error: '请描述您的意见或问题' })
    .trim()
    .min(5, '反馈内容至少5个字')
    .max(2000, '反馈内容最多2000个字'),
  /** Addresses answered by the ordinary upload (`/base/sys/oss/upload`), images only. */
  screenshots: z
    .array(z.string({ error: '截图地址不正确' }).trim().max(300, '截图地址过长'), { error: '截图不正确' })
    .max(feedbackMaxScreenshots, `截图最多${feedbackMaxScreenshots}张`)
    .optional()
    .default([]),
  /** Made when the form opens: the same key twice (a double click, a retry) sends once. */
  requestKey: z
    .string({ error: '请求标识缺失，请刷新后重新提交' })
    .trim()
    .regex(/^[A-Za-z0-9-]{8,64}$/, '请求标识不正确，请刷新后重新提交'),
});
export type TFeedbackSend = z.input<typeof ZFeedbackSend>;

export const ZFeedback = z.object({
  id: zInt,
  tenantId: zInt,
  enterpriseName: zString,
  userId: zInt,
  author: zString,
  kind: ZFeedbackKind,
  content: zString,
  screenshots: z.array(zString),
  state: ZFeedbackState,
  replyCount: zInt,
  createdAt: ZTime,
  updatedAt: ZTime,
  closedAt: ZTime.nullable(),
});
export type TFeedback = z.infer<typeof ZFeedback>;

export const ZFeedbackMessage = z.object({
  id: zInt,
  /** user: the sender's follow-up; platform: the operator's reply. */
  side: z.enum(['user', 'platform']),
  author: zString,
  content: zString,
  createdAt: ZTime,
});
export type TFeedbackMessage = z.infer<typeof ZFeedbackMessage>;

const ZFeedbackDetail = ZFeedback.extend({ messages: z.array(ZFeedbackMessage) });
export type TFeedbackDetail = z.infer<typeof ZFeedbackDetail>;

const ZOne = z.object({ id: zId('反馈编号') });
const ZMessage = z.object({ id: zId('反馈编号'), content: ZMessageText });

export const feedbackRoutes = {
  feedbackSend: route({
    method: 'POST',
    path: '/base/opinion/save',
    summary: '提交意见反馈',
    audited: true,
    request: ZFeedbackSend,
    response: ZFeedback,
  }),
  feedbackMine: route({
    method: 'POST',
    path: '/base/opinion/page',
    readOnly: true,
    summary: '我的意见反馈',
    request: ZPageQuery.extend({ state: ZFeedbackState.optional() }),
    response: zPage(ZFeedback),
  }),
  feedbackInfo: route({
    method: 'GET',
    path: '/base/opinion/info',
    readOnly: true,
    summary: '意见反馈详情',
    request: ZOne,
    response: ZFeedbackDetail,
  }),
  feedbackAppend: route({
    method: 'POST',
    path: '/base/opinion/append',
    summary: '补充意见反馈',
    audited: true,
    request: ZMessage,
    response: ZNull,
  }),
  feedbackQueue: route({
    method: 'POST',
    path: '/base/opinion/platform/page',
    readOnly: true,
    summary: '意见反馈处理列表',
    permission: FeedbackPerm.list,
    request: ZPageQuery.extend({
      state: ZFeedbackState.optional(),
      kind: ZFeedbackKind.optional(),
      enterpriseName: z.string().trim().max(64, '企业名称最多64个字').optional(),
      days: z.coerce
        .number({ error: '天数不正确' })
        .int('天数不正确')
        .min(1, '天数至少为1')
        .max(3650, '天数最多3650')
        .optional(),
    }),
    response: zPage(ZFeedback),
  }),
  feedbackPlatformInfo: route({
    method: 'GET',
    path: '/base/opinion/platform/info',
    readOnly: true,
    summary: '意见反馈详情（平台）',
    permission: FeedbackPerm.list,
    request: ZOne,
    response: ZFeedbackDetail,
  }),
  feedbackAccept: route({
    method: 'POST',
    path: '/base/opinion/platform/accept',
    summary: '受理意见反馈',
    permission: FeedbackPerm.reply,
    audited: true,
    request: ZOne,
    response: ZNull,
  }),
  feedbackReply: route({
    method: 'POST',
    path: '/base/opinion/platform/reply',
    summary: '回复意见反馈',
    permission: FeedbackPerm.reply,
    audited: true,
    request: ZMessage,
    response: ZNull,
  }),
  feedbackClose: route({
    method: 'POST',
    path: '/base/opinion/platform/close',
    summary: '关闭意见反馈',
    permission: FeedbackPerm.reply,
    audited: true,
    request: ZOne,
    response: ZNull,
  }),
};

/** 意见反馈: every signed-in user's own (placed in the 应用中心 folder). */
export const feedbackMenuNodes: TMenuNode[] = [menuScreen('8620', '意见反馈', 'opinion', 'MessageOutlined', null)];

/** The platform operator's queue (placed in the 平台管理 folder). */
export const feedbackPlatformMenuNodes: TMenuNode[] = [
  menuScreen('6060', '意见反馈', 'platform/opinion', 'MessageOutlined', FeedbackPerm.list, [
    menuButton('606001', '回复与关闭', FeedbackPerm.reply),
  ]),
];
