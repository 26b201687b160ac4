import { type crmSettingsRoutes, type TParsedRequestOf, type TResponseOf, toPage, visitResults } from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import type { TAuth, TRequestContext } from '../../http/context.js';
import {
  canSeePool,
  crmErrors,
  customerRepository,
  isMobileMasked,
  isVisible,
  mobileFor,
  readCrmSettings,
} from '../crm/index.js';
import { crmVisitErrors } from './crm-visit.errors.js';
import { visitRepository as repo, type TVisitFull, type TVisitsOf } from './crm-visit.repository.js';

type TRoutes = typeof crmSettingsRoutes;
type TVisitQuery = TParsedRequestOf<TRoutes['visitPage']>;
type TVisitAdd = TParsedRequestOf<TRoutes['visitAdd']>;
type TVisit = TResponseOf<TRoutes['visitAdd']>;

const toVisit = (r: TVisitFull, isMasked: boolean): TVisit => ({
  id: r.v.id,
  customerId: r.v.customerId,
  customerName: r.customerName,
  customerMobile: mobileFor(r.customerMobile, isMasked),
  content: r.v.content,
  result: r.v.result as TVisit['result'],
  visitAt: r.v.visitAt.getTime(),
  userName: r.userName,
  deptName: r.deptName,
  createdAt: r.v.createdAt.getTime(),
});

/**
 * 回访列表 (company/upList). Who may see a visit is decided by its customer, not its author: a
 * person sees the visits of the customers he may open (his private pool within
 * his data scope, the public pool when he may see it; never the recycle bin). That is the rule of
 * the customer's timeline, which shows the same rows, and it follows the customer when he moves
 * to another owner. Mobiles are masked like every customer mobile (privacy switch).
 */
export const createVisitService = () => {
  const visitsOf = ({ auth, scope }: TRequestContext): TVisitsOf => ({
    tenantId: auth.tenantId,
    scope,
    withPool: canSeePool(auth),
  });

  const masked = async (tx: TDb, auth: TAuth) => isMobileMasked(await readCrmSettings(tx, auth.tenantId), auth);

  /** One page of the filter, newest visit first, and on request the per-result counts of the whole filter. */
  const list = async (ctx: TRequestContext, q: TVisitQuery, withCounts: boolean) => {
    const { records, total } = await repo.page(ctx.tx, visitsOf(ctx), q, q);
    const isMasked = await masked(ctx.tx, ctx.auth);
    const counts = withCounts ? await repo.resultCounts(ctx.tx, visitsOf(ctx), q) : null;
    return {
      ...toPage(
        records.map((r) => toVisit(r, isMasked)),
        total,
        q,
      ),
      counts: visitResults.map((result) => ({ result, count: counts?.get(result) ?? 0 })),
    };
  };

  return {
    page: async (ctx: TRequestContext, q: TVisitQuery) => {
      const { counts: _none, ...page } = await list(ctx, q, false);
      return page;
    },

    /** The same page and, over the whole filter, how many visits have each result (zeros included). */
    pagePlus: (ctx: TRequestContext, q: TVisitQuery) => list(ctx, q, true),

    /**
     * By the customer (he must be visible to the person) or by a mobile: the tenant's live customer
     * with that number, visible to him too. The row is what the customer's timeline reads.
     */
    add: async ({ auth, tx, scope }: TRequestContext, input: TVisitAdd): Promise<TVisit> => {
      let customerId = input.customerId;
      if (customerId !== undefined) {
        const full = await customerRepository.findFull(tx, auth.tenantId, customerId);
        if (!full || !isVisible(auth, scope, full.c)) throw crmErrors.customerMissing();
        if (input.mobile !== undefined && input.mobile !== full.c.mobile) throw crmVisitErrors.visitMobileMismatch();
      } else {
        const found = await customerRepository.findByMobile(tx, auth.tenantId, input.mobile!);
        if (!found || found.deletedAt !== null) throw crmVisitErrors.visitMobileUnknown();
        const full = await customerRepository.findFull(tx, auth.tenantId, found.id);
        if (!full || !isVisible(auth, scope, full.c)) throw crmVisitErrors.visitCustomerOutOfScope();
        customerId = found.id;
      }
      const id = await repo.insert(tx, {
        tenantId: auth.tenantId,
        customerId,
        userId: auth.userId,
        deptId: auth.deptId,
        content: input.content,
        result: input.result,
        visitAt: new Date(input.visitAt),
      });
      return toVisit((await repo.find(tx, auth.tenantId, id))!, await masked(tx, auth));
    },

    /** All or nothing: one id unknown, another tenant's or out of scope refuses the whole batch. */
    delete: async (ctx: TRequestContext, ids: readonly number[]) => {
      const found = await repo.lockIds(ctx.tx, visitsOf(ctx), ids);
      if (found.length !== ids.length) throw crmVisitErrors.visitsMissing(ids.length, ids.length - found.length);
      await repo.delete(ctx.tx, ctx.auth.tenantId, ids);
      return null;
    },
  };
};

export type TVisitService = ReturnType<typeof createVisitService>;
