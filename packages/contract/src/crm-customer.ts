import { z } from 'zod';
import { route, ZCustomerRef, ZIds, ZRange, ZReason, ZText } from './crm-common.js';
import { intentionLevels, normaliseMobile, phoneLabels } from './crm-customer-labels.js';
import { ZPageQuery, ZSortOrder, ZTime, zBoolean, zInt, zPage, zString } from './http.js';
import { zId, zMobileFragment } from './org-common.js';
import { Perm } from './permissions.js';

export {
  customerTextFieldLabel,
  intentionLevelLabel,
  intentionLevels,
  normaliseMobile,
  phoneLabels,
  phoneLabelText,
} from './crm-customer-labels.js';

/** The customer itself: its vocabulary, fields, filters, lists, details and field changes. */

// ---- Vocabulary (DESIGN.md section 4) -------------------------------------------------------

export const ZIntentionLevel = z.enum(intentionLevels, { error: '意向等级只能是A、B、C、D、E' });
export type TIntentionLevel = z.infer<typeof ZIntentionLevel>;

export const ZPhoneLabel = z.enum(phoneLabels, { error: '电话标签不正确' });
export type TPhoneLabel = z.infer<typeof ZPhoneLabel>;

// ---- Field rules ------------------------------------------------------------------------------

export const ZCustomerMobile = z
  .string({ error: '请输入手机号' })
  .transform(normaliseMobile)
  .pipe(z.string().regex(/^1[3-9]\d{9}$/, '手机号格式不正确'));

/** A custom field value: text, number, date (epoch ms), single choice or multiple choice. */
export const ZCustomValue = z
  .union([z.string().max(2000, '自定义字段最多2000个字'), z.number(), z.array(zString)])
  .nullable();
/** Keyed by custom field id; the server checks each against its definition (type, options, required). */
export const ZCustomValues = z.record(z.string().regex(/^\d+$/, '自定义字段编号不正确'), ZCustomValue);

/** The editable fields of a customer (新建客户 and editing). */
export const ZCustomerFields = z.object({
  name: ZText('客户名称', 50).min(1, '请输入客户名称'),
  mobile: ZCustomerMobile,
  company: ZText('公司', 100).default(''),
  address: ZText('地址', 200).default(''),
  remark: ZText('备注', 500).default(''),
  source: ZText('来源', 50).default(''),
  intentionLevel: ZIntentionLevel.default('D'),
  isDeal: z.boolean({ error: '成交状态格式不正确' }).default(false),
  phoneLabel: ZPhoneLabel.nullable().default(null),
  tagIds: z.array(zId('标签编号')).max(20, '一个客户最多20个标签').default([]),
  isProtected: z.boolean({ error: '保护状态格式不正确' }).default(false),
  nextFollowAt: ZTime.nullable().default(null),
  customValues: ZCustomValues.default({}),
});
export type TCustomerFields = z.input<typeof ZCustomerFields>;

export const ZTagRef = z.object({ id: zInt, name: zString, color: zString });

export const ZCustomer = z.object({
  id: zInt,
  name: zString,
  /** Masked (138****0000) when the privacy setting is on and the person lacks `crm:customer:mobile`. */
  mobile: zString,
  isMobileMasked: zBoolean,
  company: zString,
  address: zString,
  remark: zString,
  source: zString,
  intentionLevel: ZIntentionLevel,
  isDeal: zBoolean,
  dealAt: ZTime.nullable(),
  phoneLabel: ZPhoneLabel.nullable(),
  tags: z.array(ZTagRef),
  customValues: z.record(zString, ZCustomValue),
  ownerId: zInt.nullable(),
  ownerName: zString.nullable(),
  deptId: zInt.nullable(),
  deptName: zString.nullable(),
  isProtected: zBoolean,
  ownedAt: ZTime.nullable(),
  lastFollowAt: ZTime.nullable(),
  lastFollowContent: zString.nullable(),
  nextFollowAt: ZTime.nullable(),
  /** Calls made to the customer, and when the last one started. */
  callCount: zInt,
  lastCallAt: ZTime.nullable(),
  poolAt: ZTime.nullable(),
  previousOwnerName: zString.nullable(),
  /** When the automatic release will return it to the public pool under the current rules (null = never). */
  releaseAt: ZTime.nullable(),
  createdAt: ZTime,
  updatedAt: ZTime,
});
export type TCustomer = z.infer<typeof ZCustomer>;

/** A custom-field condition: text contains, choice equals (any of), number or date range. */
export const ZCustomCondition = z.object({
  fieldId: zId('自定义字段编号'),
  text: z.string().trim().max(100).optional(),
  anyOf: z.array(zString).max(50).optional(),
  range: z.tuple([z.number().nullable(), z.number().nullable()]).optional(),
});

/** Filters of both pools, their exports and the by-condition batch actions. */
export const ZCustomerFilter = z.object({
  /** Name (also by pinyin: 张三 by `zs` or `zhangsan`), company or remark. */
  keyword: z.string().trim().max(50, '关键词最多50个字').optional(),
  /** Any 4 or more digits of the mobile. */
  mobile: zMobileFragment(),
  company: z.string().trim().max(100).optional(),
  intentionLevels: z.array(ZIntentionLevel).max(5).optional(),
  isDeal: zBoolean.optional(),
  phoneLabels: z.array(ZPhoneLabel).max(6).optional(),
  /** Customers with any of these tags. */
  tagIds: z.array(zId('标签编号')).max(20).optional(),
  source: z.string().trim().max(50).optional(),
  ownerId: zId('负责人编号').optional(),
  /** 导入批次: the customers a customer import created (batch-code lists the batches). */
  importBatchId: z.string({ error: '导入批次不正确' }).uuid('导入批次不正确').optional(),
  /** The department and its sub-departments. */
  deptId: zId('部门编号').optional(),
  isProtected: zBoolean.optional(),
  createdRange: ZRange,
  lastFollowRange: ZRange,
  nextFollowRange: ZRange,
  lastCallRange: ZRange,
  /** Customers never called (true) or called at least once (false). */
  isNeverCalled: zBoolean.optional(),
  /** Private pool: customers never followed up. */
  isNeverFollowed: zBoolean.optional(),
  custom: z.array(ZCustomCondition).max(10).optional(),
});
export type TCustomerFilter = z.input<typeof ZCustomerFilter>;

export const customerSortFields = [
  'createdAt',
  'updatedAt',
  'lastFollowAt',
  'nextFollowAt',
  'lastCallAt',
  'poolAt',
  'name',
  'intentionLevel',
] as const;
export const ZCustomerListQuery = ZPageQuery.extend(ZCustomerFilter.shape).extend({
  sortField: z.enum(customerSortFields, { error: '排序字段不正确' }).default('createdAt'),
  sortOrder: ZSortOrder.default('descend'),
});
export type TCustomerListQuery = z.input<typeof ZCustomerListQuery>;

/** Result of a batch action: how many moved and why the others did not. */
export const ZBatchResult = z.object({
  done: zInt,
  refused: z.array(z.object({ id: zInt, name: zString, reason: zString })),
});
export type TBatchResult = z.infer<typeof ZBatchResult>;

/** The chosen customers of a batch action (放入公海, 删除到回收站) and why. */
export const ZIdsWithReason = z.object({ ids: ZIds, reason: ZReason });
/** Every customer a filter matches, for the same actions by condition, and why. */
export const ZFilterWithReason = z.object({ filter: ZCustomerFilter, reason: ZReason });

export const ZExistOther = z.object({
  isExist: zBoolean,
  customerId: zInt.nullable(),
  /** 我的客户 / 公海 / 回收站 / the owner's name, for the message. */
  where: z.enum(['mine', 'other', 'pool', 'recycle']).nullable(),
  ownerName: zString.nullable(),
  message: zString,
});

/** 我的客户: the list, one customer, creating and editing, batch field changes. */
export const crmCustomerRoutes = {
  customerPage: route({
    method: 'POST',
    path: '/base/crm/user-page',
    readOnly: true,
    summary: '我的客户',
    permission: Perm.customerList,
    openApi: true,
    request: ZCustomerListQuery,
    response: zPage(ZCustomer),
  }),
  customerDetail: route({
    method: 'GET',
    path: '/base/crm/queryUserCusDetail',
    readOnly: true,
    summary: '客户详情',
    permission: Perm.customerList,
    openApi: true,
    request: ZCustomerRef,
    response: ZCustomer,
  }),
  existOther: route({
    method: 'GET',
    path: '/base/crm/getExistOther',
    readOnly: true,
    summary: '手机号查重',
    permission: Perm.customerList,
    request: z.object({ mobile: ZCustomerMobile, excludeId: zId('客户编号').optional() }),
    response: ZExistOther,
  }),
  customerCreate: route({
    method: 'POST',
    path: '/base/crm/saveUserCus',
    summary: '新建客户',
    permission: Perm.customerAdd,
    audited: true,
    // ownerId absent = the creator.
    request: ZCustomerFields.extend({ ownerId: zId('负责人编号').optional() }),
    response: ZCustomer,
  }),
  /** 新建客户 straight into 客户公海 (spec: saveCus beside the pool's page and receiveCus). */
  poolCreate: route({
    method: 'POST',
    path: '/base/crm/saveCus',
    summary: '新建公海客户',
    permission: Perm.customerAdd,
    audited: true,
    request: ZCustomerFields,
    response: ZCustomer,
  }),
  customerUpdate: route({
    method: 'POST',
    path: '/base/crm/updateUserCus',
    summary: '编辑客户',
    permission: Perm.customerUpdate,
    audited: true,
    // Inline edit sends only the changed fields.
    request: ZCustomerFields.partial().extend({ id: zId('客户编号') }),
    response: ZCustomer,
  }),
  /** 编辑 a customer of 客户公海 (spec: updateCud beside saveCus); updateUserCus edits owned customers. */
  poolUpdate: route({
    method: 'POST',
    path: '/base/crm/updateCud',
    summary: '编辑公海客户',
    permission: Perm.customerUpdate,
    audited: true,
    request: ZCustomerFields.partial().extend({ id: zId('客户编号') }),
    response: ZCustomer,
  }),
  updateLevel: route({
    method: 'POST',
    path: '/base/crm/updateIttLevel',
    summary: '修改意向等级',
    permission: Perm.customerUpdate,
    audited: true,
    request: z.object({ ids: ZIds, intentionLevel: ZIntentionLevel }),
    response: ZBatchResult,
  }),
  updateLabelOrDeal: route({
    method: 'POST',
    path: '/base/crm/updatePhLabOrIsDeal',
    summary: '修改电话标签或成交状态',
    permission: Perm.customerUpdate,
    audited: true,
    request: z
      .object({ ids: ZIds, phoneLabel: ZPhoneLabel.nullable().optional(), isDeal: zBoolean.optional() })
      .refine((r) => r.phoneLabel !== undefined || r.isDeal !== undefined, '请选择电话标签或成交状态'),
    response: ZBatchResult,
  }),
  updateProtected: route({
    method: 'POST',
    path: '/base/crm/edit-protected-status',
    summary: '修改保护状态',
    permission: Perm.customerUpdate,
    audited: true,
    request: z.object({ ids: ZIds, isProtected: z.boolean({ error: '请选择是否保护' }) }),
    response: ZBatchResult,
  }),
  updateTags: route({
    method: 'POST',
    path: '/base/crm-user/batch-update-tag',
    summary: '批量打标签',
    permission: Perm.customerUpdate,
    audited: true,
    request: z.object({
      ids: ZIds,
      tagIds: z.array(zId('标签编号')).min(1, '请选择标签').max(20),
      mode: z.enum(['add', 'remove', 'set']).default('add'),
    }),
    response: ZBatchResult,
  }),
} as const;
