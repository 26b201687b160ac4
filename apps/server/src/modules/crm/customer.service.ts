import type { TDb } from '../../db/client.js';
import type { TDataScope } from '../../db/scope.js';
import type { TAuth, TRequestContext } from '../../http/context.js';
import { canSeePool } from './crm.context.js';
import { neighbours } from './customer.browse.js';
import { existOf } from './customer.checks.js';
import { create } from './customer.create.js';
import { commentAdd, followAdd, followIn, timeline, timelineOf } from './customer.follow.js';
import { detail, page, visible } from './customer.read.js';
import { customerRepository as repo } from './customer.repository.js';
import { update } from './customer.update.js';
import type { TFilter } from './customer-filter.repository.js';

export type { TListQuery } from './customer.read.js';

/**
 * A customer and what is written about him, one file per use case: the lists and details
 * (customer.read), 新建 (customer.create), 编辑 (customer.update), follow-ups, comments and the
 * timeline (customer.follow), with the checks they share (customer.checks).
 */
export const createCustomerService = () => ({
  page,
  detail,
  neighbours,
  visible,
  timelineOf,
  existOther: ({ auth, tx }: TRequestContext, mobile: string, excludeId?: number) =>
    existOf(tx, auth, mobile, excludeId),
  create,
  update,
  timeline,
  followAdd,
  followIn,

  /**
   * The customers a calling task may take, inside the caller's transaction: those among
   * `ids` he may act on, or every customer of his private pool matching a CRM filter.
   */
  pickable: (tx: TDb, auth: TAuth, scope: TDataScope, pick: { ids: readonly number[] } | { filter: TFilter }) =>
    repo.cards(
      tx,
      'ids' in pick
        ? { tenantId: auth.tenantId, scope, withPool: canSeePool(auth), ids: pick.ids }
        : { tenantId: auth.tenantId, scope, filter: pick.filter },
    ),

  commentAdd,
});

export type TCustomerService = ReturnType<typeof createCustomerService>;
