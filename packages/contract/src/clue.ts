import { z } from 'zod';
import {
  CluePerm,
  clueAgeBands,
  clueCapitalBands,
  clueLimits,
  clueSorts,
  clueStaffBands,
  clueStatuses,
  clueTargets,
} from './clue-labels.js';
import { ZPageQuery, ZTime, zBoolean, zInt, zPage, zString } from './http.js';
import { menuButton, menuScreen, type TMenuNode } from './menu.js';
import { zId } from './org-common.js';
import { routesOf } from './route.js';

export * from './clue-labels.js';
export * from './clue-regions.js';

const route = routesOf('clue');

const place = (label: string) =>
  z
    .string({ error: `${label}不正确` })
    .trim()
    .min(1, `${label}不正确`)
    .max(20, `${label}不正确`)
    .optional();
const bandIndex = (label: string, count: number) =>
  z.coerce
    .number({ error: `${label}不正确` })
    .int(`${label}不正确`)
    .min(0, `${label}不正确`)
    .max(count - 1, `${label}不正确`)
    .optional();

/** 找企业's filters: every one optional, all of them together. */
export const ZClueQuery = ZPageQuery.extend({
  /** Words of the name or the business scope: two characters at least (the index is of character pairs). */
  keyword: z
    .string({ error: '关键词不正确' })
    .trim()
    .max(30, '关键词最多30个字')
    .refine((s) => s.replace(/\s+/g, '').length !== 1, '关键词至少2个字')
    .optional(),
  industry: place('行业'),
  province: place('省份'),
  city: place('城市'),
  district: place('区县'),
  capitalBand: bandIndex('注册资本', clueCapitalBands.length),
  ageBand: bandIndex('成立年限', clueAgeBands.length),
  status: z.enum(clueStatuses, { error: '经营状态不正确' }).optional(),
  staffBand: bandIndex('人员规模', clueStaffBands.length),
  hasMobile: z.boolean({ error: '有无手机号不正确' }).optional(),
  sort: z.enum(clueSorts, { error: '排序方式不正确' }).default('relevance'),
}).refine((q) => q.page * q.limit <= clueLimits.maxRows, {
  message: `最多查看前${clueLimits.maxRows}条结果，请增加筛选条件缩小范围`,
  path: ['page'],
});
export type TClueQuery = z.input<typeof ZClueQuery>;

/** A company of the results: registry facts, no contacts. */
export const ZClueRow = z.object({
  id: zInt,
  creditCode: zString,
  name: zString,
  kind: zString,
  legalPerson: zString,
  /** 万元. */
  capitalWan: zInt,
  province: zString,
  city: zString,
  district: zString,
  industry: zString,
  status: zString,
  /** YYYY-MM-DD. */
  foundedOn: zString,
  staffBand: zString,
  hasMobile: zBoolean,
  /** This enterprise unlocked its contacts. */
  isUnlocked: zBoolean,
  /** A customer of this enterprise has its name (as customer or company). */
  isCustomer: zBoolean,
  /** On this enterprise's company black-list (已拉黑): never unlocked nor converted. */
  isBlacklisted: zBoolean,
});
export type TClueRow = z.infer<typeof ZClueRow>;

export const ZClueContact = z.object({ name: zString, role: zString, mobile: zString, phone: zString });
export type TClueContact = z.infer<typeof ZClueContact>;

/** A company whole: its contacts masked until this enterprise unlocks them. */
export const ZClueCompany = ZClueRow.extend({
  scope: zString,
  address: zString,
  contacts: z.array(ZClueContact),
  unlockedAt: ZTime.nullable(),
  unlockedBy: zString.nullable(),
  /** The customer it became here, when it was converted. */
  customerId: zInt.nullable(),
});
export type TClueCompany = z.infer<typeof ZClueCompany>;

export const ZClueResults = zPage(ZClueRow).extend({
  /** More than maxRows match: the total is that bound. */
  isCapped: zBoolean,
  /** The data source's name (模拟企业库（开发用） in development). */
  source: zString,
});

/** The quota: what is left, the trial, today's unlocks against the limit. */
export const ZClueQuota = z.object({
  balance: zInt,
  trialUnits: zInt,
  trialTaken: zBoolean,
  trialAt: ZTime.nullable(),
  /** Units granted by the trial, bought through 线索包 orders, and drawn by unlocks. */
  trialGranted: zInt,
  boughtUnits: zInt,
  usedUnits: zInt,
  dailyLimit: zInt,
  usedToday: zInt,
  unlockedTotal: zInt,
  source: zString,
});
export type TClueQuota = z.infer<typeof ZClueQuota>;

export const ZClueLedgerRow = z.object({
  id: zInt,
  kind: zString,
  units: zInt,
  balanceAfter: zInt,
  companyName: zString.nullable(),
  userName: zString,
  createdAt: ZTime,
});
export type TClueLedgerRow = z.infer<typeof ZClueLedgerRow>;

export const ZUnlockRow = ZClueRow.extend({
  unlockedAt: ZTime,
  unlockedBy: zString,
  contactCount: zInt,
  customerId: zInt.nullable(),
});
export type TUnlockRow = z.infer<typeof ZUnlockRow>;

export const ZUnlockQuery = ZPageQuery.extend({
  keyword: z.string({ error: '关键词不正确' }).trim().max(30, '关键词最多30个字').optional(),
  /** Only those I unlocked. */
  isMine: z.boolean({ error: '筛选不正确' }).optional(),
  /** true: converted; false: not yet. */
  isConverted: z.boolean({ error: '筛选不正确' }).optional(),
});
export type TUnlockQuery = z.input<typeof ZUnlockQuery>;

export const ZConvertResult = z.object({
  companyId: zInt,
  name: zString,
  isOk: zBoolean,
  customerId: zInt.nullable(),
  /** Why it was refused, in the CRM's words. */
  reason: zString,
});
export type TConvertResult = z.infer<typeof ZConvertResult>;

const ZCompanyId = z.object({ id: zId('企业编号') });

export const clueRoutes = {
  companyPage: route({
    method: 'POST',
    path: '/base/clue/company/page',
    readOnly: true,
    summary: '找企业',
    permission: CluePerm.view,
    request: ZClueQuery,
    response: ZClueResults,
  }),
  companyInfo: route({
    method: 'GET',
    path: '/base/clue/company/info',
    readOnly: true,
    summary: '企业详情',
    permission: CluePerm.view,
    request: ZCompanyId,
    response: ZClueCompany,
  }),
  /** Draws one unit of the quota the first time this enterprise unlocks the company; again, nothing. */
  companyUnlock: route({
    method: 'POST',
    path: '/base/clue/company/unlock',
    summary: '解锁企业联系方式',
    permission: CluePerm.unlock,
    audited: true,
    request: ZCompanyId,
    response: ZClueCompany,
  }),
  unlockPage: route({
    method: 'POST',
    path: '/base/clue/unlock/page',
    readOnly: true,
    summary: '已解锁企业',
    permission: CluePerm.view,
    request: ZUnlockQuery,
    response: zPage(ZUnlockRow),
  }),
  /** Unlocked companies into the private or public pool by the CRM's rules; an answer per company. */
  convert: route({
    method: 'POST',
    path: '/base/clue/convert',
    summary: '线索转为客户',
    permission: CluePerm.convert,
    audited: true,
    request: z.object({
      ids: z
        .array(zId('企业编号'), { error: '请选择企业' })
        .min(1, '请选择企业')
        .max(clueLimits.convertMax, `一次最多转换${clueLimits.convertMax}家企业`)
        .transform((ids) => [...new Set(ids)]),
      target: z.enum(clueTargets, { error: '请选择转入私海或公海' }),
    }),
    response: z.array(ZConvertResult),
  }),
  quota: route({
    method: 'GET',
    path: '/base/clue/quota',
    readOnly: true,
    summary: '线索额度',
    permission: CluePerm.view,
    request: z.object({}),
    response: ZClueQuota,
  }),
  quotaLedger: route({
    method: 'POST',
    path: '/base/clue/quota/ledger',
    readOnly: true,
    summary: '线索额度明细',
    permission: CluePerm.view,
    request: ZPageQuery,
    response: zPage(ZClueLedgerRow),
  }),
  /** The trial quota, once per enterprise. */
  trialTake: route({
    method: 'POST',
    path: '/base/clue/quota/trial',
    summary: '领取试用额度',
    permission: CluePerm.settings,
    audited: true,
    request: z.object({}),
    response: ZClueQuota,
  }),
  settingsSave: route({
    method: 'POST',
    path: '/base/clue/settings/save',
    summary: '保存线索设置',
    permission: CluePerm.settings,
    audited: true,
    request: z.object({
      dailyLimit: z
        .number({ error: '每人每日解锁上限须为数字' })
        .int('每人每日解锁上限须为整数')
        .min(0, '每人每日解锁上限不能小于0')
        .max(10000, '每人每日解锁上限不能超过10000'),
    }),
    response: ZClueQuota,
  }),
};

/** 企业线索 for an enterprise (the spec's `Clue` menu). */
export const clueMenuNodes: TMenuNode[] = [
  menuScreen('3810', '找企业', 'Clue/looking', 'SearchOutlined', CluePerm.view, [
    menuButton('381001', '解锁联系方式', CluePerm.unlock),
    menuButton('381002', '转为客户', CluePerm.convert),
  ]),
  menuScreen('3820', '已解锁企业', 'Clue/enterprise', 'UnlockOutlined', CluePerm.view),
  menuScreen('3840', '批量匹配', 'Clue/batchEnterprise', 'FileSearchOutlined', CluePerm.view, [
    menuButton('384001', '解锁并转为客户', CluePerm.convert),
  ]),
  menuScreen('3830', '线索额度', 'Clue/enterpriseTry', 'GiftOutlined', CluePerm.view, [
    menuButton('383001', '领取试用与设置', CluePerm.settings),
  ]),
];
