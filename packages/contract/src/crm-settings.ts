import { z } from 'zod';
import { ZCustomerMobile, ZTagRef } from './crm-customer.js';
import { customFieldTypes, tagColors, visitResults } from './crm-settings-labels.js';
import { ZNull, ZPageQuery, ZTime, zBoolean, zInt, zPage, zString } from './http.js';
import { zId, zIds, zMobileFragment } from './org-common.js';
import { Perm } from './permissions.js';
import { routesOf } from './route.js';

export {
  customFieldTypeLabel,
  customFieldTypes,
  tagColors,
  visitResultLabel,
  visitResults,
} from './crm-settings-labels.js';

const route = routesOf('crm');

const ZName = (label: string, max: number) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, `请输入${label}`)
    .max(max, `${label}最多${max}个字`);

export const ZTag = ZTagRef.extend({ sort: zInt, customerCount: zInt });
export type TTag = z.infer<typeof ZTag>;

export const ZCustomFieldType = z.enum(customFieldTypes, { error: '字段类型不正确' });
export const ZCustomField = z.object({
  id: zInt,
  name: zString,
  type: ZCustomFieldType,
  options: z.array(zString),
  isRequired: zBoolean,
  isInList: zBoolean,
  isInFilter: zBoolean,
  sort: zInt,
});
export type TCustomField = z.infer<typeof ZCustomField>;
const ZCustomFieldInput = z
  .object({
    name: ZName('字段名称', 20),
    type: ZCustomFieldType,
    options: z.array(ZName('选项', 30)).max(50, '最多50个选项').default([]),
    isRequired: zBoolean.default(false),
    isInList: zBoolean.default(true),
    isInFilter: zBoolean.default(false),
    sort: zInt.min(0).max(9999).default(0),
  })
  .refine((f) => !['select', 'multiselect'].includes(f.type) || f.options.length > 0, {
    message: '单选和多选字段至少需要一个选项',
    path: ['options'],
  })
  .refine((f) => new Set(f.options).size === f.options.length, { message: '选项不能重复', path: ['options'] });

// ---- Quick replies (quick-content) -------------------------------------------------------------
export const ZQuickContent = z.object({
  id: zInt,
  content: zString,
  /** Shared by the enterprise (set by whoever holds the settings permission) or the person's own. */
  isShared: zBoolean,
  sort: zInt,
});

// ---- Business rules (business) and privacy (config-function) -----------------------------------
const ZDays = (label: string) =>
  z.coerce
    .number({ error: `${label}须为数字` })
    .int(`${label}须为整数`)
    .min(0, `${label}不能小于0`)
    .max(3650, `${label}不能超过3650`);
export const ZCrmRules = z.object({
  /** 0 = no limit, everywhere below. */
  maxOwned: ZDays('每人最多客户数').pipe(z.number().max(100_000, '每人最多客户数不能超过100000')),
  dailyClaimLimit: ZDays('每日领取上限'),
  reclaimBlockDays: ZDays('原负责人禁止领取天数'),
  releaseNoFollowDays: ZDays('未跟进自动回收天数'),
  releaseNoDealDays: ZDays('未成交自动回收天数'),
  remindBeforeDays: ZDays('回收前提醒天数'),
});
export type TCrmRules = z.infer<typeof ZCrmRules>;

// ---- Per-user screen config (get-config / save-user-config) ------------------------------------
export const crmScreens = ['myCustomer', 'totalOfCustomer', 'recycler'] as const;
export const ZSavedFilter = z.object({
  name: ZName('筛选名称', 20),
  /** A ZCustomerFilter as the screen saved it. */
  filter: z.record(zString, z.unknown()),
});
export const ZScreenConfig = z.object({
  /** Column keys in the order shown; absent = the screen's default. */
  columns: z.array(z.string().max(40)).max(60).optional(),
  savedFilters: z.array(ZSavedFilter).max(20, '最多保存20个筛选').default([]),
});
export type TScreenConfig = z.infer<typeof ZScreenConfig>;

export const ZVisitResult = z.enum(visitResults, { error: '回访结果不正确' });
export const ZReturnVisit = z.object({
  id: zInt,
  customerId: zInt,
  customerName: zString,
  /** Masked like every customer mobile (privacy setting). */
  customerMobile: zString,
  content: zString,
  result: ZVisitResult,
  visitAt: ZTime,
  userName: zString.nullable(),
  deptName: zString.nullable(),
  createdAt: ZTime,
});
const ZVisitFilter = ZPageQuery.extend({
  customerId: zId('客户编号').optional(),
  keyword: z.string().trim().max(50).optional(),
  mobile: zMobileFragment(),
  result: ZVisitResult.optional(),
  userId: zId('回访人编号').optional(),
  range: z
    .tuple([ZTime.nullable(), ZTime.nullable()])
    .refine(([a, b]) => a === null || b === null || a <= b, '开始时间不能晚于结束时间')
    .optional(),
});

export const crmSettingsRoutes = {
  tagList: route({
    method: 'POST',
    path: '/base/crm-user-tag/list',
    readOnly: true,
    summary: '客户标签',
    permission: Perm.customerList,
    request: z.object({}),
    response: z.array(ZTag),
  }),
  tagSave: route({
    method: 'POST',
    path: '/base/crm-user-tag/save',
    summary: '保存客户标签',
    permission: Perm.crmSettings,
    audited: true,
    request: z.object({
      id: zId('标签编号').optional(),
      name: ZName('标签名称', 12),
      color: z.enum(tagColors, { error: '标签颜色不正确' }).default('blue'),
      sort: zInt.min(0).max(9999).default(0),
    }),
    response: ZTag,
  }),
  tagDelete: route({
    method: 'POST',
    path: '/base/crm-user-tag/delete',
    summary: '删除客户标签',
    permission: Perm.crmSettings,
    audited: true,
    /** Also removes the tag from every customer carrying it. */
    request: z.object({ id: zId('标签编号') }),
    response: ZNull,
  }),
  fieldPage: route({
    method: 'POST',
    path: '/base/sys-customer-field/page',
    readOnly: true,
    summary: '自定义字段',
    permission: Perm.customerList,
    request: ZPageQuery,
    response: zPage(ZCustomField),
  }),
  /** Every custom field, in order: what lists, filters and forms are built from. */
  fieldQuery: route({
    method: 'POST',
    path: '/base/sys-customer-field/get-filed-query',
    readOnly: true,
    summary: '自定义字段列表',
    permission: Perm.customerList,
    request: z.object({}),
    response: z.array(ZCustomField),
  }),
  fieldAdd: route({
    method: 'POST',
    path: '/base/sys-customer-field/add',
    summary: '新增自定义字段',
    permission: Perm.crmSettings,
    audited: true,
    request: ZCustomFieldInput,
    response: ZCustomField,
  }),
  fieldEdit: route({
    method: 'POST',
    path: '/base/sys-customer-field/edit',
    summary: '修改自定义字段',
    permission: Perm.crmSettings,
    audited: true,
    /** The type cannot change once values exist (it would orphan them); options may be added. */
    request: z.intersection(ZCustomFieldInput, z.object({ id: zId('字段编号') })),
    response: ZCustomField,
  }),
  fieldDelete: route({
    method: 'POST',
    path: '/base/sys-customer-field/delete',
    summary: '删除自定义字段',
    permission: Perm.crmSettings,
    audited: true,
    request: z.object({ id: zId('字段编号') }),
    response: ZNull,
  }),
  quickList: route({
    method: 'POST',
    path: '/base/quick-content/list',
    readOnly: true,
    summary: '快捷回复',
    request: z.object({}),
    response: z.array(ZQuickContent),
  }),
  quickSave: route({
    method: 'POST',
    path: '/base/quick-content/save-or-update',
    summary: '保存快捷回复',
    audited: true,
    /** isShared needs the settings permission. */
    request: z.object({
      id: zId('快捷回复编号').optional(),
      content: ZName('快捷回复内容', 200),
      isShared: zBoolean.default(false),
      sort: zInt.min(0).max(9999).default(0),
    }),
    response: ZQuickContent,
  }),
  quickDelete: route({
    method: 'POST',
    path: '/base/quick-content/delete',
    summary: '删除快捷回复',
    audited: true,
    request: z.object({ id: zId('快捷回复编号') }),
    response: ZNull,
  }),
  rulesGet: route({
    method: 'POST',
    path: '/base/config-function/getList',
    readOnly: true,
    summary: '业务规则',
    permission: Perm.customerList,
    request: z.object({}),
    response: ZCrmRules.extend({
      isPrivacyOn: zBoolean,
      updatedAt: ZTime.nullable(),
      updatedByName: zString.nullable(),
    }),
  }),
  rulesSave: route({
    method: 'POST',
    path: '/base/config-function/save',
    summary: '保存业务规则',
    permission: Perm.ruleUpdate,
    audited: true,
    request: ZCrmRules,
    response: ZNull,
  }),
  privacySave: route({
    method: 'POST',
    path: '/base/config-function/crm-privacy',
    summary: '号码隐私设置',
    permission: Perm.crmSettings,
    audited: true,
    request: z.object({ isPrivacyOn: z.boolean({ error: '请选择是否隐藏号码' }) }),
    response: ZNull,
  }),
  screenConfigGet: route({
    method: 'POST',
    path: '/base/config-function/get-config',
    readOnly: true,
    summary: '列表显示配置',
    request: z.object({ screen: z.enum(crmScreens, { error: '页面不正确' }) }),
    response: ZScreenConfig,
  }),
  screenConfigSave: route({
    method: 'POST',
    path: '/base/config-function/save-user-config',
    summary: '保存列表显示配置',
    request: ZScreenConfig.extend({ screen: z.enum(crmScreens, { error: '页面不正确' }) }),
    response: ZNull,
  }),
  visitPage: route({
    method: 'POST',
    path: '/base/return-visit/page',
    readOnly: true,
    summary: '回访列表',
    permission: Perm.visitList,
    request: ZVisitFilter,
    response: zPage(ZReturnVisit),
  }),
  /** The same list with the per-result counts of the filter, for the screen's summary. */
  visitPagePlus: route({
    method: 'POST',
    path: '/base/return-visit/page-plus',
    readOnly: true,
    summary: '回访列表（含统计）',
    permission: Perm.visitList,
    request: ZVisitFilter,
    response: zPage(ZReturnVisit).extend({
      counts: z.array(z.object({ result: ZVisitResult, count: zInt })),
    }),
  }),
  visitAdd: route({
    method: 'POST',
    path: '/base/return-visit/add',
    summary: '新增回访',
    permission: Perm.visitAdd,
    audited: true,
    request: z
      .object({
        customerId: zId('客户编号').optional(),
        /** When adding from the list by number instead of from a customer. */
        mobile: ZCustomerMobile.optional(),
        content: ZName('回访内容', 1000),
        result: ZVisitResult.default('normal'),
        visitAt: ZTime,
      })
      .refine((v) => v.customerId !== undefined || v.mobile !== undefined, '请选择回访的客户'),
    response: ZReturnVisit,
  }),
  visitDelete: route({
    method: 'POST',
    path: '/base/return-visit/delete',
    summary: '删除回访',
    permission: Perm.visitDelete,
    audited: true,
    request: z.object({ ids: zIds('回访编号') }),
    response: ZNull,
  }),
} as const;
