import { z } from 'zod';
import { AgentPerm } from './agent-labels.js';
import { ZPageQuery, ZTime, zInt, zPage, zString } from './http.js';
import { menuScreen, type TMenuNode } from './menu.js';
import { zId } from './org-common.js';
import { routesOf } from './route.js';
import { tradeLimits } from './trade-labels.js';

const route = routesOf('agent');

// 代理商结算 (decision 0020 "Settlement"): the platform pays an agent the margin it has
// earned. The agent's account holds its margins less their reversals; a settlement books a
// `settlement` movement (−) there, once per settlement, never more than the balance.

/** One month (Asia/Shanghai, `YYYY-MM`) of an agent's margin: earned, taken back by refunds, paid out. */
export const ZAgentSettlementMonth = z.object({
  month: zString,
  earned: zInt,
  reversed: zInt,
  settled: zInt,
});
export type TAgentSettlementMonth = z.infer<typeof ZAgentSettlementMonth>;

export const ZAgentSettlementSummary = z.object({
  agentId: zInt,
  agentName: zString,
  agentStatus: zString,
  earned: zInt,
  /** Positive fen: what refunds took back. */
  reversed: zInt,
  settled: zInt,
  /** The account's balance (earned − reversed − settled). */
  balance: zInt,
  /** What may be settled now: the balance, or 0 when refunds took it below zero. */
  settleable: zInt,
  months: z.array(ZAgentSettlementMonth),
});
export type TAgentSettlementSummary = z.infer<typeof ZAgentSettlementSummary>;

export const ZAgentSettlement = z.object({
  id: zInt,
  settlementNo: zString,
  agentId: zInt,
  agentName: zString,
  amount: zInt,
  paymentRef: zString,
  remark: zString,
  createdByName: zString,
  createdAt: ZTime,
});
export type TAgentSettlement = z.infer<typeof ZAgentSettlement>;

/** One line of 利润明细: a margin, its reversal, or a settlement, with the balance after it. */
export const ZAgentStatementEntry = z.object({
  id: zInt,
  kind: zString,
  amount: zInt,
  balanceAfter: zInt,
  bizType: zString,
  bizKey: zString,
  remark: zString,
  createdAt: ZTime,
});
export type TAgentStatementEntry = z.infer<typeof ZAgentStatementEntry>;

export const agentStatementKinds = ['margin', 'settlement'] as const;
export const agentStatementKindLabel: Record<(typeof agentStatementKinds)[number], string> = {
  margin: '代理利润',
  settlement: '结算',
};

export const ZSettleInput = z.object({
  agentId: zId('代理商编号'),
  amount: z
    .number({ error: '请输入结算金额' })
    .int('结算金额须精确到分')
    .positive('结算金额须大于0')
    .max(tradeLimits.maxFen, '结算金额过大'),
  paymentRef: z
    .string({ error: '请填写付款凭证号' })
    .trim()
    .min(2, '请填写付款凭证号（如银行转账流水号）')
    .max(64, '付款凭证号最多64个字'),
  remark: z.string().trim().max(200, '备注最多200个字').default(''),
  /** Made by the drawer when it opens: a double click or a retry settles once. */
  requestKey: z.string({ error: '请求编号不正确' }).regex(/^[A-Za-z0-9-]{8,64}$/, '请求编号不正确'),
});
export type TSettleInput = z.input<typeof ZSettleInput>;

const ZStatementQuery = ZPageQuery.extend({ kind: z.enum(agentStatementKinds, { error: '类型不正确' }).optional() });

export const agentSettlementRoutes = {
  platformSettlementSummary: route({
    method: 'GET',
    path: '/base/platform/agent/settlement/summary',
    readOnly: true,
    summary: '代理商结算：利润汇总',
    permission: AgentPerm.platformList,
    request: z.object({ agentId: zId('代理商编号') }),
    response: ZAgentSettlementSummary,
  }),
  platformSettle: route({
    method: 'POST',
    path: '/base/platform/agent/settlement/create',
    summary: '代理商结算',
    permission: AgentPerm.platformManage,
    audited: true,
    request: ZSettleInput,
    response: ZAgentSettlement,
  }),
  platformSettlementPage: route({
    method: 'GET',
    path: '/base/platform/agent/settlement/page',
    readOnly: true,
    summary: '代理商结算记录',
    permission: AgentPerm.platformList,
    request: ZPageQuery.extend({ agentId: zId('代理商编号') }),
    response: zPage(ZAgentSettlement),
  }),
  settlementSummary: route({
    method: 'GET',
    path: '/base/agent/settlement/summary',
    readOnly: true,
    summary: '结算汇总',
    permission: AgentPerm.orderList,
    request: z.object({}),
    response: ZAgentSettlementSummary,
  }),
  settlementPage: route({
    method: 'GET',
    path: '/base/agent/settlement/page',
    readOnly: true,
    summary: '结算记录',
    permission: AgentPerm.orderList,
    request: ZPageQuery,
    response: zPage(ZAgentSettlement),
  }),
  statementPage: route({
    method: 'GET',
    path: '/base/agent/statement/page',
    readOnly: true,
    summary: '利润明细',
    permission: AgentPerm.orderList,
    request: ZStatementQuery,
    response: zPage(ZAgentStatementEntry),
  }),
  statementExport: route({
    method: 'POST',
    path: '/base/agent/statement/export',
    readOnly: true,
    summary: '导出利润明细',
    permission: AgentPerm.orderList,
    result: 'blob',
    request: z.object({ kind: z.enum(agentStatementKinds, { error: '类型不正确' }).optional() }),
    response: z.unknown(),
  }),
};

/** 结算记录 and 利润明细 in the agent console (its 订单与利润 string: both are views of its margin). */
export const agentSettlementMenuNodes: TMenuNode[] = [
  menuScreen('5081', '结算记录', 'agent/settlements', 'TransactionOutlined', AgentPerm.orderList),
  menuScreen('5082', '利润明细', 'agent/statement', 'ProfileOutlined', AgentPerm.orderList),
];
