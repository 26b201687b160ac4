import { z } from 'zod';
import { route } from './crm-common.js';
import { customerSortFields, ZCustomerFilter } from './crm-customer.js';
import { ZSortOrder, zInt } from './http.js';
import { zId } from './org-common.js';
import { Perm } from './permissions.js';

/**
 * 上一个 / 下一个 in 客户详情: the customers beside the open one in the list he was opened from, under
 * its filters and order, so an agent calls through a list without going back to it.
 */
export const ZCustomerNeighboursQuery = ZCustomerFilter.extend({
  /** The customer open in 客户详情. */
  id: zId('客户编号'),
  sortField: z.enum(customerSortFields, { error: '排序字段不正确' }).default('createdAt'),
  sortOrder: ZSortOrder.default('descend'),
});
export type TCustomerNeighboursQuery = z.input<typeof ZCustomerNeighboursQuery>;

/** Null at either end of the list, and both null once he no longer matches it. */
export const ZCustomerNeighbours = z.object({ previousId: zInt.nullable(), nextId: zInt.nullable() });
export type TCustomerNeighbours = z.infer<typeof ZCustomerNeighbours>;

export const crmBrowseRoutes = {
  /** Beside a customer of 我的客户 (the list of user-page). */
  privateNeighbours: route({
    method: 'POST',
    path: '/base/crm/privateOtherPageV2',
    readOnly: true,
    summary: '我的客户上一个下一个',
    permission: Perm.customerList,
    request: ZCustomerNeighboursQuery,
    response: ZCustomerNeighbours,
  }),
  /** Beside a customer of 客户公海 (the list of page). */
  poolNeighbours: route({
    method: 'POST',
    path: '/base/crm/commonOtherPage',
    readOnly: true,
    summary: '公海客户上一个下一个',
    permission: Perm.poolList,
    request: ZCustomerNeighboursQuery,
    response: ZCustomerNeighbours,
  }),
} as const;
