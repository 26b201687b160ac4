import type { TRequestContext } from '../../http/context.js';
import { canSeePool } from './crm.context.js';
import { crmRepository } from './crm.repository.js';
import { readCrmSettings } from './crm.rules.js';
import { customerRepository as repo } from './customer.repository.js';
import { allocate, allocationCheck } from './pool.allocate.js';
import { claim } from './pool.claim.js';
import { createPoolFields } from './pool.fields.js';
import { createPoolMoves } from './pool.release.js';
import { transfer } from './pool.transfer.js';

/**
 * The moves of customers between people and the pools, one file per use case: 领取 (pool.claim),
 * 分配 (pool.allocate), 放入公海 and 删除 (pool.release), 转移 (pool.transfer) and the batch field
 * changes (pool.fields).
 */
export const createPoolService = () => ({
  claim,
  allocate,
  allocationCheck,
  ...createPoolMoves(),
  transfer,
  ...createPoolFields(),

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
});

export type TPoolService = ReturnType<typeof createPoolService>;
