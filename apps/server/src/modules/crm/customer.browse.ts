import type { crmRoutes, TCustomerNeighbours, TParsedRequestOf } from '@yunhu/contract';
import type { TRequestContext } from '../../http/context.js';
import { detail } from './customer.read.js';
import { customerBrowseRepository as repo } from './customer-browse.repository.js';
import type { TPool } from './customer-filter.repository.js';

type TNeighboursQuery = TParsedRequestOf<(typeof crmRoutes)['privateNeighbours']>;

/**
 * 上一个 / 下一个 beside a customer of one pool: refused like his detail when he is not one of this
 * pool's customers the caller may see; nulls once he no longer matches the list's filters.
 */
export const neighbours = async (
  ctx: TRequestContext,
  pool: TPool,
  q: TNeighboursQuery,
): Promise<TCustomerNeighbours> => {
  await detail(ctx, q.id, pool);
  const { auth, tx, scope } = ctx;
  const found = await repo.neighbours(tx, {
    tenantId: auth.tenantId,
    pool,
    scope,
    filter: q,
    sort: { field: q.sortField, order: q.sortOrder },
    id: q.id,
  });
  return found ?? { previousId: null, nextId: null };
};
