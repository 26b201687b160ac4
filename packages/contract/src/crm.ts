import { z } from 'zod';
import { ZPageQuery, ZSortOrder, ZTime, zPage } from './http.js';
import { menuButton, menuPage, menuScreen, type TMenuNode } from './menu.js';
import { zId, zIds } from './org-common.js';
import { Perm } from './permissions.js';
import { routesOf } from './route.js';

const route = routesOf('crm');

// ---- Vocabulary (DESIGN.md section 4) -------------------------------------------------------

export const intentionLevels = ['A', 'B', 'C', 'D', 'E'] as const;
export const ZIntentionLevel = z.enum(intentionLevels, { error: '意向等级只能是A、B、C、D、E' });
export type TIntentionLevel = z.infer<typeof ZIntentionLevel>;
export const intentionLevelLabel: Record<TIntentionLevel, string> = {
  A: 'A 一个月内有明确需求',
  B: 'B 三个月内有需求',
  C: 'C 半年内有需求',
  D: 'D 潜在客户',
  E: 'E 暂无需求',
};

export const phoneLabels = ['connected', 'no_answer', 'busy', 'power_off', 'suspended', 'invalid'] as const;
export const ZPhoneLabel = z.enum(phoneLabels, { error: '电话标签不正确' });
export type TPhoneLabel = z.infer<typeof ZPhoneLabel>;
export const phoneLabelText: Record<TPhoneLabel, string> = {
  connected: '已接通',
  no_answer: '无人接听',
  busy: '占线',
  power_off: '关机',
  suspended: '停机',
  invalid: '空号',
};

export const followMethods = ['phone', 'wechat', 'visit', 'other'] as const;
export const ZFollowMethod = z.enum(followMethods, { error: '跟进方式只能是电话、微信、拜访或其他' });
export const followMethodLabel: Record<z.infer<typeof ZFollowMethod>, string> = {
  phone: '电话',
  wechat: '微信',
  visit: '拜访',
  other: '其他',
};

/** What moved a customer between owners and pools (客户操作记录). */
export const ownerActions = [
  'create',
  'import',
  'allocate',
  'claim',
  'release',
  'auto_release',
  'transfer',
  'recycle',
  'recover',
] as const;
export const ZOwnerAction = z.enum(ownerActions);
export type TOwnerAction = z.infer<typeof ZOwnerAction>;
export const ownerActionLabel: Record<TOwnerAction, string> = {
  create: '新建',
  import: '导入',
  allocate: '分配',
  claim: '领取',
  release: '放入公海',
  auto_release: '自动回收',
  transfer: '转移',
  recycle: '删除到回收站',
  recover: '从回收站恢复',
};

// ---- Field rules ------------------------------------------------------------------------------

/**
 * A mainland mobile as people type it: +86, spaces and dashes are dropped before the check
 * (139 1234 5678, 139-1234-5678 and +8613912345678 are the same number).
 */
export const normaliseMobile = (s: string): string => s.replace(/[\s-]/g, '').replace(/^(\+?86)(?=1\d{10}$)/, '');
export const ZCustomerMobile = z
  .string({ error: '请输入手机号' })
  .transform(normaliseMobile)
  .pipe(z.string().regex(/^1[3-9]\d{9}$/, '手机号格式不正确'));

const ZText = (label: string, max: number) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .max(max, `${label}最多${max}个字`);

/** A custom field value: text, number, date (epoch ms), single choice or multiple choice. */
export const ZCustomValue = z
  .union([z.string().max(2000, '自定义字段最多2000个字'), z.number(), z.array(z.string())])
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

export const ZTagRef = z.object({ id: z.number().int(), name: z.string(), color: z.string() });

export const ZCustomer = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Masked (138****0000) when the privacy setting is on and the person lacks `crm:customer:mobile`. */
  mobile: z.string(),
  isMobileMasked: z.boolean(),
  company: z.string(),
  address: z.string(),
  remark: z.string(),
  source: z.string(),
  intentionLevel: ZIntentionLevel,
  isDeal: z.boolean(),
  dealAt: ZTime.nullable(),
  phoneLabel: ZPhoneLabel.nullable(),
  tags: z.array(ZTagRef),
  customValues: z.record(z.string(), ZCustomValue),
  ownerId: z.number().int().nullable(),
  ownerName: z.string().nullable(),
  deptId: z.number().int().nullable(),
  deptName: z.string().nullable(),
  isProtected: z.boolean(),
  ownedAt: ZTime.nullable(),
  lastFollowAt: ZTime.nullable(),
  lastFollowContent: z.string().nullable(),
  nextFollowAt: ZTime.nullable(),
  /** Calls made to the customer, and when the last one started (issue 6). */
  callCount: z.number().int(),
  lastCallAt: ZTime.nullable(),
  poolAt: ZTime.nullable(),
  previousOwnerName: z.string().nullable(),
  /** When the automatic release will return it to the public pool under the current rules (null = never). */
  releaseAt: ZTime.nullable(),
  createdAt: ZTime,
  updatedAt: ZTime,
});
export type TCustomer = z.infer<typeof ZCustomer>;

const ZRange = z
  .tuple([ZTime.nullable(), ZTime.nullable()], { error: '时间范围格式不正确' })
  .refine(([a, b]) => a === null || b === null || a <= b, '开始时间不能晚于结束时间')
  .optional();

/** A custom-field condition: text contains, choice equals (any of), number or date range. */
export const ZCustomCondition = z.object({
  fieldId: zId('自定义字段编号'),
  text: z.string().trim().max(100).optional(),
  anyOf: z.array(z.string()).max(50).optional(),
  range: z.tuple([z.number().nullable(), z.number().nullable()]).optional(),
});

/** Filters of both pools, their exports and the by-condition batch actions. */
export const ZCustomerFilter = z.object({
  /** Name (also by pinyin: 张三 by `zs` or `zhangsan`), company or remark. */
  keyword: z.string().trim().max(50, '关键词最多50个字').optional(),
  /** Any 4 or more digits of the mobile. */
  mobile: z
    .string()
    .trim()
    .regex(/^\d{4,11}$/, '手机号请输入4-11位数字')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  company: z.string().trim().max(100).optional(),
  intentionLevels: z.array(ZIntentionLevel).max(5).optional(),
  isDeal: z.boolean().optional(),
  phoneLabels: z.array(ZPhoneLabel).max(6).optional(),
  /** Customers with any of these tags. */
  tagIds: z.array(zId('标签编号')).max(20).optional(),
  source: z.string().trim().max(50).optional(),
  ownerId: zId('负责人编号').optional(),
  /** The department and its sub-departments. */
  deptId: zId('部门编号').optional(),
  isProtected: z.boolean().optional(),
  createdRange: ZRange,
  lastFollowRange: ZRange,
  nextFollowRange: ZRange,
  lastCallRange: ZRange,
  /** Customers never called (true) or called at least once (false). */
  isNeverCalled: z.boolean().optional(),
  /** Private pool: customers never followed up. */
  isNeverFollowed: z.boolean().optional(),
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

/** Ids chosen in a list, or every customer matching a filter (by-condition actions). */
const ZIds = zIds('客户编号', 1000);
const ZReason = z.string().trim().max(200, '原因最多200个字').default('');

/** A person who can receive customers, with his load under the pool rules. */
export const ZAssignee = z.object({
  userId: z.number().int(),
  realName: z.string(),
  deptName: z.string().nullable(),
  owned: z.number().int(),
  /** 0 = no limit. */
  maxOwned: z.number().int(),
});

export const ZAllocationCheck = z.object({
  isOk: z.boolean(),
  /** Per person: how many he would get and whether it is over his maximum. */
  plan: z.array(ZAssignee.extend({ adding: z.number().int(), isOver: z.boolean() })),
  /** Chinese reasons that refuse the whole allocation (all or nothing). */
  problems: z.array(z.string()),
});

/** Result of a batch action: how many moved and why the others did not. */
export const ZBatchResult = z.object({
  done: z.number().int(),
  refused: z.array(z.object({ id: z.number().int(), name: z.string(), reason: z.string() })),
});
export type TBatchResult = z.infer<typeof ZBatchResult>;

export const ZExistOther = z.object({
  isExist: z.boolean(),
  customerId: z.number().int().nullable(),
  /** 我的客户 / 公海 / 回收站 / the owner's name, for the message. */
  where: z.enum(['mine', 'other', 'pool', 'recycle']).nullable(),
  ownerName: z.string().nullable(),
  message: z.string(),
});

export const timelineKinds = ['follow', 'comment', 'visit', 'owner', 'call', 'change'] as const;
export const ZTimelineItem = z.object({
  kind: z.enum(timelineKinds),
  id: z.number().int(),
  at: ZTime,
  userName: z.string().nullable(),
  /** The text shown: the follow-up, the comment, "分配给 张三", "通话 3分12秒", "意向等级：D → B"… */
  content: z.string(),
  /** follow: method and next follow-up; call: status, duration, recording; change: the fields. */
  detail: z.record(z.string(), z.unknown()).default({}),
});
export type TTimelineItem = z.infer<typeof ZTimelineItem>;

export const ZOwnerLog = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  customerName: z.string(),
  action: ZOwnerAction,
  fromUserName: z.string().nullable(),
  toUserName: z.string().nullable(),
  /** null = the automatic release job. */
  operatorName: z.string().nullable(),
  reason: z.string(),
  createdAt: ZTime,
});

export const ZRecycleEntry = ZCustomer.extend({
  deletedAt: ZTime,
  deletedByName: z.string().nullable(),
});

const ZCensusRange = z
  .object({ from: ZTime, to: ZTime })
  .refine((r) => r.from <= r.to, '开始时间不能晚于结束时间')
  .refine((r) => r.to - r.from <= 366 * 86_400_000, '统计范围最长一年');
const ZCount = z.object({ key: z.string(), label: z.string(), count: z.number().int() });

export const crmRoutes = {
  // ---- Lists -------------------------------------------------------------------------------
  customerPage: route({
    method: 'POST',
    path: '/base/crm/user-page',
    summary: '我的客户',
    permission: Perm.customerList,
    request: ZCustomerListQuery,
    response: zPage(ZCustomer),
  }),
  poolPage: route({
    method: 'POST',
    path: '/base/crm/page',
    summary: '客户公海',
    permission: Perm.poolList,
    request: ZCustomerListQuery,
    response: zPage(ZCustomer),
  }),
  assignees: route({
    method: 'POST',
    path: '/base/crm/getEmpSelectList',
    summary: '可分配的员工',
    permission: Perm.customerList,
    request: z.object({ keyword: z.string().trim().max(32).optional() }),
    response: z.array(ZAssignee),
  }),
  // ---- One customer ------------------------------------------------------------------------
  customerDetail: route({
    method: 'GET',
    path: '/base/crm/queryUserCusDetail',
    summary: '客户详情',
    permission: Perm.customerList,
    request: z.object({ id: zId('客户编号') }),
    response: ZCustomer,
  }),
  poolDetail: route({
    method: 'GET',
    path: '/base/crm/queryDetail',
    summary: '公海客户详情',
    permission: Perm.poolList,
    request: z.object({ id: zId('客户编号') }),
    response: ZCustomer,
  }),
  existOther: route({
    method: 'GET',
    path: '/base/crm/getExistOther',
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
    // ownerId absent = the creator; null = straight into the public pool.
    request: ZCustomerFields.extend({ ownerId: zId('负责人编号').nullable().optional() }),
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
  timeline: route({
    method: 'POST',
    path: '/base/crm-record/queryList',
    summary: '客户动态',
    permission: Perm.customerList,
    request: z.object({
      customerId: zId('客户编号'),
      kinds: z.array(z.enum(timelineKinds)).optional(),
    }),
    response: z.array(ZTimelineItem),
  }),
  followAdd: route({
    method: 'POST',
    path: '/base/crm-record/save',
    summary: '添加跟进记录',
    permission: Perm.customerList,
    audited: true,
    request: z.object({
      customerId: zId('客户编号'),
      method: ZFollowMethod.default('phone'),
      content: ZText('跟进内容', 1000).min(1, '请输入跟进内容'),
      /** Must lie in the future. */
      nextFollowAt: ZTime.nullable().default(null),
      /** The phone label the call showed (the follow-up after a call); absent leaves it. */
      phoneLabel: ZPhoneLabel.optional(),
    }),
    response: ZTimelineItem,
  }),
  commentAdd: route({
    method: 'POST',
    path: '/base/crm-comment/add',
    summary: '添加评论',
    permission: Perm.customerList,
    audited: true,
    request: z.object({ customerId: zId('客户编号'), content: ZText('评论', 500).min(1, '请输入评论内容') }),
    response: ZTimelineItem,
  }),
  // ---- Pool moves (each checked against the business rules, all or nothing where noted) -------
  claim: route({
    method: 'POST',
    path: '/base/crm/receiveCus',
    summary: '领取公海客户',
    permission: Perm.poolClaim,
    audited: true,
    request: z.object({ ids: ZIds }),
    response: ZBatchResult,
  }),
  allocationCheck: route({
    method: 'POST',
    path: '/base/crm/cus-check-allocation',
    summary: '分配前检查',
    permission: Perm.customerAllocate,
    /** One person = all to him; several = spread evenly in the order given. */
    request: z.object({ ids: ZIds, userIds: zIds('员工编号', 100) }),
    response: ZAllocationCheck,
  }),
  allocate: route({
    method: 'POST',
    path: '/base/crm/cus-allocation',
    summary: '分配客户',
    permission: Perm.customerAllocate,
    audited: true,
    /** To one person; refused as a whole when over his maximum. */
    request: z.object({ ids: ZIds, userId: zId('员工编号'), reason: ZReason }),
    response: ZBatchResult,
  }),
  allocateEven: route({
    method: 'POST',
    path: '/base/crm/cus-allocation-v2',
    summary: '平均分配客户',
    permission: Perm.customerAllocate,
    audited: true,
    /** Spread evenly over the people in the order given; refused as a whole when anyone goes over his maximum. */
    request: z.object({ ids: ZIds, userIds: zIds('员工编号', 100), reason: ZReason }),
    response: ZBatchResult,
  }),
  release: route({
    method: 'POST',
    path: '/base/crm/back-out',
    summary: '放入公海',
    permission: Perm.customerRelease,
    audited: true,
    request: z.object({ ids: ZIds, reason: ZReason }),
    response: ZBatchResult,
  }),
  releaseByCondition: route({
    method: 'POST',
    path: '/base/crm/back-out-condition',
    summary: '按条件放入公海',
    permission: Perm.customerRelease,
    audited: true,
    request: z.object({ filter: ZCustomerFilter, reason: ZReason }),
    response: ZBatchResult,
  }),
  transfer: route({
    method: 'POST',
    path: '/base/crm/crm-transfer-users',
    summary: '转移客户',
    permission: Perm.customerTransfer,
    audited: true,
    /** The chosen customers, or every customer of `fromUserId` (a leaver's hand-over). */
    request: z
      .object({
        ids: ZIds.optional(),
        fromUserId: zId('原负责人编号').optional(),
        toUserId: zId('接收人编号'),
        reason: ZReason,
      })
      .refine((r) => r.ids !== undefined || r.fromUserId !== undefined, '请选择要转移的客户'),
    response: ZBatchResult,
  }),
  recycle: route({
    method: 'POST',
    path: '/base/crm/delete',
    summary: '删除客户到回收站',
    permission: Perm.customerDelete,
    audited: true,
    request: z.object({ ids: ZIds, reason: ZReason }),
    response: ZBatchResult,
  }),
  recycleByCondition: route({
    method: 'POST',
    path: '/base/crm/deleteByCondition',
    summary: '按条件删除客户',
    permission: Perm.customerDelete,
    audited: true,
    request: z.object({ pool: z.enum(['private', 'public']), filter: ZCustomerFilter, reason: ZReason }),
    response: ZBatchResult,
  }),
  // ---- Batch field changes -------------------------------------------------------------------
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
      .object({ ids: ZIds, phoneLabel: ZPhoneLabel.nullable().optional(), isDeal: z.boolean().optional() })
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
  // ---- Recycle bin (spec section 4) ----------------------------------------------------------
  recyclePage: route({
    method: 'POST',
    path: '/base/crm-recycle-bin/page',
    summary: '回收站',
    permission: Perm.recycleList,
    request: ZPageQuery.extend({
      keyword: z.string().trim().max(50).optional(),
      mobile: z
        .string()
        .trim()
        .regex(/^\d{4,11}$/, '手机号请输入4-11位数字')
        .optional(),
      deletedRange: ZRange,
    }),
    response: zPage(ZRecycleEntry),
  }),
  recycleDetail: route({
    method: 'GET',
    path: '/base/crm-recycle-bin/get-detail',
    summary: '回收站客户详情',
    permission: Perm.recycleList,
    request: z.object({ id: zId('客户编号') }),
    response: ZRecycleEntry.extend({ timeline: z.array(ZTimelineItem) }),
  }),
  recover: route({
    method: 'POST',
    path: '/base/crm-recycle-bin/recovery',
    summary: '恢复客户',
    permission: Perm.recycleRecover,
    audited: true,
    request: z.object({ id: zId('客户编号') }),
    response: ZBatchResult,
  }),
  recoverBatch: route({
    method: 'POST',
    path: '/base/crm-recycle-bin/batch-recovery',
    summary: '批量恢复客户',
    permission: Perm.recycleRecover,
    audited: true,
    request: z.object({ ids: ZIds }),
    response: ZBatchResult,
  }),
  purge: route({
    method: 'POST',
    path: '/base/crm-recycle-bin/delete',
    summary: '彻底删除客户',
    permission: Perm.recycleDelete,
    audited: true,
    request: z.object({ id: zId('客户编号') }),
    response: ZBatchResult,
  }),
  purgeBatch: route({
    method: 'POST',
    path: '/base/crm-recycle-bin/batch-delete',
    summary: '批量彻底删除客户',
    permission: Perm.recycleDelete,
    audited: true,
    request: z.object({ ids: ZIds }),
    response: ZBatchResult,
  }),
  purgeAll: route({
    method: 'POST',
    path: '/base/crm-recycle-bin/delete-all',
    summary: '清空回收站',
    permission: Perm.recycleDelete,
    audited: true,
    request: z.object({}),
    response: ZBatchResult,
  }),
  // ---- Owner log and statistics ----------------------------------------------------------------
  ownerLogPage: route({
    method: 'POST',
    path: '/base/crm-user-customer-log/getCrmUserCustomerLogList',
    summary: '客户操作记录',
    permission: Perm.ownerLogList,
    request: ZPageQuery.extend({
      customerId: zId('客户编号').optional(),
      keyword: z.string().trim().max(50).optional(),
      action: ZOwnerAction.optional(),
      operatorId: zId('操作人编号').optional(),
      range: ZRange,
    }),
    response: zPage(ZOwnerLog),
  }),
  census: route({
    method: 'POST',
    path: '/base/crm/getCustomerCensus',
    summary: '客户统计',
    permission: Perm.customerList,
    request: ZCensusRange,
    response: z.object({
      total: z.number().int(),
      inPool: z.number().int(),
      byLevel: z.array(ZCount),
      bySource: z.array(ZCount),
      byOwner: z.array(ZCount),
      /** One entry per day of the range (yyyy-mm-dd, Asia/Shanghai). */
      newPerDay: z.array(z.object({ day: z.string(), count: z.number().int() })),
      followsPerDay: z.array(z.object({ day: z.string(), count: z.number().int() })),
    }),
  }),
} as const;

/**
 * The CRM screens (issue 4), in the 客户管理 folder. Customer details, creation and the recycle-bin
 * details are pages reached from the lists, not side-menu entries.
 */
export const crmMenuNodes: TMenuNode[] = [
  menuScreen('2010', '我的客户', 'CRM/myCustomer', 'SolutionOutlined', Perm.customerList, [
    menuButton('201001', '新建客户', Perm.customerAdd),
    menuButton('201002', '编辑客户', Perm.customerUpdate),
    menuButton('201003', '删除客户', Perm.customerDelete),
    menuButton('201004', '分配客户', Perm.customerAllocate),
    menuButton('201005', '转移客户', Perm.customerTransfer),
    menuButton('201006', '放入公海', Perm.customerRelease),
    menuButton('201007', '导出客户', Perm.customerExport),
    menuButton('201008', '导入客户', Perm.customerImport),
    menuButton('201009', '查看完整号码', Perm.customerMobile),
    menuButton('201010', '客户设置', Perm.crmSettings),
  ]),
  menuScreen('2020', '客户公海', 'CRM/totalOfCustomer', 'GlobalOutlined', Perm.poolList, [
    menuButton('202001', '领取客户', Perm.poolClaim),
  ]),
  menuPage('2011', '客户详情', 'CRM/customerDetails', Perm.customerList),
  menuPage('2012', '新建客户', 'CRM/createNewCustomer', Perm.customerAdd),
  menuScreen('2030', '回收站', 'CRM/recycler', 'DeleteOutlined', Perm.recycleList, [
    menuButton('203001', '恢复客户', Perm.recycleRecover),
    menuButton('203002', '彻底删除', Perm.recycleDelete),
  ]),
  menuPage('2031', '回收站详情', 'CRM/recyclerDetail', Perm.recycleList),
  menuPage('2032', '回收站详情', 'CRM/recyclerDetail1', Perm.recycleList),
  menuScreen('2040', '客户操作记录', 'CRM/operatingRecord', 'HistoryOutlined', Perm.ownerLogList),
  menuScreen('2050', '回访列表', 'company/upList', 'PhoneOutlined', Perm.visitList, [
    menuButton('205001', '新增回访', Perm.visitAdd),
    menuButton('205002', '删除回访', Perm.visitDelete),
  ]),
  menuScreen('2060', '业务规则', 'business', 'ControlOutlined', Perm.ruleUpdate),
];
