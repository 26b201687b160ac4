import { z } from 'zod';
import { AgentPerm, AgentStockPerm } from './agent-labels.js';
import { ZPageQuery, ZTime, zInt, zPage, zString } from './http.js';
import { zId } from './org-common.js';
import { routesOf } from './route.js';
import { TradePerm } from './trade-labels.js';
import { ZRefundKind, ZRefundState } from './trade-refund.js';

const route = routesOf('agent');

// The rest of the agent/product endpoints of spec section 7 (decision 0020 "Downloads,
// base lines, the agent's contact, industries and unsubscribe applications"): packet-download,
// getBaseLinePage, getAgentMobile, get-industry, GET apply/unsubscribe.

/** A line of the platform with its base prices (the platform's cost an agent sells above). */
export const ZBaseLine = z.object({
  lineId: zInt,
  lineName: zString,
  mode: zInt,
  /** Fen per minute (pay-as-you-go) and per seat-month. */
  pricePerMinute: zInt,
  seatPricePerMonth: zInt,
  /** The platform: how many agents the line is opened for; an agent: null. */
  agentCount: zInt.nullable(),
});
export type TBaseLine = z.infer<typeof ZBaseLine>;

/** An enterprise's own agent, as the enterprise sees it (联系代理商). */
export const ZAgentContact = z.object({ agentName: zString, contactName: zString, mobile: zString });
export type TAgentContact = z.infer<typeof ZAgentContact>;

/** A 退订 application of one of the agent's enterprises (seen, never examined, by the agent). */
export const ZAgentUnsubscribe = z.object({
  id: zInt,
  applyNo: zString,
  enterpriseId: zInt,
  enterpriseName: zString,
  kind: ZRefundKind,
  subject: zString,
  months: zInt,
  /** Fen. */
  amount: zInt,
  reason: zString,
  state: ZRefundState,
  rejectReason: zString,
  examinedAt: ZTime.nullable(),
  createdAt: ZTime,
});
export type TAgentUnsubscribe = z.infer<typeof ZAgentUnsubscribe>;

const ZLineFilter = z.object({
  name: z.string().trim().max(40, '线路名称最多40个字').optional(),
  mode: z.coerce.number({ error: '线路类型不正确' }).int('线路类型不正确').min(0).max(9).optional(),
});

export const agentLookupRoutes = {
  /** 套餐管理's download: the agent's packages with the page's filters. */
  packetDownload: route({
    method: 'POST',
    path: '/base/agent/packet-download',
    readOnly: true,
    summary: '导出代理商套餐',
    permission: AgentStockPerm.packetManage,
    result: 'blob',
    request: z.object({
      lineId: zId('线路编号').optional(),
      name: z.string().trim().max(40, '名称最多40个字').optional(),
    }),
    response: z.unknown(),
  }),
  /** The platform's lines with their base prices: every active line for the platform, the opened ones for an agent. */
  baseLinePage: route({
    method: 'GET',
    path: '/base/product/getBaseLinePage',
    readOnly: true,
    summary: '线路底价',
    permission: `${AgentPerm.platformList};${AgentStockPerm.lineStock};${AgentStockPerm.packetManage}`,
    request: ZPageQuery.extend(ZLineFilter.shape),
    response: zPage(ZBaseLine),
  }),
  /** An enterprise of an agent: its agent's name and contact (null for a direct enterprise). */
  agentMobile: route({
    method: 'GET',
    path: '/base/product/getAgentMobile',
    readOnly: true,
    summary: '联系代理商',
    permission: `${TradePerm.buy};${TradePerm.accountList}`,
    request: z.object({}),
    response: ZAgentContact.nullable(),
  }),
  /** The industry dictionary (dict type `industry`). */
  industry: route({
    method: 'GET',
    path: '/base/agent/get-industry',
    readOnly: true,
    summary: '行业列表',
    permission: AgentPerm.enterpriseList,
    request: z.object({}),
    response: z.array(z.object({ label: zString, value: zString })),
  }),
  /** The agent's enterprises' 退订 applications (seats and packages), newest first. */
  unsubscribePage: route({
    method: 'GET',
    path: '/base/agent/apply/unsubscribe',
    readOnly: true,
    summary: '企业退订申请',
    permission: AgentPerm.orderList,
    request: ZPageQuery.extend({
      enterpriseId: zId('企业编号').optional(),
      kind: ZRefundKind.optional(),
      state: ZRefundState.optional(),
    }),
    response: zPage(ZAgentUnsubscribe),
  }),
};
