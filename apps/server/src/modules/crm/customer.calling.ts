import type { TCallClaim, TOctCustomerInfo } from '@yunhu/contract';
import type { TRequestContext } from '../../http/context.js';
import { endCallClaim, takeCallClaim } from './call-claim.js';
import { callClaimRepository as claims, type TClaimRow } from './call-claim.repository.js';
import { isVisible, pageViewContext } from './crm.context.js';
import { crmErrors } from './crm.errors.js';
import { toCustomerView } from './crm.view.js';
import { visible } from './customer.read.js';
import { customerRepository as repo } from './customer.repository.js';

const toClaim = (r: TClaimRow): TCallClaim => ({
  customerId: r.customerId,
  userId: r.userId,
  userName: r.userName,
  expiresAt: r.expiresAt.getTime(),
});

/**
 * 正在拨打 (addRedisByUser / removeRedisByUser), the customer of a number (getCustomerId) and the card of
 * the customer being called (octcustomer/get-info).
 */
export const createCalling = () => ({
  /** Claims a customer the caller may see for callClaimSeconds; refused while someone else holds him. */
  claim: async ({ auth, tx, scope }: TRequestContext, customerId: number): Promise<TCallClaim> => {
    await visible(tx, auth, scope, customerId);
    const { tenantId, userId, realName: userName } = auth;
    return toClaim(await takeCallClaim(tx, { tenantId, customerId, userId, userName }));
  },

  release: async ({ auth, tx, scope }: TRequestContext, customerId: number) => {
    await visible(tx, auth, scope, customerId);
    return { isReleased: await endCallClaim(tx, { tenantId: auth.tenantId, customerId, userId: auth.userId }) };
  },

  /**
   * The card of the customer a call is for: 客户详情's read and refusals (another tenant's, a deleted
   * one, one outside the data scope: not found) and its mobile mask, of either pool.
   */
  card: async ({ auth, tx, scope }: TRequestContext, id: number): Promise<TOctCustomerInfo> => {
    const found = await repo.findView(tx, auth.tenantId, id);
    if (!found || !isVisible(auth, scope, found.c)) throw crmErrors.customerMissing();
    const c = toCustomerView(found, pageViewContext(auth, found.rules, [found]));
    return {
      id: c.id,
      name: c.name,
      mobile: c.mobile,
      isMobileMasked: c.isMobileMasked,
      company: c.company,
      intentionLevel: c.intentionLevel,
      phoneLabel: c.phoneLabel,
      tags: c.tags,
      ownerId: c.ownerId,
      ownerName: c.ownerName,
      deptName: c.deptName,
      lastFollowAt: c.lastFollowAt,
      lastFollowContent: c.lastFollowContent,
      nextFollowAt: c.nextFollowAt,
      pool: c.ownerId === null ? 'public' : 'private',
    };
  },

  /** Answers the customer only when the caller may open him; otherwise as if there were none. */
  customerIdByMobile: async ({ auth, tx, scope }: TRequestContext, mobile: string) => {
    const found = await repo.findByMobile(tx, auth.tenantId, mobile);
    const row = found ? (await repo.findFull(tx, auth.tenantId, found.id))?.c : undefined;
    if (!row || !isVisible(auth, scope, row)) return { customerId: null, pool: null, callingBy: null };
    const claim = await claims.live(tx, auth.tenantId, row.id);
    return {
      customerId: row.id,
      pool: row.ownerId === null ? ('public' as const) : ('private' as const),
      callingBy: claim && claim.userId !== auth.userId ? claim.userName : null,
    };
  },
});
