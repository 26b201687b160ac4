import type { TBatchResult } from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import type { TDataScope } from '../../db/scope.js';
import type { TAuth, TRequestContext } from '../../http/context.js';
import { targetStaff } from './crm.context.js';
import { crmErrors, crmRefusals, overMaxMessage } from './crm.errors.js';
import { crmRepository, type TOwnerLogInsert } from './crm.repository.js';
import { readCrmSettings } from './crm.rules.js';
import { customerRepository as repo } from './customer.repository.js';
import { lockVisible, type TRefused } from './pool.batch.js';

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
export const allocate = async (
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

/** The plan as the allocation dialog shows it (cus-check-allocation), before anything moves. */
export const allocationCheck = async (
  { auth, tx, scope }: TRequestContext,
  ids: readonly number[],
  userIds: readonly number[],
) => {
  const p = await plan(tx, auth, scope, ids, userIds);
  return { isOk: p.problems.length === 0, plan: p.rows, problems: p.problems };
};
