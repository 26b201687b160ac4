import { z } from 'zod';
import { route, ZCustomerRef } from './crm-common.js';
import { ZCustomer, ZCustomerMobile } from './crm-customer.js';
import { ZTime, zBoolean, zInt, zString } from './http.js';
import { zId } from './org-common.js';
import { Perm } from './permissions.js';

/**
 * Calling a customer from the CRM: who is calling him right now (正在拨打), so two agents do not
 * call one customer at once, and the customer of a number the soft-phone dialled or was called from.
 */

/** How long a claim holds without being renewed: longer than a ring and a short call, short enough
 * that a browser closed mid-call blocks the customer only briefly. Renewing is claiming again. */
export const callClaimSeconds = 300;

export const ZCallClaim = z.object({
  customerId: zInt,
  userId: zInt,
  userName: zString,
  expiresAt: ZTime,
});
export type TCallClaim = z.infer<typeof ZCallClaim>;

/**
 * The card of the customer a call is for (the dial's `octCustomerId`): who he is, how to reach him
 * (masked as 客户详情 masks it), how warm, whose, and where the follow-up stands.
 */
export const ZOctCustomerInfo = ZCustomer.pick({
  id: true,
  name: true,
  mobile: true,
  isMobileMasked: true,
  company: true,
  intentionLevel: true,
  phoneLabel: true,
  tags: true,
  ownerId: true,
  ownerName: true,
  deptName: true,
  lastFollowAt: true,
  lastFollowContent: true,
  nextFollowAt: true,
}).extend({ pool: z.enum(['private', 'public']) });
export type TOctCustomerInfo = z.infer<typeof ZOctCustomerInfo>;

export const crmCallingRoutes = {
  /** 正在拨打: claims the customer for the caller, or refuses naming who is calling him. */
  callClaim: route({
    method: 'POST',
    path: '/base/crm/addRedisByUser',
    summary: '标记正在拨打',
    permission: Perm.callDial,
    request: z.object({ customerId: zId('客户编号') }),
    response: ZCallClaim,
  }),
  /** Ends the caller's own claim (hung up); another person's claim is left as it is. */
  callRelease: route({
    method: 'GET',
    path: '/base/crm/removeRedisByUser',
    summary: '结束正在拨打',
    permission: Perm.callDial,
    request: z.object({ customerId: zId('客户编号') }),
    response: z.object({ isReleased: zBoolean }),
  }),
  /** The customer of a number, when the caller may open him: his id and the list he is on. */
  customerIdByMobile: route({
    method: 'GET',
    path: '/base/crm/getCustomerId',
    summary: '按号码查客户',
    permission: Perm.customerList,
    request: z.object({ mobile: ZCustomerMobile }),
    response: z.object({
      customerId: zInt.nullable(),
      pool: z.enum(['private', 'public']).nullable(),
      /** Who is calling him now, if anyone (正在拨打). */
      callingBy: zString.nullable(),
    }),
  }),
  /**
   * The spec's `octcustomer/get-info`: the card of the customer being called, of either pool, under
   * 客户详情's refusals (data scope, tenant).
   */
  octCustomerInfo: route({
    method: 'GET',
    path: '/base/octcustomer/get-info',
    readOnly: true,
    summary: '通话客户信息',
    permission: Perm.customerList,
    request: ZCustomerRef,
    response: ZOctCustomerInfo,
  }),
} as const;
