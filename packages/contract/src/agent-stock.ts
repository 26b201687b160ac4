import { z } from 'zod';
import { AgentPerm, AgentStockPerm } from './agent-labels.js';
import { ZMovablePacket, ZPacketMove, ZTransferEnterprise } from './agent-transfer.js';
import { ZIdName, ZNull, ZPageQuery, ZTime, zBoolean, zInt, zPage, zString } from './http.js';
import { menuButton, menuScreen, type TMenuNode } from './menu.js';
import { zId } from './org-common.js';
import { ZPacketMinutes, ZPacketName, ZPacketShelf, ZPacketValidityDays } from './packet.js';
import { routesOf } from './route.js';
import { tradeLimits } from './trade-labels.js';

const route = routesOf('agent');

// Line stock and the agent's own packages (spec section 7 Agent `line-list`, `line-stock`,
// `callLineList`, `packet-page`, `queryLineOfCreatePacket`; Product `findOpenedLine`,
// `getMultiplePacket`; decision 0020 "Line stock and the agent's packages").

/** A line of the platform and whether it is opened for the agent (开通线路). */
export const ZAgentLineOpening = z.object({
  lineId: zInt,
  lineName: zString,
  mode: zInt,
  pricePerMinute: zInt,
  seatPricePerMonth: zInt,
  opened: zBoolean,
  openedAt: ZTime.nullable(),
});
export type TAgentLineOpening = z.infer<typeof ZAgentLineOpening>;

/** One of the agent's opened lines with the platform's base prices. */
export const ZAgentLine = z.object({
  lineId: zInt,
  lineName: zString,
  mode: zInt,
  /** Fen per minute (the line's pay-as-you-go rate) and per seat-month. */
  pricePerMinute: zInt,
  seatPricePerMonth: zInt,
  openedAt: ZTime,
});
export type TAgentLine = z.infer<typeof ZAgentLine>;

/** 线路库存: what the agent's enterprises hold on a line (an opened one, or a closed one still in use). */
export const ZAgentLineStock = z.object({
  lineId: zInt,
  lineName: zString,
  opened: zBoolean,
  /** Enterprises holding a live seat or package on the line. */
  enterpriseCount: zInt,
  /** Seats in use now (active, not expired). */
  liveSeats: zInt,
  /** Packages bought on the line (orders paid), their minutes, and the seconds left in the live ones. */
  packetCount: zInt,
  soldMinutes: zInt,
  remainingSeconds: zInt,
});
export type TAgentLineStock = z.infer<typeof ZAgentLineStock>;

/** An agent's own package product (套餐管理). */
export const ZAgentPacket = z.object({
  id: zInt,
  lineId: zInt,
  lineName: zString,
  name: zString,
  minutes: zInt,
  validityDays: zInt,
  /** The agent's price and the platform's base cost now (decision 0020), fen. */
  price: zInt,
  basePrice: zInt,
  isEnabled: zBoolean,
  /** Packages of it bought by the agent's enterprises. */
  soldCount: zInt,
  updatedAt: ZTime,
});
export type TAgentPacket = z.infer<typeof ZAgentPacket>;

export const ZAgentPacketInput = z.object({
  /** Absent: a new package. */
  id: zId('套餐编号').optional(),
  lineId: zId('线路编号'),
  name: ZPacketName,
  minutes: ZPacketMinutes,
  validityDays: ZPacketValidityDays,
  price: z.coerce
    .number({ error: '价格应为数字' })
    .int('价格应以分为单位的整数')
    .min(1, '价格须大于0')
    .max(tradeLimits.maxFen, '价格过大'),
});
export type TAgentPacketInput = z.input<typeof ZAgentPacketInput>;

/** A line the package may move to: opened for the agent, another line, its rate not above the package's line. */
export const ZChangeLine = z.object({ id: zInt, name: zString, pricePerMinute: zInt });
export type TChangeLine = z.infer<typeof ZChangeLine>;

export const ZPacketChange = ZPacketMove.extend({
  id: zInt,
  enterpriseId: zInt,
  enterpriseName: zString,
  fromLineName: zString,
  toLineName: zString,
});
export type TPacketChange = z.infer<typeof ZPacketChange>;

export const agentStockRoutes = {
  platformOpenedLines: route({
    method: 'GET',
    path: '/base/product/findOpenedLine',
    readOnly: true,
    summary: '代理商开通的线路',
    permission: AgentPerm.platformList,
    request: z.object({ agentId: zId('代理商编号') }),
    response: z.array(ZAgentLineOpening),
  }),
  platformOpenLines: route({
    method: 'POST',
    path: '/base/product/openLine',
    summary: '为代理商开通线路',
    permission: AgentPerm.platformManage,
    audited: true,
    request: z.object({
      agentId: zId('代理商编号'),
      /** The whole opened set: lines not named are closed for the agent. */
      lineIds: z.array(zId('线路编号'), { error: '请选择线路' }).max(500, '线路过多'),
    }),
    response: z.array(ZAgentLineOpening),
  }),
  lineList: route({
    method: 'GET',
    path: '/base/agent/line-list',
    readOnly: true,
    summary: '我的线路',
    permission: `${AgentStockPerm.lineStock};${AgentStockPerm.packetManage}`,
    request: z.object({}),
    response: z.array(ZAgentLine),
  }),
  callLineList: route({
    method: 'GET',
    path: '/base/agent/callLineList',
    readOnly: true,
    summary: '可售线路（下拉）',
    permission: `${AgentStockPerm.lineStock};${AgentStockPerm.packetManage};${AgentStockPerm.packetChange}`,
    request: z.object({}),
    response: z.array(ZIdName),
  }),
  lineStock: route({
    method: 'GET',
    path: '/base/agent/line-stock',
    readOnly: true,
    summary: '线路库存',
    permission: AgentStockPerm.lineStock,
    request: z.object({}),
    response: z.array(ZAgentLineStock),
  }),
  queryLineOfCreatePacket: route({
    method: 'GET',
    path: '/base/agent/queryLineOfCreatePacket',
    readOnly: true,
    summary: '可建套餐的线路与底价',
    permission: AgentStockPerm.packetManage,
    request: z.object({ lineId: zId('线路编号'), minutes: ZPacketMinutes, validityDays: ZPacketValidityDays }),
    response: z.object({ lineId: zInt, basePrice: zInt }),
  }),
  packetPage: route({
    method: 'GET',
    path: '/base/agent/packet-page',
    readOnly: true,
    summary: '套餐管理',
    permission: AgentStockPerm.packetManage,
    request: ZPageQuery.extend({
      lineId: zId('线路编号').optional(),
      name: z.string().trim().max(40, '名称最多40个字').optional(),
    }),
    response: zPage(ZAgentPacket),
  }),
  packetSave: route({
    method: 'POST',
    path: '/base/agent/packet/save',
    summary: '保存代理商套餐',
    permission: AgentStockPerm.packetManage,
    audited: true,
    request: ZAgentPacketInput,
    response: ZAgentPacket,
  }),
  packetShelf: route({
    method: 'POST',
    path: '/base/agent/packet/shelf',
    summary: '代理商套餐上架/下架',
    permission: AgentStockPerm.packetManage,
    audited: true,
    request: ZPacketShelf,
    response: ZNull,
  }),
  getMultiplePacket: route({
    method: 'GET',
    path: '/base/product/getMultiplePacket',
    readOnly: true,
    summary: '代理商在售套餐',
    permission: `${AgentStockPerm.packetManage};${AgentStockPerm.packetChange}`,
    request: z.object({ lineId: zId('线路编号').optional() }),
    response: z.array(ZAgentPacket),
  }),
  changeEnterprises: route({
    method: 'GET',
    path: '/base/agent/changePacket/enterprises',
    readOnly: true,
    summary: '套餐变更：可选企业',
    permission: AgentStockPerm.packetChange,
    request: z.object({}),
    response: z.array(ZTransferEnterprise),
  }),
  queryPacketForChange: route({
    method: 'GET',
    path: '/base/agent/queryPacketForChange',
    readOnly: true,
    summary: '套餐变更：企业的可变更套餐',
    permission: AgentStockPerm.packetChange,
    request: z.object({ enterpriseId: zId('企业编号') }),
    response: z.array(ZMovablePacket),
  }),
  queryLineForChangePacket: route({
    method: 'GET',
    path: '/base/agent/queryLineForChangePacket',
    readOnly: true,
    summary: '套餐变更：可换的线路',
    permission: AgentStockPerm.packetChange,
    request: z.object({ enterpriseId: zId('企业编号'), packetId: zId('套餐编号') }),
    response: z.array(ZChangeLine),
  }),
  changePacket: route({
    method: 'POST',
    path: '/base/agent/changePacket',
    summary: '套餐变更',
    permission: AgentStockPerm.packetChange,
    audited: true,
    request: z.object({ enterpriseId: zId('企业编号'), packetId: zId('套餐编号'), lineId: zId('线路编号') }),
    response: ZPacketChange,
  }),
  changePage: route({
    method: 'GET',
    path: '/base/agent/changePacket/page',
    readOnly: true,
    summary: '套餐变更记录',
    permission: AgentStockPerm.packetChange,
    request: ZPageQuery.extend({ enterpriseName: z.string().trim().max(64, '名称最多64个字').optional() }),
    response: zPage(ZPacketChange),
  }),
};

/** 线路库存, 套餐管理 in the agent's console. */
export const agentStockMenuNodes: TMenuNode[] = [
  menuScreen('5060', '线路库存', 'agent/stock', 'DatabaseOutlined', AgentStockPerm.lineStock),
  menuScreen('5070', '套餐管理', 'agent/packets', 'GiftOutlined', AgentStockPerm.packetManage, [
    menuButton('507001', '新增/编辑套餐', AgentStockPerm.packetManage),
  ]),
  menuScreen('5080', '套餐变更', 'agent/packet-change', 'SwapOutlined', AgentStockPerm.packetChange),
];

/** 开通线路 on the platform's 代理商 page. */
export const agentStockPlatformButtons: TMenuNode[] = [menuButton('609010', '开通线路', AgentPerm.platformManage)];
