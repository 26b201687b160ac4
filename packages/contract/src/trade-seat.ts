import { z } from 'zod';
import { ZTime, zBoolean, zInt, zString } from './http.js';
import { zId, zIds } from './org-common.js';
import { Perm } from './permissions.js';
import { routesOf } from './route.js';
import { seatCommerce, TradePerm, tradeLimits } from './trade-labels.js';
import { ZOrder } from './trade-order.js';

const route = routesOf('trade');

/**
 * Seats bought and renewed with money (docs/decisions/0017-commerce.md): 购买坐席 makes an
 * order paid by QR; 续费 is an order paid from the balance, or by QR when the balance is short.
 * The platform sets the monthly price of a seat per line.
 */
const ZMonths = z.coerce
  .number({ error: '请选择购买时长' })
  .refine((m) => (seatCommerce.months as readonly number[]).includes(m), '时长只能是1、3、6或12个月');

export const ZSeatBuyInput = z.object({
  lineId: zId('线路编号'),
  count: z.coerce
    .number({ error: '坐席数量应为数字' })
    .int('坐席数量应为整数')
    .min(1, '坐席数量至少为1')
    .max(seatCommerce.maxCount, `一次最多购买${seatCommerce.maxCount}个坐席`),
  months: ZMonths,
});
export type TSeatBuyInput = z.input<typeof ZSeatBuyInput>;

const ZRequestId = z.string({ error: '请求编号不正确' }).regex(/^[A-Za-z0-9-]{8,64}$/, '请求编号不正确');

export const ZSeatRenewalInput = z.object({
  ids: zIds('坐席编号', seatCommerce.maxCount),
  months: ZMonths,
  /** Made by the dialog once: a double click or a retry renews (and charges) once. */
  requestId: ZRequestId,
});
export type TSeatRenewalInput = z.input<typeof ZSeatRenewalInput>;

export const ZSeatRenewalResult = z.object({
  order: ZOrder,
  /** True: paid from the balance, the seats are renewed; false: pay the order by QR. */
  isPaid: zBoolean,
  /** The balance after (fen). */
  balance: zInt,
});
export type TSeatRenewalResult = z.infer<typeof ZSeatRenewalResult>;

export const ZPlatformSeatPrice = z.object({
  lineId: zInt,
  lineName: zString,
  lineMode: zInt,
  /** Fen per seat and month. */
  seatPricePerMonth: zInt,
  /** False: nobody set it yet, the line's default applies. */
  isSet: zBoolean,
  updatedByName: zString,
  updatedAt: ZTime.nullable(),
});
export type TPlatformSeatPrice = z.infer<typeof ZPlatformSeatPrice>;

export const tradeSeatRoutes = {
  /** An order for seats of a line; the amount from the platform's price, never from the client. */
  buySeat: route({
    method: 'POST',
    path: '/base/seat/buy-seat',
    summary: '购买坐席',
    permission: TradePerm.seatBuy,
    audited: true,
    request: ZSeatBuyInput,
    response: ZOrder,
  }),
  seatRenewal: route({
    method: 'POST',
    path: '/base/seat/manual-renewal',
    summary: '手动续费',
    permission: Perm.seatUpdate,
    audited: true,
    request: ZSeatRenewalInput,
    response: ZSeatRenewalResult,
  }),
  platformSeatPrices: route({
    method: 'POST',
    path: '/base/platform/seat-price/list',
    readOnly: true,
    summary: '坐席价格列表',
    permission: TradePerm.platformSeatPrice,
    request: z.object({}),
    response: z.array(ZPlatformSeatPrice),
  }),
  platformSeatPriceSave: route({
    method: 'POST',
    path: '/base/platform/seat-price/save',
    summary: '设置坐席价格',
    permission: TradePerm.platformSeatPrice,
    audited: true,
    request: z.object({
      lineId: zId('线路编号'),
      seatPricePerMonth: z.coerce
        .number({ error: '坐席月价应为数字' })
        .int('坐席月价应以分为单位的整数')
        .min(1, '坐席月价至少为0.01元')
        .max(tradeLimits.maxFen, '坐席月价过大'),
    }),
    response: ZPlatformSeatPrice,
  }),
} as const;
