import { callClaimSeconds } from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import { callClaimRepository as claims, type TClaimRow } from './call-claim.repository.js';
import { crmErrors } from './crm.errors.js';

type TClaimant = { tenantId: number; customerId: number; userId: number; userName: string };

/**
 * 正在拨打: takes the customer for the caller for callClaimSeconds, or renews his own claim;
 * refused naming whoever holds him. Taken by the web's addRedisByUser and by every dial to him, so
 * of two agents calling one customer at once one goes on.
 */
export const takeCallClaim = async (tx: TDb, c: TClaimant): Promise<TClaimRow> => {
  const row = await claims.take(tx, { ...c, seconds: callClaimSeconds });
  if (row) return row;
  const holder = await claims.live(tx, c.tenantId, c.customerId);
  throw crmErrors.beingCalled(holder?.userName ?? '其他同事');
};

/** His call with the customer is over (its record written, or never placed): his claim ends; another's stays. */
export const endCallClaim = (tx: TDb, c: Omit<TClaimant, 'userName'>): Promise<boolean> =>
  claims.release(tx, c.tenantId, c.customerId, c.userId);
