import { beijingTime, noticeLinks } from '@yunhu/contract';
import type { TDatabase, TDb } from '../../db/client.js';
import { withTenant } from '../../db/tenant.js';
import type { TJobDef } from '../../jobs/index.js';
import type { TNotify } from './crm.context.js';
import { crmRepository as repo } from './crm.repository.js';
import { releaseAtOf } from './crm.view.js';
import { releaseRepository as release, type TReleaseRules as TRules } from './release.repository.js';

const dayMs = 86_400_000;
const batchSize = 500;

type TJobDeps = { database: TDatabase; notify: TNotify; logger?: { error: (obj: object, msg: string) => void } };

/** Which rule released him, for the owner log. */
const reasonOf = (
  rules: TRules,
  row: { ownedAt: Date | null; createdAt: Date; lastFollowAt: Date | null },
  now: Date,
) => {
  const owned = (row.ownedAt ?? row.createdAt).getTime();
  const lastTouch = Math.max(owned, row.lastFollowAt?.getTime() ?? 0);
  if (rules.releaseNoFollowDays > 0 && lastTouch < now.getTime() - rules.releaseNoFollowDays * dayMs) {
    return `超过${rules.releaseNoFollowDays}天未跟进，自动放入公海`;
  }
  return `超过${rules.releaseNoDealDays}天未成交，自动放入公海`;
};

/** Moves one batch of overdue customers (release.repository.ts: a second process takes other rows). */
const releaseBatch = async (tx: TDb, rules: TRules, now: Date) => {
  const rows = await release.lockDue(tx, rules, now, batchSize);
  if (rows.length === 0) return 0;
  await release.release(
    tx,
    rules.tenantId,
    rows.map((r) => r.id),
    now,
  );
  await repo.insertOwnerLogs(
    tx,
    rows.map((r) => ({
      tenantId: rules.tenantId,
      customerId: r.id,
      action: 'auto_release',
      fromUserId: r.ownerId,
      operatorId: null,
      reason: reasonOf(rules, r, now),
      createdAt: now,
    })),
  );
  return rows.length;
};

/**
 * Marks one batch of customers due within remindBeforeDays as reminded (once per ownership: the
 * mark is cleared whenever the clock restarts) and tells each owner in one notice.
 */
const remindBatch = async (tx: TDb, rules: TRules, now: Date, notify: TNotify) => {
  const rows = await release.lockToRemind(tx, rules, now, batchSize);
  if (rows.length === 0) return 0;
  await release.markReminded(
    tx,
    rules.tenantId,
    rows.map((r) => r.id),
    now,
  );
  const byOwner = new Map<number, typeof rows>();
  for (const r of rows) byOwner.set(r.ownerId!, [...(byOwner.get(r.ownerId!) ?? []), r]);
  await notify(
    tx,
    [...byOwner].map(([userId, list]) => {
      const first = Math.min(...list.map((r) => releaseAtOf(r, rules) ?? now.getTime()));
      const names = list
        .slice(0, 5)
        .map((r) => r.name)
        .join('、');
      return {
        tenantId: rules.tenantId,
        userId,
        title: '客户即将自动放入公海',
        link: noticeLinks.myCustomers,
        content: `您有${list.length}个客户（${names}${list.length > 5 ? '等' : ''}）将因未跟进或未成交自动放入公海，最早在${beijingTime(Math.max(first, now.getTime()))}，请及时跟进。`,
      };
    }),
  );
  return rows.length;
};

/** One run over every tenant that has release rules: moves the overdue customers, then reminds. */
export const runReleaseJob = async (deps: TJobDeps, now = new Date()) => {
  // Reading every tenant's rules is the job's own business, outside any one tenant's wall.
  const tenants = await release.tenantsWithRules(deps.database.db);
  let released = 0;
  let reminded = 0;
  for (const rules of tenants) {
    try {
      for (;;) {
        const n = await withTenant(deps.database, rules.tenantId, (tx) => releaseBatch(tx, rules, now));
        released += n;
        if (n < batchSize) break;
      }
      if (rules.remindBeforeDays > 0) {
        for (;;) {
          const n = await withTenant(deps.database, rules.tenantId, (tx) => remindBatch(tx, rules, now, deps.notify));
          reminded += n;
          if (n < batchSize) break;
        }
      }
    } catch (error) {
      // One tenant's failure must not stop the others; the next run tries again.
      deps.logger?.error({ err: error, tenantId: rules.tenantId }, 'crm release job failed for a tenant');
    }
  }
  return { released, reminded };
};

/**
 * The automatic release as a job of the server's queue: a run at start, then every `minutes` (0: only
 * at start), once across the servers sharing the database.
 */
export const releaseJob = (deps: TJobDeps, minutes: number): TJobDef => ({
  name: 'crm.release',
  everySeconds: minutes * 60,
  atStart: () => ({}),
  run: () => runReleaseJob(deps),
});
