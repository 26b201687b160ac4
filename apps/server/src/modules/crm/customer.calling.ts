import type { TCallClaim } from '@yunhu/contract';
import type { TRequestContext } from '../../http/context.js';
import { endCallClaim, takeCallClaim } from './call-claim.js';
import { callClaimRepository as claims, type TClaimRow } from './call-claim.repository.js';
import { isVisible } from './crm.context.js';
import { visible } from './customer.read.js';
import { customerRepository as repo } from './customer.repository.js';

const toClaim = (r: TClaimRow): TCallClaim => ({
  customerId: r.customerId,
  userId: r.userId,
  userName: r.userName,
  expiresAt: r.expiresAt.getTime(),
});

/** 正在拨打 (addRedisByUser / removeRedisByUser) and the customer of a number (getCustomerId). */
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
