import { clueLimits, shanghaiDayStart } from '@yunhu/contract';
import { lockForTransaction } from '../../db/locks.js';
import type { TRequestContext } from '../../http/context.js';
import { companyBlacklistLookup } from '../blacklist/index.js';
import { clueErrors as errors } from './clue.errors.js';
import { clueRepository as repo, type TCompanyRow } from './clue.repository.js';
import type { TClueSource } from './clue.source.js';

/**
 * Unlocks a company's contacts for the enterprise in the caller's transaction: once per company (a
 * second unlock, parallel or later, finds the first and charges nothing), within the person's daily
 * limit and the quota. The tenant's lock makes the checks and the charge one step under parallel
 * clicks. Says whether this call drew a unit; refuses with the daily limit's or the quota's error, and
 * a company on the enterprise's company black-list before anything is drawn or written.
 */
export const unlockCompany = async (
  source: TClueSource,
  { auth, tx }: TRequestContext,
  company: TCompanyRow,
): Promise<boolean> => {
  if ((await companyBlacklistLookup(tx, auth.tenantId, [company]))(company)) {
    throw errors.companyBlacklisted(company.name);
  }
  await lockForTransaction(tx, 'clue_quota', auth.tenantId);
  const [already] = await repo.unlocksOf(tx, auth.tenantId, [company.id]);
  if (already) return false;
  const limit = (await repo.dailyLimit(tx, auth.tenantId)) ?? clueLimits.dailyDefault;
  const used = await repo.unlocksSince(tx, auth.tenantId, auth.userId, shanghaiDayStart(new Date()));
  if (limit > 0 && used >= limit) throw errors.dailyLimitReached(limit);
  const balance = await repo.balance(tx, auth.tenantId);
  if (balance < 1) throw errors.quotaEmpty();
  const contacts = await source.contacts(tx, company);
  await repo.insertUnlock(tx, {
    tenantId: auth.tenantId,
    companyId: company.id,
    userId: auth.userId,
    deptId: auth.deptId,
    userName: auth.realName,
    contacts,
  });
  await repo.insertLedger(tx, {
    tenantId: auth.tenantId,
    kind: 'unlock',
    units: -1,
    balanceAfter: balance - 1,
    businessKey: `unlock:${company.id}`,
    companyId: company.id,
    userId: auth.userId,
    userName: auth.realName,
  });
  return true;
};
