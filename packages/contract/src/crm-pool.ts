import { z } from 'zod';
import { route, ZCustomerRef, ZIds, ZRange, ZReason } from './crm-common.js';
import { ZBatchResult, ZCustomer, ZCustomerListQuery, ZFilterWithReason, ZIdsWithReason } from './crm-customer.js';
import { ownerActions } from './crm-pool-labels.js';
import { ZPageQuery, ZTime, zBoolean, zInt, zPage, zString } from './http.js';
import { ZStaffRef, zId, zIds } from './org-common.js';
import { ZDeptNode } from './org-dept.js';
import { Perm } from './permissions.js';

export { ownerActionLabel, ownerActions } from './crm-pool-labels.js';

/** Customers moving between owners and the public pool (客户公海), and the log of those moves. */

export const ZOwnerAction = z.enum(ownerActions);
export type TOwnerAction = z.infer<typeof ZOwnerAction>;

/** A person who can receive customers, with his load under the pool rules. */
export const ZAssignee = ZStaffRef.extend({
  owned: zInt,
  /** 0 = no limit. */
  maxOwned: zInt,
});

export const ZAllocationCheck = z.object({
  isOk: zBoolean,
  /** Per person: how many he would get and whether it is over his maximum. */
  plan: z.array(ZAssignee.extend({ adding: zInt, isOver: zBoolean })),
  /** Chinese reasons that refuse the whole allocation (all or nothing). */
  problems: z.array(zString),
});

export const ZOwnerLog = z.object({
  id: zInt,
  customerId: zInt,
  customerName: zString,
  action: ZOwnerAction,
  fromUserName: zString.nullable(),
  toUserName: zString.nullable(),
  /** null = the automatic release job. */
  operatorName: zString.nullable(),
  reason: zString,
  createdAt: ZTime,
});

/** The public pool and every move between owners, each checked against the business rules. */
export const crmPoolRoutes = {
  poolPage: route({
    method: 'POST',
    path: '/base/crm/page',
    readOnly: true,
    summary: '客户公海',
    permission: Perm.poolList,
    request: ZCustomerListQuery,
    response: zPage(ZCustomer),
  }),
  poolDetail: route({
    method: 'GET',
    path: '/base/crm/queryDetail',
    readOnly: true,
    summary: '公海客户详情',
    permission: Perm.poolList,
    request: ZCustomerRef,
    response: ZCustomer,
  }),
  assignees: route({
    method: 'POST',
    path: '/base/crm/getEmpSelectList',
    readOnly: true,
    summary: '可分配的员工',
    permission: Perm.customerList,
    request: z.object({ keyword: z.string().trim().max(32).optional() }),
    response: z.array(ZAssignee),
  }),
  /**
   * The departments of the caller's data scope, as a tree (a department whose parent is outside it
   * is a root): what the customer lists' 部门 filter offers to anyone who may list customers.
   */
  deptOptions: route({
    method: 'POST',
    path: '/base/crm/getDeptSelectList',
    readOnly: true,
    summary: '可选的部门',
    permission: Perm.customerList,
    request: z.object({}),
    response: z.array(ZDeptNode),
  }),
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
    request: ZIdsWithReason,
    response: ZBatchResult,
  }),
  releaseByCondition: route({
    method: 'POST',
    path: '/base/crm/back-out-condition',
    summary: '按条件放入公海',
    permission: Perm.customerRelease,
    audited: true,
    request: ZFilterWithReason,
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
  ownerLogPage: route({
    method: 'POST',
    path: '/base/crm-user-customer-log/getCrmUserCustomerLogList',
    readOnly: true,
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
} as const;
