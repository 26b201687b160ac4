import type { TBatchResult } from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import type { TDataScope } from '../../db/scope.js';
import type { TAuth, TRequestContext } from '../../http/context.js';
import { canSeePool, isVisible } from './crm.context.js';
import { crmRefusals } from './crm.errors.js';
import { customerRepository as repo } from './customer.repository.js';
import type { TCustomerRow, TFilter, TPool } from './customer-filter.repository.js';

export type TRefused = TBatchResult['refused'];

/**
 * Locks the chosen customers and splits them into the ones this person may act on and the refused
 * ones (unknown, another tenant's, outside his scope or in the recycle bin), in the order given.
 */
export const lockVisible = async (tx: TDb, auth: TAuth, scope: TDataScope, ids: readonly number[]) => {
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

/** Runs an ids action over every customer matching a filter, 1000 at a time, in the request's transaction. */
export const byCondition = async (
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
