import type { crmRoutes, TBatchResult, TParsedRequestOf } from '@yunhu/contract';
import { beijingTime, shanghaiDayStart } from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import { isInScope, type TDataScope } from '../../db/scope.js';
import type { TAuth, TRequestContext } from '../../http/context.js';
import { canSeePool, isVisible, tagMap, targetStaff } from './crm.context.js';
import { crmErrors, crmRefusals, overMaxMessage } from './crm.errors.js';
import { crmRepository, type TOwnerLogInsert } from './crm.repository.js';
import { readCrmSettings } from './crm.rules.js';
import { diffCustomer } from './crm.view.js';
import { customerRepository as repo, type TCustomerRow, type TFilter, type TPool } from './customer.repository.js';

const dayMs = 86_400_000;
type TReq<K extends keyof typeof crmRoutes> = TParsedRequestOf<(typeof crmRoutes)[K]>;
type TRefused = TBatchResult['refused'];

/**
 * Locks the chosen customers and splits them into the ones this person may act on and the refused
 * ones (unknown, another tenant's, outside his scope or in the recycle bin), in the order given.
 */
const lockVisible = async (tx: TDb, auth: TAuth, scope: TDataScope, ids: readonly number[]) => {
  const rows = new Map((await repo.lockMany(tx, auth.tenantId, ids)).map((r) => [r.id, r]));
  const ok: TCustomerRow[] = [];
  const refused: TRefused = [];
  for (const id of ids) {
    const row = rows.get(id);
    if (row && isVisible(auth, scope, row)) ok.push(row);
    else
      refused.push({ id, name: row && row.tenantId === auth.tenantId ? row.name : '', reason: crmRefusals.outOfReach });
  }
  return { ok, refused };
};

/** Blocks of the list in the order given, as even as possible (the first people get the remainder). */
export const spreadEvenly = <T>(items: readonly T[], people: readonly number[]): Map<number, T[]> => {
  const out = new Map<number, T[]>(people.map((p) => [p, []]));
  const base = Math.floor(items.length / people.length);
  const extra = items.length % people.length;
  let at = 0;
  people.forEach((p, i) => {
    const n = base + (i < extra ? 1 : 0);
    out.get(p)!.push(...items.slice(at, at + n));
    at += n;
  });
  return out;
};

export const createPoolService = () => {
  /**
   * The allocation plan (cus-check-allocation): who gets which customers, each person's load
   * against maxOwned, and the problems that refuse the whole allocation.
   */
  const plan = async (tx: TDb, auth: TAuth, scope: TDataScope, ids: readonly number[], userIds: readonly number[]) => {
    const people = await targetStaff(tx, auth, scope, userIds);
    const settings = await readCrmSettings(tx, auth.tenantId);
    const { ok, refused } = await lockVisible(tx, auth, scope, ids);
    const groups = spreadEvenly(ok, userIds);
    const owned = await repo.ownedCounts(tx, auth.tenantId, userIds);
    const problems: string[] = [];
    if (refused.length) problems.push(crmRefusals.someOutOfReach(refused.length));
    const rows = people.map((p) => {
      const mine = groups.get(p.id)!;
      const adding = mine.filter((c) => c.ownerId !== p.id).length;
      const has = owned.get(p.id) ?? 0;
      const isOver = settings.maxOwned > 0 && has + adding > settings.maxOwned;
      if (isOver) problems.push(overMaxMessage(p.realName, has, adding, settings.maxOwned));
      return {
        userId: p.id,
        realName: p.realName,
        deptName: p.deptName,
        owned: has,
        maxOwned: settings.maxOwned,
        adding,
        isOver,
      };
    });
    return { people, groups, rows, problems, settings };
  };

  /** All or nothing: any problem refuses the whole batch before a customer moves. */
  const allocate = async (
    { auth, tx, scope }: TRequestContext,
    ids: readonly number[],
    userIds: readonly number[],
    reason: string,
  ): Promise<TBatchResult> => {
    const p = await plan(tx, auth, scope, ids, userIds);
    if (p.problems.length) throw crmErrors.allocationRefused(p.problems);
    const refused: TRefused = [];
    const logs: TOwnerLogInsert[] = [];
    for (const person of p.people) {
      const moving = p.groups.get(person.id)!.filter((c) => {
        if (c.ownerId !== person.id) return true;
        refused.push({ id: c.id, name: c.name, reason: crmRefusals.ownerOf(person.realName) });
        return false;
      });
      if (moving.length === 0) continue;
      await repo.assign(
        tx,
        auth.tenantId,
        moving.map((c) => c.id),
        person,
      );
      for (const c of moving) {
        logs.push({
          tenantId: auth.tenantId,
          customerId: c.id,
          action: 'allocate',
          fromUserId: c.ownerId,
          toUserId: person.id,
          operatorId: auth.userId,
          reason,
        });
      }
    }
    await crmRepository.insertOwnerLogs(tx, logs);
    return { done: logs.length, refused };
  };

  const claim = async ({ auth, tx }: TRequestContext, ids: readonly number[]): Promise<TBatchResult> => {
    // One claim at a time per person, so two tabs cannot both pass the daily limit.
    await crmRepository.lockPerson(tx, auth.tenantId, auth.userId);
    const settings = await readCrmSettings(tx, auth.tenantId);
    const rows = new Map((await repo.lockMany(tx, auth.tenantId, ids)).map((r) => [r.id, r]));
    const refused: TRefused = [];
    let candidates: TCustomerRow[] = [];
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
    if (settings.reclaimBlockDays > 0 && candidates.length) {
      const since = new Date(Date.now() - settings.reclaimBlockDays * dayMs);
      const left = await crmRepository.lastLeftAt(
        tx,
        auth.tenantId,
        auth.userId,
        candidates.map((c) => c.id),
        since,
      );
      candidates = candidates.filter((c) => {
        const at = left.get(c.id);
        if (!at) return true;
        const free = beijingTime(at.getTime() + settings.reclaimBlockDays * dayMs);
        refused.push({
          id: c.id,
          name: c.name,
          reason: crmRefusals.reclaimBlocked(settings.reclaimBlockDays, free),
        });
        return false;
      });
    }
    if (candidates.length === 0) return { done: 0, refused };
    if (settings.dailyClaimLimit > 0) {
      const today = await crmRepository.claimsSince(tx, auth.tenantId, auth.userId, shanghaiDayStart(new Date()));
      const left = Math.max(0, settings.dailyClaimLimit - today);
      if (candidates.length > left) {
        throw left === 0
          ? crmErrors.dailyClaimReached(settings.dailyClaimLimit)
          : crmErrors.dailyClaimOver(settings.dailyClaimLimit, left, candidates.length);
      }
    }
    if (settings.maxOwned > 0) {
      const owned = (await repo.ownedCounts(tx, auth.tenantId, [auth.userId])).get(auth.userId) ?? 0;
      if (owned + candidates.length > settings.maxOwned) {
        throw crmErrors.overMax('您', owned, candidates.length, settings.maxOwned);
      }
    }
    // Conditional on the owner still being empty: of two people claiming at once only one gets him.
    const taken = new Set(
      await repo.claim(
        tx,
        auth.tenantId,
        candidates.map((c) => c.id),
        { id: auth.userId, deptId: auth.deptId },
      ),
    );
    for (const c of candidates)
      if (!taken.has(c.id)) refused.push({ id: c.id, name: c.name, reason: crmRefusals.taken });
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

  const releaseIds = async (tx: TDb, auth: TAuth, scope: TDataScope, ids: readonly number[], reason: string) => {
    const { ok, refused } = await lockVisible(tx, auth, scope, ids);
    const moving = ok.filter((c) => {
      if (c.ownerId !== null) return true;
      refused.push({ id: c.id, name: c.name, reason: crmRefusals.inPool });
      return false;
    });
    if (moving.length) {
      await repo.release(
        tx,
        auth.tenantId,
        moving.map((c) => c.id),
      );
      await crmRepository.insertOwnerLogs(
        tx,
        moving.map((c) => ({
          tenantId: auth.tenantId,
          customerId: c.id,
          action: 'release',
          fromUserId: c.ownerId,
          operatorId: auth.userId,
          reason,
        })),
      );
    }
    return { done: moving.length, refused };
  };

  const recycleIds = async (tx: TDb, auth: TAuth, scope: TDataScope, ids: readonly number[], reason: string) => {
    const { ok, refused } = await lockVisible(tx, auth, scope, ids);
    if (ok.length) {
      // The owner stays on the row, so a recovery can hand the customer back to him.
      await repo.update(
        tx,
        auth.tenantId,
        ok.map((c) => c.id),
        { deletedAt: new Date(), deletedBy: auth.userId },
      );
      await crmRepository.insertOwnerLogs(
        tx,
        ok.map((c) => ({
          tenantId: auth.tenantId,
          customerId: c.id,
          action: 'recycle',
          fromUserId: c.ownerId,
          operatorId: auth.userId,
          reason,
        })),
      );
    }
    return { done: ok.length, refused };
  };

  /** Runs an ids action over every customer matching a filter, 1000 at a time, in the request's transaction. */
  const byCondition = async (
    { auth, tx, scope }: TRequestContext,
    pool: TPool,
    filter: TFilter,
    run: (tx: TDb, scope: TDataScope, ids: number[]) => Promise<TBatchResult>,
  ) => {
    const ids = await repo.idsMatching(tx, {
      tenantId: auth.tenantId,
      pool,
      scope,
      withPool: canSeePool(auth),
      filter,
    });
    const total: TBatchResult = { done: 0, refused: [] };
    for (let i = 0; i < ids.length; i += 1000) {
      const r = await run(tx, scope, ids.slice(i, i + 1000));
      total.done += r.done;
      total.refused.push(...r.refused);
    }
    return total;
  };

  /**
   * Field changes of many customers: rows that get the same values share one UPDATE; every changed
   * row gets its change log.
   */
  const batchFields = async (
    { auth, tx, scope }: TRequestContext,
    ids: readonly number[],
    compute: (row: TCustomerRow) => Partial<TCustomerRow> | { refuse: string },
  ): Promise<TBatchResult> => {
    const { ok, refused } = await lockVisible(tx, auth, scope, ids);
    const tags = await tagMap(tx, auth.tenantId);
    const groups = new Map<string, { set: Partial<TCustomerRow>; ids: number[] }>();
    const logs = [];
    let done = 0;
    for (const row of ok) {
      const set = compute(row);
      if ('refuse' in set) {
        refused.push({ id: row.id, name: row.name, reason: set.refuse });
        continue;
      }
      done++;
      const changes = diffCustomer(row, set, tags, new Map());
      if (changes.length === 0) continue;
      logs.push({ tenantId: auth.tenantId, customerId: row.id, userId: auth.userId, changes });
      const key = JSON.stringify(set);
      const g = groups.get(key) ?? { set, ids: [] };
      g.ids.push(row.id);
      groups.set(key, g);
    }
    for (const g of groups.values()) await repo.update(tx, auth.tenantId, g.ids, g.set);
    await crmRepository.insertChangeLogs(tx, logs);
    return { done, refused };
  };

  return {
    claim,
    allocate,
    allocationCheck: async (
      { auth, tx, scope }: TRequestContext,
      ids: readonly number[],
      userIds: readonly number[],
    ) => {
      const p = await plan(tx, auth, scope, ids, userIds);
      return { isOk: p.problems.length === 0, plan: p.rows, problems: p.problems };
    },

    release: ({ auth, tx, scope }: TRequestContext, ids: readonly number[], reason: string) =>
      releaseIds(tx, auth, scope, ids, reason),
    releaseByCondition: (ctx: TRequestContext, filter: TFilter, reason: string) =>
      byCondition(ctx, 'private', filter, (tx, scope, ids) => releaseIds(tx, ctx.auth, scope, ids, reason)),

    recycle: ({ auth, tx, scope }: TRequestContext, ids: readonly number[], reason: string) =>
      recycleIds(tx, auth, scope, ids, reason),
    recycleByCondition: (ctx: TRequestContext, pool: TPool, filter: TFilter, reason: string) =>
      byCondition(ctx, pool, filter, (tx, scope, ids) => recycleIds(tx, ctx.auth, scope, ids, reason)),

    /** To another person in scope (a hand-over); maxOwned refuses the whole transfer. */
    transfer: async ({ auth, tx, scope }: TRequestContext, input: TReq<'transfer'>): Promise<TBatchResult> => {
      const [to] = await targetStaff(tx, auth, scope, [input.toUserId]);
      let ids: readonly number[] = input.ids ?? [];
      if (input.fromUserId !== undefined) {
        const [from] = await crmRepository.staff(tx, auth.tenantId, [input.fromUserId]);
        // A leaver may already be disabled: any person of the tenant inside the scope will do.
        if (!from || from.status === 'deleted' || !isInScope(scope, { ownerId: from.id, deptId: from.deptId })) {
          throw crmErrors.formerOwnerOutOfScope();
        }
        if (!input.ids) ids = await repo.idsOwnedBy(tx, { tenantId: auth.tenantId, scope, ownerId: from.id });
      }
      if (ids.length === 0) return { done: 0, refused: [] };
      const { ok, refused } = await lockVisible(tx, auth, scope, ids);
      const moving = ok.filter((c) => {
        const why =
          c.ownerId === null
            ? crmRefusals.inPoolUseAllocate
            : c.ownerId === to!.id
              ? crmRefusals.ownerOf(to!.realName)
              : input.fromUserId !== undefined && c.ownerId !== input.fromUserId
                ? crmRefusals.notFormerOwners
                : null;
        if (why) refused.push({ id: c.id, name: c.name, reason: why });
        return why === null;
      });
      if (moving.length === 0) return { done: 0, refused };
      const settings = await readCrmSettings(tx, auth.tenantId);
      if (settings.maxOwned > 0) {
        const owned = (await repo.ownedCounts(tx, auth.tenantId, [to!.id])).get(to!.id) ?? 0;
        if (owned + moving.length > settings.maxOwned) {
          throw crmErrors.transferOverMax(to!.realName, owned, moving.length, settings.maxOwned);
        }
      }
      await repo.assign(
        tx,
        auth.tenantId,
        moving.map((c) => c.id),
        to!,
      );
      await crmRepository.insertOwnerLogs(
        tx,
        moving.map((c) => ({
          tenantId: auth.tenantId,
          customerId: c.id,
          action: 'transfer',
          fromUserId: c.ownerId,
          toUserId: to!.id,
          operatorId: auth.userId,
          reason: input.reason,
        })),
      );
      return { done: moving.length, refused };
    },

    updateLevel: (ctx: TRequestContext, input: TReq<'updateLevel'>) =>
      batchFields(ctx, input.ids, () => ({ intentionLevel: input.intentionLevel })),

    updateLabelOrDeal: (ctx: TRequestContext, input: TReq<'updateLabelOrDeal'>) =>
      batchFields(ctx, input.ids, (row) => ({
        ...(input.phoneLabel !== undefined ? { phoneLabel: input.phoneLabel } : {}),
        ...(input.isDeal !== undefined && input.isDeal !== row.isDeal
          ? { isDeal: input.isDeal, dealAt: input.isDeal ? new Date() : null }
          : {}),
      })),

    updateProtected: (ctx: TRequestContext, input: TReq<'updateProtected'>) =>
      batchFields(ctx, input.ids, () => ({ isProtected: input.isProtected })),

    updateTags: async (ctx: TRequestContext, input: TReq<'updateTags'>) => {
      const { tagIds, mode } = input;
      const known = await tagMap(ctx.tx, ctx.auth.tenantId);
      if (tagIds.some((id) => !known.has(id))) throw crmErrors.tagGone();
      return batchFields(ctx, input.ids, (row) => {
        const next =
          mode === 'set'
            ? [...new Set(tagIds)]
            : mode === 'add'
              ? [...new Set([...row.tagIds, ...tagIds])]
              : row.tagIds.filter((id) => !tagIds.includes(id));
        return next.length > 20 ? { refuse: crmRefusals.tooManyTags } : { tagIds: next };
      });
    },

    /** Active staff in scope with their load (getEmpSelectList). */
    assignees: async ({ auth, tx, scope }: TRequestContext, keyword?: string) => {
      const people = await crmRepository.activeStaff(tx, auth.tenantId, scope, keyword);
      const owned = await repo.ownedCounts(
        tx,
        auth.tenantId,
        people.map((p) => p.userId),
      );
      const settings = await readCrmSettings(tx, auth.tenantId);
      return people.map((p) => ({ ...p, owned: owned.get(p.userId) ?? 0, maxOwned: settings.maxOwned }));
    },

    canSeePool,
  };
};

export type TPoolService = ReturnType<typeof createPoolService>;
