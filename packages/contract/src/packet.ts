import { z } from 'zod';
import { ZIdName, ZNull, ZPageQuery, ZTime, zBoolean, zInt, zPage, zString } from './http.js';
import { menuScreen, type TMenuNode } from './menu.js';
import { zId } from './org-common.js';
import { packetShareRoutes, ZPacketShareUser } from './packet-share.js';
import { routesOf } from './route.js';
import { packetStates, packetTypes, TradePerm, tradeLimits } from './trade-labels.js';

const route = routesOf('packet');

/**
 * 套餐 (packet): the platform's catalogue by type and line, and the packages an
 * enterprise bought (total and remaining seconds, bought and expiry times, state).
 */
export const ZPacketType = z.enum(packetTypes, { error: '套餐类型不正确' });

export const ZPacketProduct = z.object({
  id: zInt,
  type: ZPacketType,
  lineId: zInt,
  lineName: zString,
  name: zString,
  minutes: zInt,
  /** Fen. */
  price: zInt,
  validityDays: zInt,
  isEnabled: zBoolean,
  updatedAt: ZTime,
});
export type TPacketProduct = z.infer<typeof ZPacketProduct>;

// A package's name, minutes and days of validity: the same rules for the platform's catalogue and an agent's own packages.
export const ZPacketName = z
  .string({ error: '请填写套餐名称' })
  .trim()
  .min(1, '请填写套餐名称')
  .max(40, '套餐名称最多40个字');
export const ZPacketMinutes = z.coerce
  .number({ error: '分钟数应为数字' })
  .int('分钟数应为整数')
  .min(1, '分钟数至少为1')
  .max(10_000_000, '分钟数过大');
export const ZPacketValidityDays = z.coerce
  .number({ error: '有效天数应为数字' })
  .int('有效天数应为整数')
  .min(1, '有效天数至少为1天')
  .max(3660, '有效天数最多3660天');

export const ZPacketProductInput = z.object({
  /** Absent: a new catalogue entry. */
  id: zId('套餐编号').optional(),
  type: ZPacketType.default('minutes'),
  lineId: zId('线路编号'),
  name: ZPacketName,
  minutes: ZPacketMinutes,
  price: z.coerce
    .number({ error: '价格应为数字' })
    .int('价格应以分为单位的整数')
    .min(0, '价格不能为负数')
    .max(tradeLimits.maxFen, '价格过大'),
  validityDays: ZPacketValidityDays,
  isEnabled: z.boolean({ error: '请选择上架或下架' }).default(true),
});
export type TPacketProductInput = z.input<typeof ZPacketProductInput>;

export const ZPacket = z.object({
  id: zInt,
  lineId: zInt,
  lineName: zString,
  name: zString,
  totalSeconds: zInt,
  remainingSeconds: zInt,
  price: zInt,
  boughtAt: ZTime,
  expireAt: ZTime,
  state: z.enum(packetStates),
  orderNo: zString.nullable(),
  /** The users it is restricted to; empty: shared by every user of the enterprise. */
  sharedWith: z.array(ZPacketShareUser),
});
export type TPacket = z.infer<typeof ZPacket>;

/** 上架 or 下架 one package: the platform's catalogue and an agent's own shelf. */
export const ZPacketShelf = z.object({ id: zId('套餐编号'), isEnabled: z.boolean({ error: '请选择上架或下架' }) });

export const packetRoutes = {
  typeList: route({
    method: 'POST',
    path: '/base/packet/packet-type/list',
    readOnly: true,
    summary: '套餐类型',
    permission: `${TradePerm.buy};${TradePerm.accountList};${TradePerm.platformPacket}`,
    request: z.object({}),
    response: z.array(z.object({ type: ZPacketType, name: zString })),
  }),
  /** The catalogue by line and type: the enabled entries, or every entry for the platform operator. */
  list: route({
    method: 'POST',
    path: '/base/packet/list',
    readOnly: true,
    summary: '套餐列表',
    permission: `${TradePerm.buy};${TradePerm.platformPacket}`,
    request: z.object({
      lineId: zId('线路编号').optional(),
      type: ZPacketType.optional(),
      withDisabled: zBoolean.optional(),
    }),
    response: z.array(ZPacketProduct),
  }),
  save: route({
    method: 'POST',
    path: '/base/packet/save',
    summary: '保存套餐',
    permission: TradePerm.platformPacket,
    audited: true,
    request: ZPacketProductInput,
    response: ZPacketProduct,
  }),
  setEnabled: route({
    method: 'POST',
    path: '/base/packet/set-enabled',
    summary: '上架或下架套餐',
    permission: TradePerm.platformPacket,
    audited: true,
    request: ZPacketShelf,
    response: ZNull,
  }),
  /** Every active line of the platform, for the catalogue's line picker. */
  lineOptions: route({
    method: 'POST',
    path: '/base/packet/line-options',
    readOnly: true,
    summary: '套餐可选线路',
    permission: TradePerm.platformPacket,
    request: z.object({}),
    response: z.array(ZIdName),
  }),
  /** The enterprise's bought packages, earliest expiry first. */
  mine: route({
    method: 'POST',
    path: '/base/packet/mine',
    readOnly: true,
    summary: '已购套餐',
    permission: `${TradePerm.accountList};${TradePerm.buy}`,
    request: ZPageQuery.extend({ state: z.enum(packetStates, { error: '套餐状态不正确' }).optional() }),
    response: zPage(ZPacket),
  }),
  /** 已购套餐's download (the enterprise's side of packet-download): the page's filter. */
  mineExport: route({
    method: 'POST',
    path: '/base/packet/mine/export',
    readOnly: true,
    summary: '导出已购套餐',
    permission: TradePerm.accountList,
    result: 'blob',
    request: z.object({ state: z.enum(packetStates, { error: '套餐状态不正确' }).optional() }),
    response: z.unknown(),
  }),
  ...packetShareRoutes,
} as const;

/** 套餐管理 (in the 平台管理 folder). */
export const packetPlatformMenuNodes: TMenuNode[] = [
  menuScreen('6510', '套餐管理', 'platform/packet', 'GiftOutlined', TradePerm.platformPacket),
];
