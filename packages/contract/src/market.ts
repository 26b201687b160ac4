import { z } from 'zod';
import { ZMobile, ZNull, ZPageQuery, ZTime, zBoolean, zInt, zPage, zString } from './http.js';
import { MarketPerm, marketRequestStates } from './market-labels.js';
import { menuButton, menuScreen, type TMenuNode } from './menu.js';
import { zId } from './org-common.js';
import { routesOf } from './route.js';

export {
  isMarketRequestOpen,
  MarketPerm,
  marketNoticeLink,
  marketRequestMoves,
  marketRequestStateLabel,
  marketRequestStates,
  type TMarketRequestState,
} from './market-labels.js';

const route = routesOf('market');

export const ZMarketRequestState = z.enum(marketRequestStates, { error: '处理状态不正确' });

/** An add-on of another vendor, as the platform lists it. */
export const ZMarketItem = z.object({
  id: zInt,
  name: zString,
  vendor: zString,
  description: zString,
  link: zString,
  contact: zString,
  priceText: zString,
  isListed: zBoolean,
  sort: zInt,
});
export type TMarketItem = z.infer<typeof ZMarketItem>;

/** An item as an enterprise browses it: with its own latest request's state, if any. */
export const ZMarketListing = ZMarketItem.omit({ isListed: true, sort: true }).extend({
  requestState: ZMarketRequestState.nullable(),
});
export type TMarketListing = z.infer<typeof ZMarketListing>;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label}不正确` })
    .trim()
    .max(max, `${label}最多${max}个字`);
const required = (label: string, max: number) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, `请输入${label}`)
    .max(max, `${label}最多${max}个字`);

export const ZMarketItemSave = z.object({
  /** Absent: a new item. */
  id: zId('应用编号').optional(),
  name: required('应用名称', 40),
  vendor: required('服务商', 40),
  description: required('应用介绍', 1000),
  link: text('链接', 300)
    .refine((v) => v === '' || /^https?:\/\/\S+$/.test(v), '链接须以 http:// 或 https:// 开头')
    .default(''),
  contact: text('联系方式', 60).default(''),
  priceText: text('价格说明', 60).default(''),
  isListed: z.boolean({ error: '请选择是否上架' }),
  sort: z.number({ error: '排序不正确' }).int('排序不正确').min(0, '排序不能为负').max(9999, '排序最多9999').default(0),
});
export type TMarketItemSave = z.input<typeof ZMarketItemSave>;

export const ZMarketApply = z.object({
  itemId: zId('应用编号'),
  contactName: required('联系人', 20),
  phone: ZMobile,
  note: text('备注', 500).default(''),
});
export type TMarketApply = z.input<typeof ZMarketApply>;

export const ZMarketRequest = z.object({
  id: zInt,
  itemId: zInt,
  itemName: zString,
  vendor: zString,
  tenantId: zInt,
  enterpriseName: zString,
  author: zString,
  contactName: zString,
  phone: zString,
  note: zString,
  state: ZMarketRequestState,
  reply: zString,
  handledBy: zString,
  createdAt: ZTime,
  updatedAt: ZTime,
});
export type TMarketRequest = z.infer<typeof ZMarketRequest>;

export const ZMarketHandle = z
  .object({
    id: zId('申请编号'),
    state: z.enum(['contacted', 'done', 'rejected'], { error: '处理结果只能是已联系、已完成或已拒绝' }),
    reply: text('处理说明', 500).default(''),
  })
  .refine((v) => v.state !== 'rejected' || v.reply.length > 0, { message: '拒绝时请填写原因', path: ['reply'] });
export type TMarketHandle = z.input<typeof ZMarketHandle>;

export const marketRoutes = {
  marketList: route({
    method: 'GET',
    path: '/base/market/list',
    readOnly: true,
    summary: '第三方市场',
    permission: MarketPerm.view,
    request: z.object({}),
    response: z.array(ZMarketListing),
  }),
  marketApply: route({
    method: 'POST',
    path: '/base/market/apply',
    summary: '申请第三方应用',
    permission: MarketPerm.apply,
    audited: true,
    request: ZMarketApply,
    response: ZMarketRequest,
  }),
  marketMine: route({
    method: 'POST',
    path: '/base/market/request/page',
    readOnly: true,
    summary: '本企业的应用申请',
    permission: MarketPerm.view,
    request: ZPageQuery.extend({ state: ZMarketRequestState.optional() }),
    response: zPage(ZMarketRequest),
  }),
  marketItems: route({
    method: 'GET',
    path: '/base/market/platform/items',
    readOnly: true,
    summary: '市场应用列表',
    permission: MarketPerm.manage,
    request: z.object({}),
    response: z.array(ZMarketItem),
  }),
  marketItemSave: route({
    method: 'POST',
    path: '/base/market/platform/item/save',
    summary: '保存市场应用',
    permission: MarketPerm.manage,
    audited: true,
    request: ZMarketItemSave,
    response: ZMarketItem,
  }),
  marketQueue: route({
    method: 'POST',
    path: '/base/market/platform/request/page',
    readOnly: true,
    summary: '应用申请处理列表',
    permission: MarketPerm.manage,
    request: ZPageQuery.extend({
      state: ZMarketRequestState.optional(),
      enterpriseName: z.string().trim().max(64, '企业名称最多64个字').optional(),
    }),
    response: zPage(ZMarketRequest),
  }),
  marketHandle: route({
    method: 'POST',
    path: '/base/market/platform/request/handle',
    summary: '处理应用申请',
    permission: MarketPerm.manage,
    audited: true,
    request: ZMarketHandle,
    response: ZNull,
  }),
};

/** 第三方市场 (placed in the 应用中心 folder). */
export const marketMenuNodes: TMenuNode[] = [
  menuScreen('8630', '第三方市场', 'ThirdParty/Market', 'ShopOutlined', MarketPerm.view, [
    menuButton('863001', '申请应用', MarketPerm.apply),
  ]),
];

/** The platform operator's market: its items and the enterprises' requests (placed in 平台管理). */
export const marketPlatformMenuNodes: TMenuNode[] = [
  menuScreen('6075', '市场管理', 'platform/market', 'ShopOutlined', MarketPerm.manage),
];
