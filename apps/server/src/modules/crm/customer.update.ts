import type { crmRoutes, TCustomer, TParsedRequestOf } from '@yunhu/contract';
import type { TRequestContext } from '../../http/context.js';
import { emitWebhookEvent } from '../integration/index.js';
import { pinyinOf } from '../org/index.js';
import { tagMap } from './crm.context.js';
import { crmErrors } from './crm.errors.js';
import { crmRepository } from './crm.repository.js';
import { diffCustomer } from './crm.view.js';
import { checkCustomValues, checkTags, existOf, type TCustomValues, withUniqueMobile } from './customer.checks.js';
import { view, visible } from './customer.read.js';
import { customerRepository as repo } from './customer.repository.js';
import type { TCustomerRow, TPool } from './customer-filter.repository.js';

type TReq<K extends keyof typeof crmRoutes> = TParsedRequestOf<(typeof crmRoutes)[K]>;

/** 编辑客户: the fields sent change, each change in the customer's change log. */
export const update = async (
  { auth, tx, scope }: TRequestContext,
  input: TReq<'customerUpdate'>,
  pool: TPool,
): Promise<TCustomer> => {
  const before = await visible(tx, auth, scope, input.id, true);
  // Each list edits its own pool's customers (updateUserCus, updateCud); one claimed or released
  // since the list was read is refused, so the edit lands where the person thinks it does.
  if ((before.ownerId === null) !== (pool === 'public')) throw crmErrors.poolChanged(before.ownerId === null);
  if (input.mobile !== undefined && input.mobile !== before.mobile) {
    const dup = await existOf(tx, auth, input.mobile, before.id);
    if (dup.isExist) throw crmErrors.mobileTaken(dup.message);
  }
  if (input.tagIds) await checkTags(tx, auth.tenantId, input.tagIds);
  const fields = await crmRepository.customFields(tx, auth.tenantId);
  let customValues: TCustomValues | undefined;
  if (input.customValues) {
    customValues = { ...before.customValues, ...input.customValues };
    checkCustomValues(fields, input.customValues, customValues);
  }
  if (
    input.nextFollowAt != null &&
    input.nextFollowAt <= Date.now() &&
    input.nextFollowAt !== before.nextFollowAt?.getTime()
  ) {
    throw crmErrors.nextFollowPast();
  }
  const set: Partial<TCustomerRow> = {};
  const copy = [
    'name',
    'mobile',
    'company',
    'address',
    'remark',
    'source',
    'intentionLevel',
    'isDeal',
    'phoneLabel',
    'isProtected',
  ] as const;
  for (const k of copy) if (input[k] !== undefined) (set as Record<string, unknown>)[k] = input[k];
  if (input.tagIds) set.tagIds = [...new Set(input.tagIds)];
  if (input.nextFollowAt !== undefined)
    set.nextFollowAt = input.nextFollowAt === null ? null : new Date(input.nextFollowAt);
  if (input.name !== undefined) Object.assign(set, pinyinOf(input.name));
  if (input.isDeal !== undefined && input.isDeal !== before.isDeal) set.dealAt = input.isDeal ? new Date() : null;
  const tags = await tagMap(tx, auth.tenantId);
  const changes = diffCustomer(
    before,
    { ...set, ...(input.customValues ? { customValues: input.customValues } : {}) },
    tags,
    new Map(fields.map((f) => [String(f.id), { name: f.name, type: f.type }])),
  );
  if (customValues) set.customValues = customValues;
  if (changes.length > 0) {
    await withUniqueMobile(tx, auth, input.mobile, input.id, (sp) => repo.update(sp, auth.tenantId, [before.id], set));
    await crmRepository.insertChangeLogs(tx, [
      { tenantId: auth.tenantId, customerId: before.id, userId: auth.userId, changes },
    ]);
    // 客户修改 to the enterprise's webhooks with what changed, in the edit's own transaction.
    await emitWebhookEvent(tx, auth.tenantId, 'customer.updated', {
      customerId: before.id,
      changes,
      updatedBy: auth.userId,
      updatedAt: Date.now(),
    });
  }
  return view(tx, before.id, auth);
};
