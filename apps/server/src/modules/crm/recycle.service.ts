import { type crmRoutes, type TBatchResult, type TParsedRequestOf, toPage } from '@yunhu/contract';
import type { TRequestContext } from '../../http/context.js';
import { pageViewContext, viewContext } from './crm.context.js';
import { crmErrors, crmRefusals } from './crm.errors.js';
import { crmRepository, type TOwnerLogInsert } from './crm.repository.js';
import { readCrmSettings } from './crm.rules.js';
import { type TViewContext, toCustomerView } from './crm.view.js';
import { customerRepository } from './customer.repository.js';
import type { TCustomerFull } from './customer-filter.repository.js';
import { recycleRepository as repo, type TBinOf } from './recycle.repository.js';
import { buildTimeline } from './timeline.js';

type TReq<K extends keyof typeof crmRoutes> = TParsedRequestOf<(typeof crmRoutes)[K]>;

const binOf = ({ auth, scope }: TRequestContext): TBinOf => ({ tenantId: auth.tenantId, userId: auth.userId, scope });

const toEntry = (row: TCustomerFull, vc: TViewContext) => ({
  ...toCustomerView(row, vc),
  deletedAt: row.c.deletedAt!.getTime(),
  deletedByName: row.deletedByName,
});

export const createRecycleService = () => {
  const refusedMissing = (ids: readonly number[], found: Set<number>): TBatchResult['refused'] =>
    ids.filter((id) => !found.has(id)).map((id) => ({ id, name: '', reason: crmRefusals.notInRecycleBin }));

  /**
   * Back to the owner when he is still active and under his maximum; otherwise to the public pool,
   * with the reason. The history (follow-ups, logs, calls) never left the row.
   */
  const recoverIds = async (ctx: TRequestContext, ids: readonly number[]): Promise<TBatchResult> => {
    const { auth, tx } = ctx;
    const rows = await repo.lock(tx, binOf(ctx), ids);
    const refused = refusedMissing(ids, new Set(rows.map((r) => r.id)));
    const settings = await readCrmSettings(tx, auth.tenantId);
    const ownerIds = [...new Set(rows.flatMap((r) => (r.ownerId === null ? [] : [r.ownerId])))];
    const owners = new Map((await crmRepository.staff(tx, auth.tenantId, ownerIds)).map((u) => [u.id, u]));
    const owned = await customerRepository.ownedCounts(tx, auth.tenantId, ownerIds);
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
    if (toOwner.length) await repo.restoreToOwner(tx, auth.tenantId, toOwner);
    if (toPool.length) await repo.restoreToPool(tx, auth.tenantId, toPool);
    await crmRepository.insertOwnerLogs(tx, logs);
    return { done: rows.length, refused };
  };

  /** Deleted for good: the row and, by cascade, its follow-ups, comments, visits and logs. */
  const purgeIds = async (ctx: TRequestContext, ids: readonly number[]) => {
    const rows = await repo.lock(ctx.tx, binOf(ctx), ids);
    const found = rows.map((r) => r.id);
    if (found.length) {
      await customerRepository.unlinkCalls(ctx.tx, ctx.auth.tenantId, found);
      await customerRepository.delete(ctx.tx, ctx.auth.tenantId, found);
    }
    return { done: found.length, refused: refusedMissing(ids, new Set(found)) };
  };

  return {
    page: async (ctx: TRequestContext, q: TReq<'recyclePage'>) => {
      const { records, total, rules } = await repo.page(ctx.tx, binOf(ctx), q, q);
      const vc = pageViewContext(ctx.auth, rules, records);
      return toPage(
        records.map((r) => toEntry(r, vc)),
        total,
        q,
      );
    },

    detail: async (ctx: TRequestContext, id: number) => {
      const { auth, tx } = ctx;
      if (!(await repo.has(tx, binOf(ctx), id))) throw crmErrors.customerMissing();
      const full = (await customerRepository.findFull(tx, auth.tenantId, id))!;
      const vc = await viewContext(tx, auth);
      const timeline = await buildTimeline(
        tx,
        auth.tenantId,
        id,
        new Set(['follow', 'comment', 'visit', 'owner', 'call', 'change']),
        vc,
      );
      return { ...toEntry(full, vc), timeline };
    },

    recover: recoverIds,

    purge: purgeIds,

    /** Empties what this person sees of the recycle bin, 1000 rows at a time. */
    purgeAll: async (ctx: TRequestContext) => {
      const ids = await repo.ids(ctx.tx, binOf(ctx));
      let done = 0;
      for (let i = 0; i < ids.length; i += 1000) done += (await purgeIds(ctx, ids.slice(i, i + 1000))).done;
      return { done, refused: [] };
    },
  };
};

export type TRecycleService = ReturnType<typeof createRecycleService>;
