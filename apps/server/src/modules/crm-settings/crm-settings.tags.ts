import type { TTag } from '@yunhu/contract';
import type { TRequestContext } from '../../http/context.js';
import { crmSettingsErrors } from './crm-settings.errors.js';
import { crmSettingsLimits, type TReq, uniquely } from './crm-settings.kit.js';
import { settingsRepository as repo, type TTagRow } from './crm-settings.repository.js';

const { tagMissing, tagNameTaken } = crmSettingsErrors;

const toTag = (r: { t: TTagRow; customerCount: number }): TTag => ({
  id: r.t.id,
  name: r.t.name,
  color: r.t.color,
  sort: r.t.sort,
  customerCount: r.customerCount,
});

/** 标签 (crm-user-tag): the tenant's tags with the live customers carrying each. */
export const tagList = async ({ auth, tx }: TRequestContext) => (await repo.tags(tx, auth.tenantId)).map(toTag);

export const tagSave = (ctx: TRequestContext, input: TReq<'tagSave'>): Promise<TTag> =>
  uniquely(ctx, tagNameTaken, async ({ auth, tx }) => {
    const t = auth.tenantId;
    if (input.id !== undefined && !(await repo.tag(tx, t, input.id))) throw tagMissing();
    if (await repo.tagNamed(tx, t, input.name, input.id)) throw tagNameTaken();
    const values = { name: input.name, color: input.color, sort: input.sort };
    let id = input.id;
    if (id === undefined) {
      if ((await repo.tagCount(tx, t)) >= crmSettingsLimits.tags) {
        throw crmSettingsErrors.tagLimit(crmSettingsLimits.tags);
      }
      id = await repo.insertTag(tx, { tenantId: t, ...values });
    } else {
      await repo.updateTag(tx, t, id, values);
    }
    return toTag((await repo.tag(tx, t, id))!);
  });

/** The tag leaves every customer carrying it in the same transaction, so no customer keeps a dead id. */
export const tagDelete = async ({ auth, tx }: TRequestContext, id: number) => {
  if (!(await repo.tag(tx, auth.tenantId, id))) throw tagMissing();
  await repo.stripTag(tx, auth.tenantId, id);
  await repo.deleteTag(tx, auth.tenantId, id);
  return null;
};
