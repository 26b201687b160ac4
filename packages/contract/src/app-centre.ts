import { z } from 'zod';
import { AppCentrePerm, appCodes, appStates } from './app-centre-labels.js';
import { ZNull, zBoolean, zInt, zString } from './http.js';
import { menuButton, menuPage, menuScreen, type TMenuNode } from './menu.js';
import { routesOf } from './route.js';
import { ZOrder } from './trade-order.js';

export {
  AppCentrePerm,
  appCodes,
  appMenuPrefixes,
  appSoonLabel,
  appStateLabel,
  appStates,
  isAppMenuOff,
  type TAppCode,
  type TAppState,
} from './app-centre-labels.js';

const route = routesOf('appCentre');

export const ZAppCode = z.enum(appCodes, { error: '应用不存在' });

/** A catalogue entry as the platform manages it. */
export const ZAppProduct = z.object({
  code: ZAppCode,
  name: zString,
  description: zString,
  priceText: zString,
  isListed: zBoolean,
  /** false: shown as 即将上线, nothing to switch on. */
  isBuilt: zBoolean,
  sort: zInt,
  /** One period's price in fen; 0: free (on unless switched off, no trial). */
  priceFen: zInt,
  /** Days of the one trial an enterprise may take; 0: none. */
  trialDays: zInt,
  /** Days one paid period lasts. */
  periodDays: zInt,
});
export type TAppProduct = z.infer<typeof ZAppProduct>;

/** An entry as an enterprise sees it: with its state there. */
export const ZAppItem = ZAppProduct.extend({
  state: z.enum(appStates),
  changedBy: zString,
  changedAt: zInt.nullable(),
  /** When its trial or paid period ends; null: no end. */
  endsAt: zInt.nullable(),
  /** The enterprise may still take this add-on's trial. */
  canTrial: zBoolean,
});
export type TAppItem = z.infer<typeof ZAppItem>;

export const ZAppProductSave = z.object({
  code: ZAppCode,
  name: z.string({ error: '请输入应用名称' }).trim().min(1, '请输入应用名称').max(30, '应用名称最多30个字'),
  description: z.string({ error: '请输入应用介绍' }).trim().min(1, '请输入应用介绍').max(1000, '应用介绍最多1000个字'),
  priceText: z.string({ error: '价格说明不正确' }).trim().max(60, '价格说明最多60个字').default(''),
  isListed: z.boolean({ error: '请选择是否上架' }),
  priceFen: z
    .number({ error: '价格不正确' })
    .int('价格不正确')
    .min(0, '价格不能为负')
    .max(100_000_000, '价格最多100万元'),
  trialDays: z
    .number({ error: '试用天数不正确' })
    .int('试用天数不正确')
    .min(0, '试用天数不能为负')
    .max(365, '试用最多365天'),
  periodDays: z
    .number({ error: '开通天数不正确' })
    .int('开通天数不正确')
    .min(1, '开通天数至少为1')
    .max(3650, '开通天数最多3650'),
});
export type TAppProductSave = z.input<typeof ZAppProductSave>;

export const appCentreRoutes = {
  appList: route({
    method: 'GET',
    path: '/base/app/list',
    readOnly: true,
    summary: '应用中心',
    permission: AppCentrePerm.view,
    request: z.object({}),
    response: z.array(ZAppItem),
  }),
  appInfo: route({
    method: 'GET',
    path: '/base/app/info',
    readOnly: true,
    summary: '应用详情',
    permission: AppCentrePerm.view,
    request: z.object({ code: ZAppCode }),
    response: ZAppItem,
  }),
  appSwitch: route({
    method: 'POST',
    path: '/base/app/switch',
    summary: '开通或停用应用',
    permission: AppCentrePerm.manage,
    audited: true,
    request: z.object({ code: ZAppCode, isOn: z.boolean({ error: '请选择开通或停用' }) }),
    response: ZAppItem,
  }),
  appTrial: route({
    method: 'POST',
    path: '/base/app/trial',
    summary: '试用应用',
    permission: AppCentrePerm.manage,
    audited: true,
    request: z.object({ code: ZAppCode }),
    response: ZAppItem,
  }),
  appCatalogue: route({
    method: 'GET',
    path: '/base/app/platform/list',
    readOnly: true,
    summary: '应用目录',
    permission: AppCentrePerm.catalogue,
    request: z.object({}),
    response: z.array(ZAppProduct),
  }),
  appCatalogueSave: route({
    method: 'POST',
    path: '/base/app/platform/save',
    summary: '保存应用目录',
    permission: AppCentrePerm.catalogue,
    audited: true,
    request: ZAppProductSave,
    response: ZNull,
  }),
};

/** 购买应用: one paid period of a priced add-on, an order paid by its QR code like any other. */
export const appOrderRoutes = {
  appBuy: route({
    method: 'POST',
    path: '/base/app/buy',
    summary: '购买应用',
    permission: AppCentrePerm.manage,
    audited: true,
    request: z.object({ code: ZAppCode }),
    response: ZOrder,
  }),
};

/** 应用中心 and its detail page (placed in the 应用中心 folder). */
export const appCentreMenuNodes: TMenuNode[] = [
  menuScreen('8610', '应用中心', 'app/index', 'AppstoreOutlined', AppCentrePerm.view, [
    menuButton('861001', '开通与停用', AppCentrePerm.manage),
  ]),
  menuPage('8611', '应用详情', 'views/Application/details', AppCentrePerm.view),
];

/** The platform operator's catalogue (placed in the 平台管理 folder). */
export const appCentrePlatformMenuNodes: TMenuNode[] = [
  menuScreen('6065', '应用目录', 'platform/apps', 'AppstoreOutlined', AppCentrePerm.catalogue),
];
