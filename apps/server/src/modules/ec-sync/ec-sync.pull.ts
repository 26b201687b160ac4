import { crmRoutes, ecOurFields, type TEcOurField } from '@yunhu/contract';
import type { TDatabase } from '../../db/client.js';
import { withTenant } from '../../db/tenant.js';
import type { TRequestContext } from '../../http/context.js';
import type { TEcClient, TEcCustomer } from './ec.client.js';
import { ecSyncRepository as repo, type TEcConfigRow } from './ec-sync.repository.js';

/** The CRM's 编辑客户 (its checks: visibility, pool, unique mobile, the change log). */
export type TUpdateCustomer = (
  ctx: TRequestContext,
  input: ReturnType<typeof crmRoutes.customerUpdate.request.parse>,
  pool: 'private' | 'public',
) => Promise<unknown>;

/** EC's page size for the query by update time, and how many pages one pull reads at most. */
const pageSize = 200;
const maxPages = 20;

/** An EC customer's fields as our edit: each mapped field EC sent, under our name. */
export const editOf = (config: TEcConfigRow, c: TEcCustomer): Partial<Record<TEcOurField, string>> => {
  const edit: Partial<Record<TEcOurField, string>> = {};
  for (const ours of ecOurFields) {
    const theirs = config.fieldMap[ours];
    const value = theirs ? c.fields[theirs] : undefined;
    if (value !== undefined && value !== '') edit[ours] = value;
  }
  return edit;
};

const errorText = (error: unknown) => (error instanceof Error && 'reason' in error ? error.message : '更新失败');

/**
 * 拉取: the customers EC changed between `from` and `to` that are linked to ours, each applied as
 * the administrator's 编辑客户 in a transaction of its own (one refused edit does not undo the
 * others); EC customers we never sent are left alone.
 */
export const pullChanges = async (
  deps: { database: TDatabase; updateCustomer: TUpdateCustomer },
  ctx: Omit<TRequestContext, 'tx'>,
  config: TEcConfigRow,
  client: TEcClient,
  range: { from: Date; to: Date },
) => {
  const changed: TEcCustomer[] = [];
  for (let page = 1; page <= maxPages; page += 1) {
    const { list, total } = await client.queryChanged(range.from, range.to, page, pageSize);
    changed.push(...list);
    if (list.length < pageSize || changed.length >= total) break;
  }
  const tenantId = ctx.auth.tenantId;
  const ours = await withTenant(deps.database, tenantId, (tx) =>
    repo.customersOfCrm(tx, tenantId, [...new Set(changed.map((c) => c.crmId))]),
  );
  const byCrm = new Map(ours.map((o) => [o.crmId, o]));
  let updated = 0;
  const failures: string[] = [];
  for (const c of changed) {
    const mine = byCrm.get(c.crmId);
    if (!mine) continue;
    const parsed = crmRoutes.customerUpdate.request.safeParse({ id: mine.customerId, ...editOf(config, c) });
    if (!parsed.success) {
      failures.push(`EC客户 ${c.crmId}：${parsed.error.issues[0]?.message ?? '字段不正确'}`);
      continue;
    }
    try {
      await withTenant(deps.database, tenantId, (tx) =>
        deps.updateCustomer({ ...ctx, tx }, parsed.data, mine.ownerId === null ? 'public' : 'private'),
      );
      updated += 1;
    } catch (error) {
      failures.push(`EC客户 ${c.crmId}：${errorText(error)}`);
    }
  }
  const summary = `腾讯EC 变更客户 ${changed.length} 个，已更新 ${updated} 个`;
  return { failures, text: failures.length ? `${summary}；${failures.slice(0, 5).join('；')}` : summary };
};
