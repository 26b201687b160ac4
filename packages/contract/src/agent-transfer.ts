import { z } from 'zod';
import { AgentPerm } from './agent-labels.js';
import { ZPageQuery, ZTime, zInt, zPage, zString } from './http.js';
import { zId } from './org-common.js';
import { ZLivePacket } from './packet-share.js';
import { routesOf } from './route.js';

const route = routesOf('agent');

// 套餐转移 (spec section 7 Agent `packetTransfer`, `findPacketTransfer/{id}`; decision
// 0020 "Package transfers"): an agent moves what is left of a package one of its enterprises holds
// to another of its own enterprises.

/** One of the agent's enterprises, to pick a source or a target (or, 套餐变更, the one whose package moves). */
export const ZTransferEnterprise = z.object({ id: zInt, name: zString, status: zString });
export type TTransferEnterprise = z.infer<typeof ZTransferEnterprise>;

/** A live package of one of the agent's enterprises (active, unexpired, seconds left): what 套餐转移 and 套餐变更 move. */
export const ZMovablePacket = ZLivePacket;
export type TMovablePacket = z.infer<typeof ZMovablePacket>;

/** What a move of a package's remainder records, to another enterprise (转移) or another line (变更). */
export const ZPacketMove = z.object({
  /** The source's package (closed, its usage history kept) and the new one. */
  fromPacketId: zInt,
  toPacketId: zInt,
  packetName: zString,
  /** Seconds moved: what the source had left. */
  seconds: zInt,
  /** The source package's size and what was used of it (stays with it). */
  sourceTotalSeconds: zInt,
  sourceUsedSeconds: zInt,
  expireAt: ZTime,
  createdByName: zString,
  createdAt: ZTime,
});
export type TPacketMove = z.infer<typeof ZPacketMove>;

export const ZPacketTransfer = ZPacketMove.extend({
  id: zInt,
  transferNo: zString,
  fromEnterpriseId: zInt,
  fromEnterpriseName: zString,
  toEnterpriseId: zInt,
  toEnterpriseName: zString,
  lineId: zInt,
  lineName: zString,
});
export type TPacketTransfer = z.infer<typeof ZPacketTransfer>;

const enterpriseId = (label: string) => zId(label);

export const agentTransferRoutes = {
  transferEnterprises: route({
    method: 'GET',
    path: '/base/agent/packet-transfer/enterprises',
    readOnly: true,
    summary: '套餐转移：可选企业',
    permission: AgentPerm.transferManage,
    request: z.object({}),
    response: z.array(ZTransferEnterprise),
  }),
  transferPackets: route({
    method: 'GET',
    path: '/base/agent/packet-transfer/packets',
    readOnly: true,
    summary: '套餐转移：企业的可转移套餐',
    permission: AgentPerm.transferManage,
    request: z.object({ enterpriseId: enterpriseId('企业编号') }),
    response: z.array(ZMovablePacket),
  }),
  packetTransfer: route({
    method: 'POST',
    path: '/base/agent/packetTransfer',
    summary: '套餐转移',
    permission: AgentPerm.transferManage,
    audited: true,
    request: z.object({
      fromEnterpriseId: enterpriseId('转出企业编号'),
      packetId: zId('套餐编号'),
      toEnterpriseId: enterpriseId('转入企业编号'),
    }),
    response: ZPacketTransfer,
  }),
  transferPage: route({
    method: 'GET',
    path: '/base/agent/packetTransfer/page',
    readOnly: true,
    summary: '套餐转移记录',
    permission: AgentPerm.transferManage,
    request: ZPageQuery.extend({
      enterpriseName: z.string().trim().max(64, '名称最多64个字').optional(),
    }),
    response: zPage(ZPacketTransfer),
  }),
  findPacketTransfer: route({
    method: 'GET',
    path: '/base/agent/findPacketTransfer/:id',
    readOnly: true,
    summary: '套餐转移详情',
    permission: AgentPerm.transferManage,
    request: z.object({ id: zId('转移记录编号') }),
    response: ZPacketTransfer,
  }),
};
