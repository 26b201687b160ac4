import { and, eq, gt, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { crmSettings } from '../../db/schema.js';
import type { TCrmSettings } from './crm.rules.js';
import { customers as c } from './crm.schema.js';

const dayMs = 86_400_000;

export type TReleaseRules = Pick<
  TCrmSettings,
  'tenantId' | 'releaseNoFollowDays' | 'releaseNoDealDays' | 'remindBeforeDays'
>;

/**
 * Owned customers whose clock runs out before `shiftDays` from now (0 = already due): no follow-up
 * for releaseNoFollowDays since the later of getting him and the last follow-up, or no deal for
 * releaseNoDealDays since getting him. Protected and dealt customers are never released.
 */
const overdue = (rules: TReleaseRules, now: Date, shiftDays: number): SQL => {
  const owned = sql`coalesce(${c.ownedAt}, ${c.createdAt})`;
  const before = (days: number) => new Date(now.getTime() - (days - shiftDays) * dayMs);
  const rulesMet: SQL[] = [];
  // greatest() ignores a null last follow-up.
  if (rules.releaseNoFollowDays > 0) {
    rulesMet.push(sql`greatest(${owned}, ${c.lastFollowAt}) < ${before(rules.releaseNoFollowDays)}`);
  }
  if (rules.releaseNoDealDays > 0) rulesMet.push(sql`${owned} < ${before(rules.releaseNoDealDays)}`);
  return and(
    eq(c.tenantId, rules.tenantId),
    isNotNull(c.ownerId),
    isNull(c.deletedAt),
    eq(c.isProtected, false),
    eq(c.isDeal, false),
    or(...rulesMet),
  )!;
};

/**
 * The statements of the automatic release job. Batches are chosen with FOR UPDATE SKIP LOCKED
 * inside the moving transaction, so a second server process running the job at the same moment
 * takes other rows (or none) and no customer is moved or logged twice.
 */
export const releaseRepository = {
  /** Every tenant that has a release rule: the job's own read, outside any one tenant's wall. */
  tenantsWithRules: (db: TDb) =>
    db
      .select()
      .from(crmSettings)
      .where(or(gt(crmSettings.releaseNoFollowDays, 0), gt(crmSettings.releaseNoDealDays, 0))),

  /** One batch of customers already due, locked. */
  lockDue: (db: TDb, rules: TReleaseRules, now: Date, limit: number) =>
    db
      .select({
        id: c.id,
        ownerId: c.ownerId,
        ownedAt: c.ownedAt,
        createdAt: c.createdAt,
        lastFollowAt: c.lastFollowAt,
      })
      .from(c)
      .where(overdue(rules, now, 0))
      .orderBy(c.id)
      .limit(limit)
      .for('update', { skipLocked: true }),

  /** One batch of customers due within remindBeforeDays and not yet reminded, locked. */
  lockToRemind: (db: TDb, rules: TReleaseRules, now: Date, limit: number) =>
    db
      .select()
      .from(c)
      .where(and(overdue(rules, now, rules.remindBeforeDays), isNull(c.releaseRemindedAt)))
      .orderBy(c.id)
      .limit(limit)
      .for('update', { skipLocked: true }),

  /** Into the public pool at `now`; the owner becomes the previous owner. */
  release: (db: TDb, tenantId: number, ids: readonly number[], now: Date) =>
    db
      .update(c)
      .set({
        ownerId: null,
        deptId: null,
        previousOwnerId: sql`${c.ownerId}` as unknown as number,
        ownedAt: null,
        poolAt: now,
        releaseRemindedAt: null,
        updatedAt: now,
      })
      .where(and(eq(c.tenantId, tenantId), inArray(c.id, [...ids]))),

  markReminded: (db: TDb, tenantId: number, ids: readonly number[], now: Date) =>
    db
      .update(c)
      .set({ releaseRemindedAt: now })
      .where(and(eq(c.tenantId, tenantId), inArray(c.id, [...ids]))),
};
