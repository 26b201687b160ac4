import type { TCustomerNeighboursQuery } from '@yunhu/contract';
import type { TPool } from './api';

/** What a customer list shows: its filters and order, so 客户详情 steps through the same list. */
export type TListQuery = Omit<TCustomerNeighboursQuery, 'id'>;

// Per browser tab: two tabs may browse two different lists.
const keyOf = (pool: TPool) => `crm:list-query:${pool}`;

export const rememberListQuery = (pool: TPool, query: TListQuery) => {
  try {
    sessionStorage.setItem(keyOf(pool), JSON.stringify(query));
  } catch {
    // Storage full or refused: 上一个 / 下一个 then follow the list's default order.
  }
};

export const listQueryOf = (pool: TPool): TListQuery => {
  try {
    return JSON.parse(sessionStorage.getItem(keyOf(pool)) ?? '{}') as TListQuery;
  } catch {
    return {};
  }
};
