import type { crmRoutes, TCustomer, TParsedRequestOf } from '@yunhu/contract';
import type { TRequestContext } from '../../http/context.js';
import { emitWebhookEvent } from '../integration/index.js';
import { pinyinOf } from '../org/index.js';
import { targetStaff } from './crm.context.js';
import { crmErrors } from './crm.errors.js';
import { crmRepository } from './crm.repository.js';
import { readCrmSettings } from './crm.rules.js';
import { checkCustomValues, checkTags, existOf, withUniqueMobile } from './customer.checks.js';
import { view } from './customer.read.js';
import { customerRepository as repo } from './customer.repository.js';

type TReq<K extends keyof typeof crmRoutes> = TParsedRequestOf<(typeof crmRoutes)[K]>;

/** 新建客户: the mobile unique in the tenant, the owner within maxOwned, tags and custom values known. */
export const create = async (
  { auth, tx, scope }: TRequestContext,
  /** ownerId: absent = the creator; null = straight into the public pool. */
  input: TReq<'poolCreate'> & { ownerId?: number | null },
): Promise<TCustomer> => {
  const dup = await existOf(tx, auth, input.mobile);
  if (dup.isExist) throw crmErrors.mobileTaken(dup.message);
  const settings = await readCrmSettings(tx, auth.tenantId);
  const ownerId = input.ownerId === undefined ? auth.userId : input.ownerId;
  let owner: { id: number; realName: string; deptId: number | null } | null = null;
  if (ownerId !== null) {
    owner =
      ownerId === auth.userId
        ? { id: auth.userId, realName: '您', deptId: auth.deptId }
        : (await targetStaff(tx, auth, scope, [ownerId]))[0]!;
    if (settings.maxOwned > 0) {
      const owned = (await repo.ownedCounts(tx, auth.tenantId, [ownerId])).get(ownerId) ?? 0;
      if (owned + 1 > settings.maxOwned) throw crmErrors.overMax(owner.realName, owned, 1, settings.maxOwned);
    }
  }
  await checkTags(tx, auth.tenantId, input.tagIds);
  const fields = await crmRepository.customFields(tx, auth.tenantId);
  checkCustomValues(fields, input.customValues, input.customValues);
  if (input.nextFollowAt !== null && input.nextFollowAt <= Date.now()) throw crmErrors.nextFollowPast();
  const now = new Date();
  const id = await withUniqueMobile(tx, auth, input.mobile, undefined, (sp) =>
    repo.insert(sp, {
      tenantId: auth.tenantId,
      name: input.name,
      ...pinyinOf(input.name),
      mobile: input.mobile,
      company: input.company,
      address: input.address,
      remark: input.remark,
      source: input.source,
      intentionLevel: input.intentionLevel,
      isDeal: input.isDeal,
      dealAt: input.isDeal ? now : null,
      phoneLabel: input.phoneLabel,
      tagIds: [...new Set(input.tagIds)],
      isProtected: input.isProtected,
      nextFollowAt: input.nextFollowAt === null ? null : new Date(input.nextFollowAt),
      customValues: input.customValues,
      ownerId: owner?.id ?? null,
      deptId: owner?.deptId ?? null,
      ownedAt: owner ? now : null,
      poolAt: owner ? null : now,
      createdBy: auth.userId,
    }),
  );
  await crmRepository.insertOwnerLogs(tx, [
    {
      tenantId: auth.tenantId,
      customerId: id,
      action: 'create',
      toUserId: owner?.id ?? null,
      operatorId: auth.userId,
    },
  ]);
  // 客户新增 to the enterprise's webhooks, in the customer's own transaction (the outbox).
  await emitWebhookEvent(tx, auth.tenantId, 'customer.created', {
    customerId: id,
    name: input.name,
    mobile: input.mobile,
    company: input.company,
    source: input.source,
    intentionLevel: input.intentionLevel,
    ownerId: owner?.id ?? null,
    createdBy: auth.userId,
    createdAt: now.getTime(),
  });
  return view(tx, id, auth);
};
