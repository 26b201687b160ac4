import { z } from 'zod';
import { agentCloseRoutes } from './agent-close.js';
import { agentJxsMenuNodes, agentJxsRoutes } from './agent-jxs.js';
import { AgentPerm, agentPriceKinds } from './agent-labels.js';
import { agentLookupRoutes } from './agent-lookup.js';
import { agentNoticeMenuNodes, agentNoticeRoutes } from './agent-notice.js';
import { agentSettlementMenuNodes, agentSettlementRoutes } from './agent-settlement.js';
import { agentStaffMenuNodes, agentStaffRoutes } from './agent-staff.js';
import { agentStockMenuNodes, agentStockPlatformButtons, agentStockRoutes } from './agent-stock.js';
import { agentTransferRoutes } from './agent-transfer.js';
import { agentReviewMenuNodes } from './caller-report-agent.js';
import { ZMobile, ZNull, ZPageQuery, ZPassword, ZTime, zBoolean, zInt, zPage, zString } from './http.js';
import { menuButton, menuFolder, menuScreen, type TMenuNode } from './menu.js';
import { ZAccount, ZContactName, zId } from './org-common.js';
import { routesOf } from './route.js';
import { orderStates, tradeLimits } from './trade-labels.js';

export * from './agent-close.js';
export * from './agent-jxs.js';
export * from './agent-labels.js';
export * from './agent-lookup.js';
export * from './agent-notice.js';
export * from './agent-settlement.js';
export * from './agent-staff.js';
export * from './agent-stock.js';
export * from './agent-transfer.js';

const route = routesOf('agent');

// Resellers, first slice (docs/decisions/0020-resellers.md): the platform's agents, an
// agent's enterprises, its prices over the platform's, its enterprises' paid orders and margin.

export const ZAgent = z.object({
  id: zInt,
  code: zString,
  name: zString,
  status: zString,
  inviteCode: zString,
  adminName: zString.nullable(),
  adminUsername: zString.nullable(),
  adminMobile: zString.nullable(),
  enterpriseCount: zInt,
  /** The platform lets it review its enterprises' caller-number reports (数据审核). */
  reviewsReports: zBoolean,
  /** The agent's account: its margins less their reversals. */
  balance: zInt,
  createdAt: ZTime,
});
export type TAgent = z.infer<typeof ZAgent>;

export const ZAgentCreate = z.object({
  name: z.string({ error: '请输入代理商名称' }).trim().min(2, '代理商名称至少2个字').max(64, '代理商名称最多64个字'),
  contactName: ZContactName,
  mobile: ZMobile,
  username: ZAccount,
  password: ZPassword,
});
export type TAgentCreate = z.infer<typeof ZAgentCreate>;

/** One row of 价格设置: the platform's base price and the agent's own (null: sells at the base price). */
export const ZAgentPrice = z.object({
  itemKind: z.enum(agentPriceKinds),
  itemId: zInt,
  lineId: zInt,
  lineName: zString,
  name: zString,
  minutes: zInt,
  basePrice: zInt,
  myPrice: zInt.nullable(),
});
export type TAgentPrice = z.infer<typeof ZAgentPrice>;

export const ZAgentEnterprise = z.object({
  id: zInt,
  name: zString,
  status: zString,
  createdAt: ZTime,
  seatCount: zInt,
  paidOrderCount: zInt,
  paidAmount: zInt,
});
export type TAgentEnterprise = z.infer<typeof ZAgentEnterprise>;

export const ZAgentOrder = z.object({
  orderNo: zString,
  enterpriseName: zString,
  subject: zString,
  amount: zInt,
  refundedAmount: zInt,
  state: z.enum(orderStates),
  /** The margin booked when paid, and what refunds took back of it. */
  margin: zInt,
  marginReversed: zInt,
  paidAt: ZTime.nullable(),
  createdAt: ZTime,
});
export type TAgentOrder = z.infer<typeof ZAgentOrder>;

export const ZAgentInfo = z.object({
  name: zString,
  inviteCode: zString,
  enterpriseCount: zInt,
  /** The account: margins booked less their reversals (sum of its ledger). */
  balance: zInt,
});
export type TAgentInfo = z.infer<typeof ZAgentInfo>;

export const ZAgentLedgerEntry = z.object({
  id: zInt,
  kind: zString,
  amount: zInt,
  balanceAfter: zInt,
  bizKey: zString,
  remark: zString,
  createdAt: ZTime,
});

const ZName = z.string().trim().max(64, '名称最多64个字').optional();

export const agentRoutes = {
  platformAgentPage: route({
    method: 'GET',
    path: '/base/platform/agent/page',
    readOnly: true,
    summary: '代理商列表',
    permission: AgentPerm.platformList,
    request: ZPageQuery.extend({ name: ZName }),
    response: zPage(ZAgent),
  }),
  platformAgentCreate: route({
    method: 'POST',
    path: '/base/platform/agent/create',
    summary: '新增代理商',
    permission: AgentPerm.platformManage,
    audited: true,
    request: ZAgentCreate,
    response: ZAgent,
  }),
  platformAgentReportReview: route({
    method: 'POST',
    path: '/base/platform/agent/report-review',
    summary: '允许代理商数据审核',
    permission: AgentPerm.platformManage,
    audited: true,
    request: z.object({ id: zId('代理商编号'), isAllowed: z.boolean({ error: '请选择是否允许' }) }),
    response: ZNull,
  }),
  platformAgentPrices: route({
    method: 'GET',
    path: '/base/product/parent-list',
    readOnly: true,
    summary: '代理商价格（底价对照）',
    permission: AgentPerm.platformList,
    request: z.object({ agentId: zId('代理商编号') }),
    response: z.array(ZAgentPrice),
  }),
  platformAgentLedger: route({
    method: 'GET',
    path: '/base/platform/agent/ledger',
    readOnly: true,
    summary: '代理商利润明细',
    permission: AgentPerm.platformList,
    request: ZPageQuery.extend({ agentId: zId('代理商编号') }),
    response: zPage(ZAgentLedgerEntry),
  }),
  info: route({
    method: 'GET',
    path: '/base/agent/info',
    readOnly: true,
    summary: '代理商信息',
    permission: `${AgentPerm.inviteView};${AgentPerm.orderList}`,
    request: z.object({}),
    response: ZAgentInfo,
  }),
  enterprisePage: route({
    method: 'GET',
    path: '/base/agent/enterprise/page',
    readOnly: true,
    summary: '我的企业',
    permission: AgentPerm.enterpriseList,
    request: ZPageQuery.extend({ name: ZName }),
    response: zPage(ZAgentEnterprise),
  }),
  myPrice: route({
    method: 'GET',
    path: '/base/product/myPrice',
    readOnly: true,
    summary: '价格设置',
    permission: AgentPerm.priceList,
    request: z.object({}),
    response: z.array(ZAgentPrice),
  }),
  setMyPrice: route({
    method: 'POST',
    path: '/base/product/myPrice/save',
    summary: '设置代理价格',
    permission: AgentPerm.priceUpdate,
    audited: true,
    request: z.object({
      itemKind: z.enum(agentPriceKinds, { error: '价格类型不正确' }),
      itemId: zId('商品编号'),
      price: z
        .number({ error: '请输入价格' })
        .int('价格须精确到分')
        .positive('价格须大于0')
        .max(tradeLimits.maxFen, '价格过大'),
    }),
    response: ZAgentPrice,
  }),
  orderPage: route({
    method: 'GET',
    path: '/base/agent/order/page',
    readOnly: true,
    summary: '订单与利润',
    permission: AgentPerm.orderList,
    request: ZPageQuery.extend({ enterpriseName: ZName }),
    response: zPage(ZAgentOrder),
  }),
  ...agentTransferRoutes,
  ...agentNoticeRoutes,
  ...agentSettlementRoutes,
  ...agentCloseRoutes,
  ...agentStockRoutes,
  ...agentStaffRoutes,
  ...agentLookupRoutes,
  ...agentJxsRoutes,
};

/** 代理商 (in the 平台管理 folder). */
export const agentPlatformMenuNodes: TMenuNode[] = [
  menuScreen('6090', '代理商', 'platform/agent', 'ApartmentOutlined', AgentPerm.platformList, [
    menuButton('609001', '新增代理商', AgentPerm.platformManage),
    ...agentStockPlatformButtons,
  ]),
];

/** The agent's console (only an agent's roles hold these strings). */
export const agentMenuNodes: TMenuNode[] = [
  menuFolder('50', '代理商后台', 'ApartmentOutlined', [
    menuScreen('5010', '我的企业', 'agent/enterprises', 'ShopOutlined', AgentPerm.enterpriseList),
    menuScreen('5020', '价格设置', 'agent/prices', 'ControlOutlined', AgentPerm.priceList, [
      menuButton('502001', '修改价格', AgentPerm.priceUpdate),
    ]),
    menuScreen('5030', '订单与利润', 'agent/orders', 'AccountBookOutlined', AgentPerm.orderList),
    menuScreen('5040', '邀请码', 'agent/invite', 'SolutionOutlined', AgentPerm.inviteView),
    menuScreen('5050', '套餐转移', 'agent/transfers', 'AppstoreOutlined', AgentPerm.transferManage),
    ...agentNoticeMenuNodes,
    ...agentSettlementMenuNodes,
    ...agentStockMenuNodes,
    ...agentStaffMenuNodes,
    ...agentJxsMenuNodes,
    ...agentReviewMenuNodes,
  ]),
];
