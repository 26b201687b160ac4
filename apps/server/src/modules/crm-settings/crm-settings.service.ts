import {
  type crmSettingsRoutes,
  Perm,
  type TCrmRules,
  type TCustomField,
  type TParsedRequestOf,
  type TScreenConfig,
  type TTag,
  toPage,
  ZScreenConfig,
} from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import type { TAuth, TRequestContext } from '../../http/context.js';
import { crmRepository, readCrmSettings } from '../crm/index.js';
import { isUniqueViolation } from '../org/index.js';
import { crmSettingsErrors } from './crm-settings.errors.js';
import { settingsRepository as repo, type TFieldRow, type TQuickRow, type TTagRow } from './crm-settings.repository.js';

type TReq<K extends keyof typeof crmSettingsRoutes> = TParsedRequestOf<(typeof crmSettingsRoutes)[K]>;

export const crmSettingsLimits = { tags: 100, fields: 50, ownQuick: 100, sharedQuick: 100 } as const;

const { tagMissing, fieldMissing, quickMissing, tagNameTaken, fieldNameTaken } = crmSettingsErrors;

const toTag = (r: { t: TTagRow; customerCount: number }): TTag => ({
  id: r.t.id,
  name: r.t.name,
  color: r.t.color,
  sort: r.t.sort,
  customerCount: r.customerCount,
});

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

const toQuick = (q: TQuickRow) => ({ id: q.id, content: q.content, isShared: q.userId === null, sort: q.sort });

const hasOptions = (type: string) => type === 'select' || type === 'multiselect';

/** Shared quick replies are the enterprise's: only the holders of the settings permission write them. */
const canManageShared = (auth: TAuth) => auth.isAdmin || auth.isSuper || auth.permissions.has(Perm.crmSettings);

/**
 * The reminder must come before the release it announces (release-job.ts reminds customers due
 * within remindBeforeDays): it needs a release rule and fewer days than the earliest one.
 */
const checkRules = (r: TCrmRules) => {
  if (r.remindBeforeDays === 0) return;
  const release = [r.releaseNoFollowDays, r.releaseNoDealDays].filter((d) => d > 0);
  if (release.length === 0) throw crmSettingsErrors.remindWithoutRelease();
  const first = Math.min(...release);
  if (r.remindBeforeDays >= first) throw crmSettingsErrors.remindTooLate(first);
};

/**
 * 客户设置 (crm-user-tag, sys-customer-field, quick-content) and 业务规则 (config-function). The
 * storage is the one the customer services read: tag ids in customers.tag_ids, custom values in
 * customers.custom_values keyed by the field id, one crm_settings row per tenant.
 */
export const createCrmSettingsService = () => {
  /** Runs a write whose unique index may still refuse a name another person saved at the same moment. */
  const uniquely = async <T>(ctx: TRequestContext, taken: () => Error, fn: (ctx: TRequestContext) => Promise<T>) => {
    try {
      return await fn(ctx);
    } catch (error) {
      if (isUniqueViolation(error)) throw taken();
      throw error;
    }
  };

  // ---- Tags ------------------------------------------------------------------------------------

  const tagSave = (ctx: TRequestContext, input: TReq<'tagSave'>): Promise<TTag> =>
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
  const tagDelete = async ({ auth, tx }: TRequestContext, id: number) => {
    if (!(await repo.tag(tx, auth.tenantId, id))) throw tagMissing();
    await repo.stripTag(tx, auth.tenantId, id);
    await repo.deleteTag(tx, auth.tenantId, id);
    return null;
  };

  // ---- Custom fields ---------------------------------------------------------------------------

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

  const fieldAdd = (ctx: TRequestContext, input: TReq<'fieldAdd'>): Promise<TCustomField> =>
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
  const fieldEdit = (ctx: TRequestContext, input: TReq<'fieldEdit'>): Promise<TCustomField> =>
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
      return toField(await repo.updateField(tx, t, before.id, next));
    });

  /** The field and every customer's value for it go together (jsonb `-` key), in one transaction. */
  const fieldDelete = async ({ auth, tx }: TRequestContext, id: number) => {
    await repo.lockFields(tx, auth.tenantId);
    if (!(await repo.field(tx, auth.tenantId, id, true))) throw fieldMissing();
    await repo.stripField(tx, auth.tenantId, id);
    await repo.deleteField(tx, auth.tenantId, id);
    return null;
  };

  // ---- Quick replies ---------------------------------------------------------------------------

  /** A reply this person may change: his own, or a shared one when he manages them. */
  const ownQuick = async (tx: TDb, auth: TAuth, id: number) => {
    const row = await repo.quick(tx, auth.tenantId, id);
    // Someone else's own reply is invisible to him, as another tenant's would be.
    if (!row || (row.userId !== null && row.userId !== auth.userId)) throw quickMissing();
    if (row.userId === null && !canManageShared(auth)) throw crmSettingsErrors.sharedQuickEdit();
    return row;
  };

  const quickSave = async ({ auth, tx }: TRequestContext, input: TReq<'quickSave'>) => {
    if (input.isShared && !canManageShared(auth)) throw crmSettingsErrors.sharedQuickSave();
    const userId = input.isShared ? null : auth.userId;
    const values = { content: input.content, sort: input.sort, userId };
    if (input.id !== undefined) {
      const before = await ownQuick(tx, auth, input.id);
      if (before.userId === userId) return toQuick(await repo.updateQuick(tx, auth.tenantId, before.id, values));
    }
    const max = input.isShared ? crmSettingsLimits.sharedQuick : crmSettingsLimits.ownQuick;
    if ((await repo.quickCount(tx, auth.tenantId, userId)) >= max) {
      throw crmSettingsErrors.quickLimit(input.isShared, max);
    }
    return toQuick(
      input.id === undefined
        ? await repo.insertQuick(tx, { tenantId: auth.tenantId, ...values })
        : await repo.updateQuick(tx, auth.tenantId, input.id, values),
    );
  };

  const quickDelete = async ({ auth, tx }: TRequestContext, id: number) => {
    await ownQuick(tx, auth, id);
    await repo.deleteQuick(tx, auth.tenantId, id);
    return null;
  };

  // ---- Rules, privacy and screen configs -------------------------------------------------------

  /** A tenant that never saved has no row: the defaults of readCrmSettings (no limits, privacy on). */
  const rulesGet = async ({ auth, tx }: TRequestContext) => {
    const { tenantId: _t, ...settings } = await readCrmSettings(tx, auth.tenantId);
    const audit = await repo.settingsAudit(tx, auth.tenantId);
    return {
      ...settings,
      updatedAt: audit?.updatedAt.getTime() ?? null,
      updatedByName: audit?.updatedByName ?? null,
    };
  };

  const rulesSave = async ({ auth, tx }: TRequestContext, rules: TCrmRules) => {
    checkRules(rules);
    await repo.upsertSettings(tx, auth.tenantId, { ...rules, updatedBy: auth.userId, updatedAt: new Date() });
    return null;
  };

  const privacySave = async ({ auth, tx }: TRequestContext, isPrivacyOn: boolean) => {
    await repo.upsertSettings(tx, auth.tenantId, { isPrivacyOn, updatedBy: auth.userId, updatedAt: new Date() });
    return null;
  };

  /** What was saved, or the screen's defaults when nothing (or something no longer valid) was. */
  const screenConfigGet = async ({ auth, tx }: TRequestContext, screen: string): Promise<TScreenConfig> => {
    const parsed = ZScreenConfig.safeParse(await repo.userConfig(tx, auth.tenantId, auth.userId, screen));
    return parsed.success ? parsed.data : { savedFilters: [] };
  };

  const screenConfigSave = async ({ auth, tx }: TRequestContext, input: TReq<'screenConfigSave'>) => {
    const { screen, ...config } = input;
    const names = config.savedFilters.map((f) => f.name);
    if (new Set(names).size !== names.length) throw crmSettingsErrors.filterNameRepeated();
    await repo.upsertUserConfig(tx, auth.tenantId, auth.userId, screen, config);
    return null;
  };

  return {
    tagList: async ({ auth, tx }: TRequestContext) => (await repo.tags(tx, auth.tenantId)).map(toTag),
    tagSave,
    tagDelete,
    fieldPage: async ({ auth, tx }: TRequestContext, q: TReq<'fieldPage'>) => {
      const { records, total } = await repo.fieldPage(tx, auth.tenantId, q.page, q.limit);
      return toPage(records.map(toField), total, q);
    },
    fieldQuery: async ({ auth, tx }: TRequestContext) =>
      (await crmRepository.customFields(tx, auth.tenantId)).map(toField),
    fieldAdd,
    fieldEdit,
    fieldDelete,
    quickList: async ({ auth, tx }: TRequestContext) =>
      (await repo.quickList(tx, auth.tenantId, auth.userId)).map(toQuick),
    quickSave,
    quickDelete,
    rulesGet,
    rulesSave,
    privacySave,
    screenConfigGet,
    screenConfigSave,
  };
};

export type TCrmSettingsService = ReturnType<typeof createCrmSettingsService>;
