import { z } from 'zod';
import { route, ZCustomerRef, ZIds, ZRange } from './crm-common.js';
import { ZBatchResult, ZCustomer, ZFilterWithReason, ZIdsWithReason } from './crm-customer.js';
import { ZTimelineItem } from './crm-follow.js';
import { ZPageQuery, ZTime, zPage, zString } from './http.js';
import { zMobileFragment } from './org-common.js';
import { Perm } from './permissions.js';

/** The recycle bin (回收站, spec section 4): deleting into it, recovering and purging. */

export const ZRecycleEntry = ZCustomer.extend({
  deletedAt: ZTime,
  deletedByName: zString.nullable(),
});

/** Deleting customers into the bin, the bin itself, recovering and purging. */
export const crmRecycleRoutes = {
  /** 删除 from 客户公海: customers of the public pool only (spec: /base/crm/delete beside page, saveCus, receiveCus). */
  recycle: route({
    method: 'POST',
    path: '/base/crm/delete',
    summary: '删除公海客户到回收站',
    permission: Perm.customerDelete,
    audited: true,
    request: ZIdsWithReason,
    response: ZBatchResult,
  }),
  /** 删除 from 我的客户: customers someone owns, within the caller's data scope. */
  privateRecycle: route({
    method: 'POST',
    path: '/base/crm/private-sea-delete',
    summary: '删除客户到回收站',
    permission: Perm.customerDelete,
    audited: true,
    request: ZIdsWithReason,
    response: ZBatchResult,
  }),
  recycleByCondition: route({
    method: 'POST',
    path: '/base/crm/deleteByCondition',
    summary: '按条件删除公海客户',
    permission: Perm.customerDelete,
    audited: true,
    request: ZFilterWithReason,
    response: ZBatchResult,
  }),
  privateRecycleByCondition: route({
    method: 'POST',
    path: '/base/crm/privateSea/deleteByCondition',
    summary: '按条件删除客户',
    permission: Perm.customerDelete,
    audited: true,
    request: ZFilterWithReason,
    response: ZBatchResult,
  }),
  recyclePage: route({
    method: 'POST',
    path: '/base/crm-recycle-bin/page',
    readOnly: true,
    summary: '回收站',
    permission: Perm.recycleList,
    request: ZPageQuery.extend({
      keyword: z.string().trim().max(50).optional(),
      mobile: zMobileFragment(),
      deletedRange: ZRange,
    }),
    response: zPage(ZRecycleEntry),
  }),
  recycleDetail: route({
    method: 'GET',
    path: '/base/crm-recycle-bin/get-detail',
    readOnly: true,
    summary: '回收站客户详情',
    permission: Perm.recycleList,
    request: ZCustomerRef,
    response: ZRecycleEntry.extend({ timeline: z.array(ZTimelineItem) }),
  }),
  recover: route({
    method: 'POST',
    path: '/base/crm-recycle-bin/recovery',
    summary: '恢复客户',
    permission: Perm.recycleRecover,
    audited: true,
    request: ZCustomerRef,
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
    request: ZCustomerRef,
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
} as const;
