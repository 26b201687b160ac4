import { blackLevelLabel, normaliseBlackNumber, type TBlackLevel } from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import { blacklistRepository as repo } from './blacklist.repository.js';

/**
 * The look-ups other areas use (the dial flow, the CRM import): which numbers are blocked, and
 * the intercept log. They take the caller's transaction (`db`, normally inside `withTenant`) so a
 * check and the write it guards see the same data; the platform's table has no tenant and no
 * row-level policy, so it reads the same inside a tenant transaction.
 */

export type TBlockLevel = TBlackLevel;

/** The reason shown for a blocked number: 号码在黑名单中（企业黑名单） / （平台黑名单）. */
export const blockedReason = (level: TBlockLevel) => `号码在黑名单中（${blackLevelLabel[level]}）`;

/**
 * Of `numbers` (as typed: they are normalised here with the contract's `normaliseBlackNumber`),
 * those on the enterprise's list or the platform's list and not expired at `now`. The map is keyed
 * by the NORMALISED number (13800138000, 01012345678); a number on both lists answers 'platform',
 * the list the enterprise cannot lift itself.
 */
export const findBlocked = async (
  db: TDb,
  tenantId: number,
  numbers: string[],
  now: Date = new Date(),
): Promise<Map<string, TBlockLevel>> => {
  const wanted = [...new Set(numbers.map(normaliseBlackNumber).filter(Boolean))];
  const found = new Map<string, TBlockLevel>();
  // One statement per 10,000 numbers, both lists at once (the numbers travel as one JSON parameter).
  for (let i = 0; i < wanted.length; i += 10_000) {
    const rows = await repo.liveLevels(db, tenantId, wanted.slice(i, i + 10_000), now);
    for (const r of rows) if (r.level === 'platform' || !found.has(r.number)) found.set(r.number, r.level);
  }
  return found;
};

export type TInterceptEntry = {
  tenantId: number;
  /** Who tried (null for a system action). */
  userId: number | null;
  /** His department at the time: the data scope of the 黑名单拦截 log. */
  deptId: number | null;
  /** Normalised here like the lists. */
  number: string;
  level: TBlockLevel;
  /** Shown in the log; blockedReason(level) when the caller has nothing better. */
  reason: string;
  /** Where the attempt came from: '拨号', '软电话', 'CRM导入' … */
  via: string;
};

/** Writes one line of the intercept log (黑名单拦截); answers its id. */
export const recordIntercept = (db: TDb, entry: TInterceptEntry): Promise<number> =>
  repo.insertIntercept(db, {
    tenantId: entry.tenantId,
    userId: entry.userId,
    deptId: entry.deptId,
    number: normaliseBlackNumber(entry.number),
    level: entry.level,
    reason: entry.reason || blockedReason(entry.level),
    via: entry.via,
  });

/**
 * The CRM import's hook (crm-import/crm-import.check.ts `TBlockedMobiles`): mobiles blocked for the tenant,
 * with the reason its preview shows.
 */
export const blockedMobiles = async (db: TDb, tenantId: number, mobiles: string[]): Promise<Map<string, string>> => {
  const found = await findBlocked(db, tenantId, mobiles);
  return new Map([...found].map(([n, level]) => [n, blockedReason(level)]));
};
