import type { crmRoutes, TBatchResult, TParsedRequestOf } from '@yunhu/contract';
import type { TRequestContext } from '../../http/context.js';
import { tagMap } from './crm.context.js';
import { crmErrors, crmRefusals } from './crm.errors.js';
import { crmRepository } from './crm.repository.js';
import { diffCustomer } from './crm.view.js';
import { customerRepository as repo } from './customer.repository.js';
import type { TCustomerRow } from './customer-filter.repository.js';
import { lockVisible } from './pool.batch.js';

type TReq<K extends keyof typeof crmRoutes> = TParsedRequestOf<(typeof crmRoutes)[K]>;

/**
 * Field changes of many customers: rows that get the same values share one UPDATE; every changed
 * row gets its change log.
 */
const batchFields = async (
  { auth, tx, scope }: TRequestContext,
  ids: readonly number[],
  compute: (row: TCustomerRow) => Partial<TCustomerRow> | { refuse: string },
): Promise<TBatchResult> => {
  const { ok, refused } = await lockVisible(tx, auth, scope, ids);
  const tags = await tagMap(tx, auth.tenantId);
  const groups = new Map<string, { set: Partial<TCustomerRow>; ids: number[] }>();
  const logs = [];
  let done = 0;
  for (const row of ok) {
    const set = compute(row);
    if ('refuse' in set) {
      refused.push({ id: row.id, name: row.name, reason: set.refuse });
      continue;
    }
    done++;
    const changes = diffCustomer(row, set, tags, new Map());
    if (changes.length === 0) continue;
    logs.push({ tenantId: auth.tenantId, customerId: row.id, userId: auth.userId, changes });
    const key = JSON.stringify(set);
    const g = groups.get(key) ?? { set, ids: [] };
    g.ids.push(row.id);
    groups.set(key, g);
  }
  for (const g of groups.values()) await repo.update(tx, auth.tenantId, g.ids, g.set);
  await crmRepository.insertChangeLogs(tx, logs);
  return { done, refused };
};

/** 意向等级, 号码标记 and 成交, 保护 and 标签 of many customers at once. */
export const createPoolFields = () => ({
  updateLevel: (ctx: TRequestContext, input: TReq<'updateLevel'>) =>
    batchFields(ctx, input.ids, () => ({ intentionLevel: input.intentionLevel })),

  updateLabelOrDeal: (ctx: TRequestContext, input: TReq<'updateLabelOrDeal'>) =>
    batchFields(ctx, input.ids, (row) => ({
      ...(input.phoneLabel !== undefined ? { phoneLabel: input.phoneLabel } : {}),
      ...(input.isDeal !== undefined && input.isDeal !== row.isDeal
        ? { isDeal: input.isDeal, dealAt: input.isDeal ? new Date() : null }
        : {}),
    })),

  updateProtected: (ctx: TRequestContext, input: TReq<'updateProtected'>) =>
    batchFields(ctx, input.ids, () => ({ isProtected: input.isProtected })),

  updateTags: async (ctx: TRequestContext, input: TReq<'updateTags'>) => {
    const { tagIds, mode } = input;
    const known = await tagMap(ctx.tx, ctx.auth.tenantId);
    if (tagIds.some((id) => !known.has(id))) throw crmErrors.tagGone();
    return batchFields(ctx, input.ids, (row) => {
      const next =
        mode === 'set'
          ? [...new Set(tagIds)]
          : mode === 'add'
            ? [...new Set([...row.tagIds, ...tagIds])]
            : row.tagIds.filter((id) => !tagIds.includes(id));
      return next.length > 20 ? { refuse: crmRefusals.tooManyTags } : { tagIds: next };
    });
  },
});
