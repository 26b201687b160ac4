import { type crmSettingsRoutes, type TParsedRequestOf, type TResponseOf, visitResults } from '@yunhu/contract';
import { and, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { TDatabase, TDb } from '../../db/client.js';
import type { TDataScope } from '../../db/scope.js';
import { likeOf } from '../../db/sql.js';
import { withTenant } from '../../db/tenant.js';
import type { TAuth } from '../../http/context.js';
import { isVisible, visibleCondition } from './crm.context.js';
import { crmErrors } from './crm.errors.js';
import { crmRepository } from './crm.repository.js';
import { isMobileMasked, mobileFor, readCrmSettings } from './crm.rules.js';
import { customers as c, crmReturnVisits as v } from './crm.schema.js';
import { visitRepository as repo, type TVisitFull } from './visit.repository.js';

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

/** The list's filters on the visit and its customer (name, 张三 by `zhangsan`/`zs`, mobile fragment). */
const filterOf = (q: TVisitQuery): SQL[] => {
  const conds: (SQL | undefined)[] = [];
  if (q.customerId) conds.push(eq(v.customerId, q.customerId));
  if (q.keyword) {
    const k = q.keyword.toLowerCase().replace(/\s+/g, '');
    conds.push(
      or(
        sql`${c.name} ilike ${likeOf(q.keyword)}`,
        ...(/^[a-z]+$/.test(k) ? [sql`${c.namePinyin} like ${likeOf(k)}`, sql`${c.nameInitials} like ${`${k}%`}`] : []),
      ),
    );
  }
  if (q.mobile) conds.push(sql`${c.mobile} like ${likeOf(q.mobile)}`);
  if (q.result) conds.push(eq(v.result, q.result));
  if (q.userId) conds.push(eq(v.userId, q.userId));
  if (q.range?.[0] != null) conds.push(gte(v.visitAt, new Date(q.range[0])));
  if (q.range?.[1] != null) conds.push(lte(v.visitAt, new Date(q.range[1])));
  return conds.filter((x): x is SQL => x !== undefined);
};

/**
 * 回访列表 (company/upList). Who may see a visit is decided by its customer, not its author: a
 * person sees the visits of the customers he may open (visibleCondition: his private pool within
 * his data scope, the public pool when he may see it; never the recycle bin). That is the rule of
 * the customer's timeline, which shows the same rows, and it follows the customer when he moves
 * to another owner. Mobiles are masked like every customer mobile (privacy switch).
 */
export const createVisitService = (deps: {
  database: TDatabase;
  dataScopeOf: (auth: TAuth) => Promise<TDataScope>;
}) => {
  const scoped = <T>(auth: TAuth, fn: (tx: TDb) => Promise<T>) => withTenant(deps.database, auth.tenantId, fn);

  const inScope = async (auth: TAuth) =>
    and(eq(v.tenantId, auth.tenantId), visibleCondition(auth, await deps.dataScopeOf(auth)))!;

  const masked = async (tx: TDb, auth: TAuth) => isMobileMasked(await readCrmSettings(tx, auth.tenantId), auth);

  /** One page of the filter, newest visit first, and on request the per-result counts of the whole filter. */
  const list = async (auth: TAuth, q: TVisitQuery, withCounts: boolean) => {
    const where = and(await inScope(auth), ...filterOf(q))!;
    return scoped(auth, async (tx) => {
      const { records, total } = await repo.page(tx, where, q.page, q.limit);
      const isMasked = await masked(tx, auth);
      const counts = withCounts ? await repo.resultCounts(tx, where) : null;
      return {
        records: records.map((r) => toVisit(r, isMasked)),
        total,
        size: q.limit,
        current: q.page,
        pages: Math.ceil(total / q.limit),
        counts: visitResults.map((result) => ({ result, count: counts?.get(result) ?? 0 })),
      };
    });
  };

  return {
    page: async (auth: TAuth, q: TVisitQuery) => {
      const { counts: _none, ...page } = await list(auth, q, false);
      return page;
    },

    /** The same page and, over the whole filter, how many visits have each result (zeros included). */
    pagePlus: (auth: TAuth, q: TVisitQuery) => list(auth, q, true),

    /**
     * By the customer (he must be visible to the person) or by a mobile: the tenant's live customer
     * with that number, visible to him too. The row is what the customer's timeline reads.
     */
    add: async (auth: TAuth, input: TVisitAdd): Promise<TVisit> => {
      const scope = await deps.dataScopeOf(auth);
      return scoped(auth, async (tx) => {
        let customerId = input.customerId;
        if (customerId !== undefined) {
          const full = await crmRepository.findFull(tx, auth.tenantId, customerId);
          if (!full || !isVisible(auth, scope, full.c)) throw crmErrors.customerMissing();
          if (input.mobile !== undefined && input.mobile !== full.c.mobile) throw crmErrors.visitMobileMismatch();
        } else {
          const found = await crmRepository.findByMobile(tx, auth.tenantId, input.mobile!);
          if (!found || found.deletedAt !== null) throw crmErrors.visitMobileUnknown();
          const full = await crmRepository.findFull(tx, auth.tenantId, found.id);
          if (!full || !isVisible(auth, scope, full.c)) throw crmErrors.visitCustomerOutOfScope();
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
      });
    },

    /** All or nothing: one id unknown, another tenant's or out of scope refuses the whole batch. */
    delete: async (auth: TAuth, ids: readonly number[]) => {
      const where = and(await inScope(auth), inArray(v.id, [...ids]))!;
      return scoped(auth, async (tx) => {
        const found = await repo.lockIds(tx, where);
        if (found.length !== ids.length) {
          throw crmErrors.visitsMissing(ids.length, ids.length - found.length);
        }
        await repo.delete(tx, auth.tenantId, ids);
        return null;
      });
    },
  };
};

export type TVisitService = ReturnType<typeof createVisitService>;
