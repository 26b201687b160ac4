import type { TBatchResult } from '@yunhu/contract';
import { and, desc, eq, gte, inArray, isNotNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { scopeCondition, type TDataScope } from '../../db/scope.js';
import { likeOf } from '../../db/sql.js';
import type { TAuth } from '../../http/context.js';
import type { TCrmContext } from './crm.context.js';
import { crmErrors, crmRefusals } from './crm.errors.js';
import { crmRepository as repo, type TCustomerFull, type TOwnerLogInsert } from './crm.repository.js';
import { readCrmSettings } from './crm.rules.js';
import { customers as c } from './crm.schema.js';
import { type TViewContext, toCustomerView } from './crm.view.js';
import { buildTimeline } from './timeline.js';

type TRecyclePageInput = {
  page: number;
  limit: number;
  keyword?: string;
  mobile?: string;
  deletedRange?: readonly [number | null, number | null];
};

/**
 * The recycle bin a person sees (spec section 4): rows whose owner was inside his data scope and
 * rows he deleted himself; everything for the 'all' scope.
 */
const recycleCondition = (auth: TAuth, scope: TDataScope): SQL =>
  and(
    eq(c.tenantId, auth.tenantId),
    isNotNull(c.deletedAt),
    scope.kind === 'all'
      ? undefined
      : or(scopeCondition(scope, { owner: c.ownerId, dept: c.deptId }), eq(c.deletedBy, auth.userId)),
  )!;

const toEntry = (row: TCustomerFull, vc: TViewContext) => ({
  ...toCustomerView(row, vc),
  deletedAt: row.c.deletedAt!.getTime(),
  deletedByName: row.deletedByName,
});

export const createRecycleService = (ctx: TCrmContext) => {
  const { scoped } = ctx;

  const lockIn = async (tx: TDb, auth: TAuth, scope: TDataScope, ids: readonly number[]) =>
    tx
      .select()
      .from(c)
      .where(and(recycleCondition(auth, scope), inArray(c.id, [...ids])))
      .for('update');

  const refusedMissing = (ids: readonly number[], found: Set<number>): TBatchResult['refused'] =>
    ids.filter((id) => !found.has(id)).map((id) => ({ id, name: '', reason: crmRefusals.notInRecycleBin }));

  /**
   * Back to the owner when he is still active and under his maximum; otherwise to the public pool,
   * with the reason. The history (follow-ups, logs, calls) never left the row.
   */
  const recoverIds = async (auth: TAuth, ids: readonly number[]): Promise<TBatchResult> => {
    const scope = await ctx.scopeOf(auth);
    return scoped(auth, async (tx) => {
      const rows = await lockIn(tx, auth, scope, ids);
      const refused = refusedMissing(ids, new Set(rows.map((r) => r.id)));
      const settings = await readCrmSettings(tx, auth.tenantId);
      const ownerIds = [...new Set(rows.flatMap((r) => (r.ownerId === null ? [] : [r.ownerId])))];
      const owners = new Map((await repo.staff(tx, auth.tenantId, ownerIds)).map((u) => [u.id, u]));
      const owned = await repo.ownedCounts(tx, auth.tenantId, ownerIds);
      const toOwner: number[] = [];
      const toPool: number[] = [];
      const logs: TOwnerLogInsert[] = [];
      for (const r of rows) {
        const owner = r.ownerId === null ? undefined : owners.get(r.ownerId);
        let why = '';
        if (owner && owner.status !== 'active') why = crmRefusals.ownerLeft(owner.realName);
        else if (owner && settings.maxOwned > 0 && (owned.get(owner.id) ?? 0) + 1 > settings.maxOwned) {
          why = crmRefusals.ownerFull(owner.realName, settings.maxOwned);
        } else if (r.ownerId !== null && !owner) why = crmRefusals.ownerDeleted;
        if (owner && !why) {
          owned.set(owner.id, (owned.get(owner.id) ?? 0) + 1);
          toOwner.push(r.id);
          logs.push({
            tenantId: auth.tenantId,
            customerId: r.id,
            action: 'recover',
            toUserId: owner.id,
            operatorId: auth.userId,
          });
        } else {
          toPool.push(r.id);
          if (why) refused.push({ id: r.id, name: r.name, reason: why });
          logs.push({
            tenantId: auth.tenantId,
            customerId: r.id,
            action: 'recover',
            fromUserId: r.ownerId,
            operatorId: auth.userId,
            reason: why,
          });
        }
      }
      // Back with his owner the release clock starts again, as after any other hand-over.
      if (toOwner.length) {
        await repo.update(tx, auth.tenantId, toOwner, {
          deletedAt: null,
          deletedBy: null,
          ownedAt: new Date(),
          releaseRemindedAt: null,
        });
      }
      if (toPool.length) {
        await repo.update(tx, auth.tenantId, toPool, {
          deletedAt: null,
          deletedBy: null,
          previousOwnerId: sql`coalesce(${c.ownerId}, ${c.previousOwnerId})` as unknown as number,
          ownerId: null,
          deptId: null,
          ownedAt: null,
          poolAt: new Date(),
          releaseRemindedAt: null,
        });
      }
      await repo.insertOwnerLogs(tx, logs);
      return { done: rows.length, refused };
    });
  };

  /** Deleted for good: the row and, by cascade, its follow-ups, comments, visits and logs. */
  const purgeIds = async (tx: TDb, auth: TAuth, scope: TDataScope, ids: readonly number[]) => {
    const rows = await lockIn(tx, auth, scope, ids);
    const found = rows.map((r) => r.id);
    if (found.length) {
      await repo.unlinkCalls(tx, auth.tenantId, found);
      await repo.delete(tx, auth.tenantId, found);
    }
    return { done: found.length, refused: refusedMissing(ids, new Set(found)) };
  };

  return {
    page: async (auth: TAuth, q: TRecyclePageInput) => {
      const scope = await ctx.scopeOf(auth);
      return scoped(auth, async (tx) => {
        const conds: (SQL | undefined)[] = [recycleCondition(auth, scope)];
        if (q.keyword) {
          const like = likeOf(q.keyword);
          conds.push(
            or(
              sql`${c.name} ilike ${like}`,
              sql`${c.company} ilike ${like}`,
              sql`${c.namePinyin} like ${likeOf(q.keyword.toLowerCase())}`,
            ),
          );
        }
        if (q.mobile) conds.push(sql`${c.mobile} like ${likeOf(q.mobile)}`);
        if (q.deletedRange?.[0] != null) conds.push(gte(c.deletedAt, new Date(q.deletedRange[0])));
        if (q.deletedRange?.[1] != null) conds.push(lte(c.deletedAt, new Date(q.deletedRange[1])));
        const { records, total } = await repo.page(
          tx,
          and(...conds)!,
          [desc(c.deletedAt), desc(c.id)],
          q.page,
          q.limit,
        );
        const vc = await ctx.viewContext(tx, auth);
        return {
          records: records.map((r) => toEntry(r, vc)),
          total,
          size: q.limit,
          current: q.page,
          pages: Math.ceil(total / q.limit),
        };
      });
    },

    detail: async (auth: TAuth, id: number) => {
      const scope = await ctx.scopeOf(auth);
      return scoped(auth, async (tx) => {
        const [row] = await tx
          .select({ id: c.id })
          .from(c)
          .where(and(recycleCondition(auth, scope), eq(c.id, id)));
        if (!row) throw crmErrors.customerMissing();
        const full = (await repo.findFull(tx, auth.tenantId, id))!;
        const vc = await ctx.viewContext(tx, auth);
        const timeline = await buildTimeline(
          tx,
          auth.tenantId,
          id,
          new Set(['follow', 'comment', 'visit', 'owner', 'call', 'change']),
          vc,
        );
        return { ...toEntry(full, vc), timeline };
      });
    },

    recover: recoverIds,

    purge: async (auth: TAuth, ids: readonly number[]) => {
      const scope = await ctx.scopeOf(auth);
      return scoped(auth, (tx) => purgeIds(tx, auth, scope, ids));
    },

    /** Empties what this person sees of the recycle bin, 1000 rows at a time. */
    purgeAll: async (auth: TAuth) => {
      const scope = await ctx.scopeOf(auth);
      return scoped(auth, async (tx) => {
        const ids = await repo.idsWhere(tx, recycleCondition(auth, scope));
        let done = 0;
        for (let i = 0; i < ids.length; i += 1000)
          done += (await purgeIds(tx, auth, scope, ids.slice(i, i + 1000))).done;
        return { done, refused: [] };
      });
    },
  };
};

export type TRecycleService = ReturnType<typeof createRecycleService>;
