import { z } from 'zod';
import { CluePerm } from './clue-labels.js';
import { ZNull, ZTime, zBoolean, zInt, zString } from './http.js';
import { menuScreen, type TMenuNode } from './menu.js';
import { zId } from './org-common.js';
import { routesOf } from './route.js';
import { TradePerm, tradeLimits } from './trade-labels.js';
import { ZOrder } from './trade-order.js';

const route = routesOf('clue');

/**
 * 线索包: quota for 企业线索 sold through commerce (units = companies one may unlock), the platform's
 * catalogue beside the minute packages; a paid order grants its units once (the quota ledger's
 * `grant:<order no>`).
 */
export const ZCluePackage = z.object({
  id: zInt,
  name: zString,
  units: zInt,
  /** Fen. */
  price: zInt,
  isEnabled: zBoolean,
  updatedAt: ZTime,
});
export type TCluePackage = z.infer<typeof ZCluePackage>;

export const ZCluePackageInput = z.object({
  /** Absent: a new catalogue entry. */
  id: zId('线索包编号').optional(),
  name: z.string({ error: '请填写线索包名称' }).trim().min(1, '请填写线索包名称').max(40, '线索包名称最多40个字'),
  units: z.coerce
    .number({ error: '解锁条数应为数字' })
    .int('解锁条数应为整数')
    .min(1, '解锁条数至少为1')
    .max(1_000_000, '解锁条数过大'),
  price: z.coerce
    .number({ error: '价格应为数字' })
    .int('价格应以分为单位的整数')
    .min(1, '价格至少为0.01元')
    .max(tradeLimits.maxFen, '价格过大'),
  isEnabled: z.boolean({ error: '请选择上架或下架' }).default(true),
});
export type TCluePackageInput = z.input<typeof ZCluePackageInput>;

export const cluePackageRoutes = {
  /** The enabled packages for an enterprise; every package for the platform operator. */
  packageList: route({
    method: 'POST',
    path: '/base/clue/package/list',
    readOnly: true,
    summary: '线索包列表',
    permission: `${CluePerm.view};${TradePerm.platformPacket}`,
    request: z.object({ withDisabled: zBoolean.optional() }),
    response: z.array(ZCluePackage),
  }),
  packageSave: route({
    method: 'POST',
    path: '/base/clue/package/save',
    summary: '保存线索包',
    permission: TradePerm.platformPacket,
    audited: true,
    request: ZCluePackageInput,
    response: ZCluePackage,
  }),
  packageSetEnabled: route({
    method: 'POST',
    path: '/base/clue/package/set-enabled',
    summary: '上架或下架线索包',
    permission: TradePerm.platformPacket,
    audited: true,
    request: z.object({ id: zId('线索包编号'), isEnabled: z.boolean({ error: '请选择上架或下架' }) }),
    response: ZNull,
  }),
};

/** 购买线索包: an order priced from the catalogue, paid by the order's QR code like any other. */
export const clueOrderRoutes = {
  packageBuy: route({
    method: 'POST',
    path: '/base/clue/package/buy',
    summary: '购买线索包',
    permission: TradePerm.buy,
    audited: true,
    request: z.object({
      packageId: zId('线索包编号'),
      quantity: z.coerce
        .number({ error: '数量应为数字' })
        .int('数量应为整数')
        .min(1, '数量至少为1')
        .max(tradeLimits.maxQuantity, `数量最多为${tradeLimits.maxQuantity}`)
        .default(1),
    }),
    response: ZOrder,
  }),
};

/** 线索包管理 (in the 平台管理 folder). */
export const cluePackagePlatformMenuNodes: TMenuNode[] = [
  menuScreen('6515', '线索包管理', 'platform/cluePackage', 'ShoppingCartOutlined', TradePerm.platformPacket),
];
