import { z } from 'zod';
import { AgentPerm } from './agent-labels.js';
import { ZIntentionCounts } from './call-analysis.js';
import { ZPageQuery, ZTime, zInt, zPage, zString } from './http.js';
import { menuScreen, type TMenuNode } from './menu.js';
import { zId } from './org-common.js';
import { routesOf } from './route.js';
import { noticeTextShape } from './system.js';

const route = routesOf('agent');

// Resellers (docs/decisions/0020-resellers.md, "Notices and the seat summary"): an agent's
// notices (公告, spec `notice`) to its enterprises, their reach and reading (`notice-cpfr`), and the
// seat summary across its enterprises (Resource/JSXseatSummary, 坐席汇总).

/** To every enterprise of the agent (at publication), or to the chosen ones. */
export const agentNoticeAudiences = ['all', 'chosen'] as const;

export const ZAgentNotice = z.object({
  id: zInt,
  title: zString,
  content: zString,
  audience: z.enum(agentNoticeAudiences),
  publisher: zString,
  /** Enterprises addressed; their active users now; the users who have read it. */
  enterpriseCount: zInt,
  userCount: zInt,
  readCount: zInt,
  createdAt: ZTime,
});
export type TAgentNotice = z.infer<typeof ZAgentNotice>;

export const ZAgentNoticePublish = z
  .object({
    ...noticeTextShape,
    audience: z.enum(agentNoticeAudiences, { error: '发布范围只能是全部企业或指定企业' }),
    enterpriseIds: z.array(zId('企业编号')).max(500, '一次最多指定500家企业').optional().default([]),
    /** Made when the dialog opens: the same key twice (a double click, a retry) publishes once. */
    requestKey: z
      .string({ error: '请求标识缺失，请关闭后重新发布' })
      .trim()
      .regex(/^[A-Za-z0-9-]{8,64}$/, '请求标识不正确，请关闭后重新发布'),
  })
  .refine((v) => v.audience === 'all' || v.enterpriseIds.length > 0, {
    path: ['enterpriseIds'],
    message: '请选择接收公告的企业',
  });
export type TAgentNoticePublish = z.infer<typeof ZAgentNoticePublish>;

/** notice-cpfr: one addressed enterprise, its active users and how many of them read the notice. */
export const ZAgentNoticeReach = z.object({
  enterpriseId: zInt,
  enterpriseName: zString,
  userCount: zInt,
  readCount: zInt,
});
export type TAgentNoticeReach = z.infer<typeof ZAgentNoticeReach>;

/** 坐席汇总: one enterprise of the agent; "this month" is the Shanghai calendar month. */
export const ZAgentSeatSummary = z.object({
  enterpriseId: zInt,
  enterpriseName: zString,
  status: zString,
  /** Seats not yet expired (in use), of which expiring within 7 days; seats past their end. */
  liveSeats: zInt,
  expiringSeats: zInt,
  expiredSeats: zInt,
  /** Seat months bought (purchases and renewals) this month. */
  seatMonths: zInt,
  calls: zInt,
  billedSeconds: zInt,
  /** This month's calls the analysis finished, and those by the intention the analyst read (A–D). */
  analysedCalls: zInt,
  intentions: ZIntentionCounts,
});
export type TAgentSeatSummary = z.infer<typeof ZAgentSeatSummary>;

const ZName = z.string().trim().max(64, '名称最多64个字').optional();

export const agentNoticeRoutes = {
  noticePage: route({
    method: 'GET',
    path: '/base/agent/notice/page',
    readOnly: true,
    summary: '公告列表',
    permission: AgentPerm.noticeManage,
    request: ZPageQuery.extend({ title: ZName }),
    response: zPage(ZAgentNotice),
  }),
  noticePublish: route({
    method: 'POST',
    path: '/base/agent/notice',
    summary: '发布公告',
    permission: AgentPerm.noticeManage,
    audited: true,
    request: ZAgentNoticePublish,
    response: ZAgentNotice,
  }),
  noticeReach: route({
    method: 'GET',
    path: '/base/agent/notice-cpfr',
    readOnly: true,
    summary: '公告送达与阅读',
    permission: AgentPerm.noticeManage,
    request: ZPageQuery.extend({ noticeId: zId('公告编号') }),
    response: zPage(ZAgentNoticeReach),
  }),
  seatSummary: route({
    method: 'GET',
    path: '/base/agent/seat-summary/page',
    readOnly: true,
    summary: '坐席汇总',
    permission: AgentPerm.seatSummary,
    request: ZPageQuery.extend({ name: ZName }),
    response: zPage(ZAgentSeatSummary),
  }),
};

/** The agent console's 公告 and 坐席汇总 screens (inside its 代理商后台 folder). */
export const agentNoticeMenuNodes: TMenuNode[] = [
  menuScreen('5091', '公告', 'agent/notices', 'NotificationOutlined', AgentPerm.noticeManage),
  menuScreen('5092', '坐席汇总', 'Resource/JSXseatSummary', 'TeamOutlined', AgentPerm.seatSummary),
];
