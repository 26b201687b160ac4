import type { TBatchResult } from '@yunhu/contract';
import { beijingTime, shanghaiDayStart } from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import type { TAuth, TRequestContext } from '../../http/context.js';
import { crmErrors, crmRefusals } from './crm.errors.js';
import { crmRepository } from './crm.repository.js';
import { readCrmSettings, type TCrmSettings } from './crm.rules.js';
import { customerRepository as repo } from './customer.repository.js';
import type { TCustomerRow } from './customer-filter.repository.js';
import type { TRefused } from './pool.batch.js';

const dayMs = 86_400_000;

/** The chosen customers still in the public pool; the others are refused with the reason. */
const inPool = (auth: TAuth, ids: readonly number[], rows: Map<number, TCustomerRow>, refused: TRefused) => {
  const candidates: TCustomerRow[] = [];
  for (const id of ids) {
    const r = rows.get(id);
    if (!r || r.deletedAt !== null) refused.push({ id, name: r?.name ?? '', reason: crmRefusals.missing });
    else if (r.ownerId !== null)
      refused.push({
        id,
        name: r.name,
        reason: r.ownerId === auth.userId ? crmRefusals.alreadyMine : crmRefusals.taken,
      });
    else candidates.push(r);
  }
  return candidates;
};

/** Leaves out the customers he let go less than reclaimBlockDays ago (业务规则), saying when they are free. */
const withoutReclaimBlocked = async (
  tx: TDb,
  auth: TAuth,
  settings: TCrmSettings,
  candidates: TCustomerRow[],
  refused: TRefused,
) => {
  if (settings.reclaimBlockDays <= 0 || candidates.length === 0) return candidates;
  const since = new Date(Date.now() - settings.reclaimBlockDays * dayMs);
  const left = await crmRepository.lastLeftAt(
    tx,
    auth.tenantId,
    auth.userId,
    candidates.map((c) => c.id),
    since,
  );
  return candidates.filter((c) => {
    const at = left.get(c.id);
    if (!at) return true;
    const free = beijingTime(at.getTime() + settings.reclaimBlockDays * dayMs);
    refused.push({ id: c.id, name: c.name, reason: crmRefusals.reclaimBlocked(settings.reclaimBlockDays, free) });
    return false;
  });
};

/** The daily claim limit and maxOwned refuse the whole claim, before a customer moves. */
const checkLimits = async (tx: TDb, auth: TAuth, settings: TCrmSettings, adding: number) => {
  if (settings.dailyClaimLimit > 0) {
    const today = await crmRepository.claimsSince(tx, auth.tenantId, auth.userId, shanghaiDayStart(new Date()));
    const left = Math.max(0, settings.dailyClaimLimit - today);
    if (adding > left) {
      throw left === 0
        ? crmErrors.dailyClaimReached(settings.dailyClaimLimit)
        : crmErrors.dailyClaimOver(settings.dailyClaimLimit, left, adding);
    }
  }
  if (settings.maxOwned > 0) {
    const owned = (await repo.ownedCounts(tx, auth.tenantId, [auth.userId])).get(auth.userId) ?? 0;
    if (owned + adding > settings.maxOwned) throw crmErrors.overMax('您', owned, adding, settings.maxOwned);
  }
};

/** 领取: customers of the public pool become his, within the pool rules. */
export const claim = async ({ auth, tx }: TRequestContext, ids: readonly number[]): Promise<TBatchResult> => {
  // One claim at a time per person, so two tabs cannot both pass the daily limit.
  await crmRepository.lockPerson(tx, auth.tenantId, auth.userId);
  const settings = await readCrmSettings(tx, auth.tenantId);
  const rows = new Map((await repo.lockMany(tx, auth.tenantId, ids)).map((r) => [r.id, r]));
  const refused: TRefused = [];
  const candidates = await withoutReclaimBlocked(tx, auth, settings, inPool(auth, ids, rows, refused), refused);
  if (candidates.length === 0) return { done: 0, refused };
  await checkLimits(tx, auth, settings, candidates.length);
  // Conditional on the owner still being empty: of two people claiming at once only one gets him.
  const taken = new Set(
    await repo.claim(
      tx,
      auth.tenantId,
      candidates.map((c) => c.id),
      { id: auth.userId, deptId: auth.deptId },
    ),
  );
  for (const c of candidates) if (!taken.has(c.id)) refused.push({ id: c.id, name: c.name, reason: crmRefusals.taken });
  await crmRepository.insertOwnerLogs(
    tx,
    [...taken].map((id) => ({
      tenantId: auth.tenantId,
      customerId: id,
      action: 'claim',
      toUserId: auth.userId,
      operatorId: auth.userId,
    })),
  );
  return { done: taken.size, refused };
};
