import type { crmRoutes, TBatchResult, TParsedRequestOf } from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import { isInScope, type TDataScope } from '../../db/scope.js';
import type { TAuth, TRequestContext } from '../../http/context.js';
import { targetStaff } from './crm.context.js';
import { crmErrors, crmRefusals } from './crm.errors.js';
import { crmRepository } from './crm.repository.js';
import { readCrmSettings } from './crm.rules.js';
import { customerRepository as repo } from './customer.repository.js';
import { lockVisible } from './pool.batch.js';

type TReq<K extends keyof typeof crmRoutes> = TParsedRequestOf<(typeof crmRoutes)[K]>;

/** The customers named, or all of a former owner's (a leaver's hand-over) when none are named. */
const idsToMove = async (tx: TDb, auth: TAuth, scope: TDataScope, input: TReq<'transfer'>) => {
  let ids: readonly number[] = input.ids ?? [];
  if (input.fromUserId !== undefined) {
    const [from] = await crmRepository.staff(tx, auth.tenantId, [input.fromUserId]);
    // A leaver may already be disabled: any person of the tenant inside the scope will do.
    if (!from || from.status === 'deleted' || !isInScope(scope, { ownerId: from.id, deptId: from.deptId })) {
      throw crmErrors.formerOwnerOutOfScope();
    }
    if (!input.ids) ids = await repo.idsOwnedBy(tx, { tenantId: auth.tenantId, scope, ownerId: from.id });
  }
  return ids;
};

/** To another person in scope (a hand-over); maxOwned refuses the whole transfer. */
export const transfer = async (
  { auth, tx, scope }: TRequestContext,
  input: TReq<'transfer'>,
): Promise<TBatchResult> => {
  const [to] = await targetStaff(tx, auth, scope, [input.toUserId]);
  const ids = await idsToMove(tx, auth, scope, input);
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
};
