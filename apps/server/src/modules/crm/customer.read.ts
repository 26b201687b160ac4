import { type crmRoutes, type TCustomer, type TParsedRequestOf, toPage } from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import type { TAuth, TRequestContext } from '../../http/context.js';
import { isVisible, pageViewContext, type TCustomerAccess, viewContext } from './crm.context.js';
import { crmErrors } from './crm.errors.js';
import { type TViewContext, toCustomerView } from './crm.view.js';
import { customerRepository as repo } from './customer.repository.js';
import type { TPool } from './customer-filter.repository.js';

type TReq<K extends keyof typeof crmRoutes> = TParsedRequestOf<(typeof crmRoutes)[K]>;
export type TListQuery = TReq<'customerPage'>;

/** A customer this person may see and act on, or not found (also for another tenant's id). */
export const visible = async (tx: TDb, auth: TAuth, access: TCustomerAccess, id: number, lock = false) => {
  const row = lock
    ? (await repo.lockMany(tx, auth.tenantId, [id]))[0]
    : (await repo.findFull(tx, auth.tenantId, id))?.c;
  if (!row || !isVisible(auth, access, row)) throw crmErrors.customerMissing();
  return row;
};

export const view = async (tx: TDb, id: number, auth: TAuth, vc?: TViewContext) => {
  const full = await repo.findFull(tx, auth.tenantId, id);
  if (!full) throw crmErrors.customerMissing();
  return toCustomerView(full, vc ?? (await viewContext(tx, auth)));
};

export const page = async ({ auth, tx, scope }: TRequestContext, pool: TPool, q: TListQuery) => {
  const { records, total, rules } = await repo.page(tx, {
    tenantId: auth.tenantId,
    pool,
    scope,
    filter: q,
    sort: { field: q.sortField, order: q.sortOrder },
    paging: q,
  });
  const vc = pageViewContext(auth, rules, records);
  return toPage(
    records.map((r) => toCustomerView(r, vc)),
    total,
    q,
  );
};

/**
 * 客户详情 of one pool: one statement reads the row, its names, tags and the rules (findView); the
 * same refusals as `visible`, and a customer of the other pool is not found here either.
 */
export const detail = async ({ auth, tx, scope }: TRequestContext, id: number, pool: TPool): Promise<TCustomer> => {
  const found = await repo.findView(tx, auth.tenantId, id);
  if (!found || !isVisible(auth, scope, found.c) || (pool === 'public') !== (found.c.ownerId === null)) {
    throw crmErrors.customerMissing();
  }
  return toCustomerView(found, pageViewContext(auth, found.rules, [found]));
};
