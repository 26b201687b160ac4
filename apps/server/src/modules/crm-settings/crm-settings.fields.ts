import { type TCustomField, toPage } from '@yunhu/contract';
import type { TRequestContext } from '../../http/context.js';
import { crmRepository } from '../crm/index.js';
import { crmSettingsErrors } from './crm-settings.errors.js';
import { crmSettingsLimits, type TReq, uniquely } from './crm-settings.kit.js';
import { settingsRepository as repo, type TFieldRow } from './crm-settings.repository.js';

const { fieldMissing, fieldNameTaken } = crmSettingsErrors;

const toField = (f: TFieldRow): TCustomField => ({
  id: f.id,
  name: f.name,
  type: f.type as TCustomField['type'],
  options: f.options,
  isRequired: f.isRequired,
  isInList: f.isInList,
  isInFilter: f.isInFilter,
  sort: f.sort,
});

const hasOptions = (type: string) => type === 'select' || type === 'multiselect';

/** 自定义字段 (sys-customer-field), a page of them for the settings screen. */
export const fieldPage = async ({ auth, tx }: TRequestContext, q: TReq<'fieldPage'>) => {
  const { records, total } = await repo.fieldPage(tx, auth.tenantId, q.page, q.limit);
  return toPage(records.map(toField), total, q);
};

/** Every custom field, for the customer forms and filters. */
export const fieldQuery = async ({ auth, tx }: TRequestContext) =>
  (await crmRepository.customFields(tx, auth.tenantId)).map(toField);

/** Options belong to the choice types only; the other types keep none. */
const fieldValues = (input: TReq<'fieldAdd'>) => ({
  name: input.name,
  type: input.type,
  options: hasOptions(input.type) ? input.options : [],
  isRequired: input.isRequired,
  isInList: input.isInList,
  isInFilter: input.isInFilter,
  sort: input.sort,
});

export const fieldAdd = (ctx: TRequestContext, input: TReq<'fieldAdd'>): Promise<TCustomField> =>
  uniquely(ctx, fieldNameTaken, async ({ auth, tx }) => {
    await repo.lockFields(tx, auth.tenantId);
    if (await repo.fieldNamed(tx, auth.tenantId, input.name)) throw fieldNameTaken();
    if ((await repo.fieldCount(tx, auth.tenantId)) >= crmSettingsLimits.fields) {
      throw crmSettingsErrors.fieldLimit(crmSettingsLimits.fields);
    }
    return toField(await repo.insertField(tx, { tenantId: auth.tenantId, ...fieldValues(input) }));
  });

/**
 * The type is fixed once any customer (recycle bin included) has a value: the values would no
 * longer fit it. Options may be added, renamed away or removed only while no customer chose them:
 * a chosen option is refused with the number of customers using it, rather than silently
 * leaving values outside the list (which would then fail the customer's next save).
 */
export const fieldEdit = (ctx: TRequestContext, input: TReq<'fieldEdit'>): Promise<TCustomField> =>
  uniquely(ctx, fieldNameTaken, async ({ auth, tx }) => {
    const t = auth.tenantId;
    await repo.lockFields(tx, t);
    const before = await repo.field(tx, t, input.id, true);
    if (!before) throw fieldMissing();
    if (await repo.fieldNamed(tx, t, input.name, input.id)) throw fieldNameTaken();
    const next = fieldValues(input);
    if (next.type !== before.type) {
      const n = await repo.valueCount(tx, t, before.id);
      if (n > 0) {
        throw crmSettingsErrors.fieldTypeFixed(before.name, n);
      }
    } else if (hasOptions(before.type)) {
      const removed = before.options.filter((o) => !next.options.includes(o));
      // Named in the field's own option order (a grouped count comes back in any order).
      const counts = await repo.optionUse(tx, t, before.id, removed);
      const used = removed.map((o) => [o, counts.get(o) ?? 0] as const).filter(([, n]) => n > 0);
      if (used.length > 0) {
        const list = used.map(([o, n]) => `「${o}」（${n}个客户）`).join('、');
        throw crmSettingsErrors.optionsInUse(list, before.name);
      }
    }
    const saved = await repo.updateField(tx, t, before.id, next);
    if (!saved) throw fieldMissing();
    return toField(saved);
  });

/** The field and every customer's value for it go together (jsonb `-` key), in one transaction. */
export const fieldDelete = async ({ auth, tx }: TRequestContext, id: number) => {
  await repo.lockFields(tx, auth.tenantId);
  if (!(await repo.field(tx, auth.tenantId, id, true))) throw fieldMissing();
  await repo.stripField(tx, auth.tenantId, id);
  await repo.deleteField(tx, auth.tenantId, id);
  return null;
};
