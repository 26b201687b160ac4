import type { TBatchResult } from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import type { TDataScope } from '../../db/scope.js';
import type { TAuth, TRequestContext } from '../../http/context.js';
import { crmRefusals } from './crm.errors.js';
import { crmRepository } from './crm.repository.js';
import { customerRepository as repo } from './customer.repository.js';
import type { TFilter, TPool } from './customer-filter.repository.js';
import { byCondition, lockVisible } from './pool.batch.js';

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

// Each pool deletes its own customers only (the spec's /base/crm/delete and private-sea-delete).
const recycleIds = async (
  tx: TDb,
  auth: TAuth,
  scope: TDataScope,
  pool: TPool,
  ids: readonly number[],
  reason: string,
) => {
  const visible = await lockVisible(tx, auth, scope, ids);
  const { refused } = visible;
  const ok = visible.ok.filter((c) => {
    if ((c.ownerId === null) === (pool === 'public')) return true;
    refused.push({ id: c.id, name: c.name, reason: pool === 'public' ? crmRefusals.notInPool : crmRefusals.inPool });
    return false;
  });
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

/** 放入公海 and 删除 (to the recycle bin), by ids or by a list's filter. */
export const createPoolMoves = () => ({
  release: ({ auth, tx, scope }: TRequestContext, ids: readonly number[], reason: string): Promise<TBatchResult> =>
    releaseIds(tx, auth, scope, ids, reason),
  releaseByCondition: (ctx: TRequestContext, filter: TFilter, reason: string) =>
    byCondition(ctx, 'private', filter, (tx, scope, ids) => releaseIds(tx, ctx.auth, scope, ids, reason)),
  recycle: (
    { auth, tx, scope }: TRequestContext,
    pool: TPool,
    ids: readonly number[],
    reason: string,
  ): Promise<TBatchResult> => recycleIds(tx, auth, scope, pool, ids, reason),
  recycleByCondition: (ctx: TRequestContext, pool: TPool, filter: TFilter, reason: string) =>
    byCondition(ctx, pool, filter, (tx, scope, ids) => recycleIds(tx, ctx.auth, scope, pool, ids, reason)),
});
