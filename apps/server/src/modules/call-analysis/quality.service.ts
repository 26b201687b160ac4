import {
  type callAnalysisRoutes,
  qualityLimits,
  type TAnalysisScope,
  type TExtractionField,
  type TParsedRequestOf,
  type TQualityRule,
} from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import { isUniqueViolation } from '../../db/unique.js';
import type { TRequestContext } from '../../http/context.js';
import { callAnalysisErrors as errors } from './call-analysis.errors.js';
import { qualityRepository as repo, type TFieldRow, type TRuleRow } from './quality.repository.js';

type TIn<K extends keyof typeof callAnalysisRoutes> = TParsedRequestOf<(typeof callAnalysisRoutes)[K]>;

const toRule = (r: TRuleRow): TQualityRule => ({
  id: r.id,
  name: r.name,
  isEnabled: r.isEnabled,
  rule: r.rule,
  updatedAt: r.updatedAt.getTime(),
});

export const toField = (f: TFieldRow): TExtractionField => ({
  id: f.id,
  name: f.name,
  type: f.type,
  options: f.options,
  hint: f.hint,
  keywords: f.keywords,
  sort: f.sort,
});

/** A write whose unique index may still refuse a name another person saved at the same moment. */
const uniquely = async <T>(taken: () => Error, fn: () => Promise<T>) => {
  try {
    return await fn();
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
};

/**
 * 质检设置 (docs/decisions/0104): the enterprise's quality rules and extraction fields, and the
 * lines whose calls are analysed. They apply when a call is analysed (a re-analysis applies the
 * current ones); what an analysed call found stays as it was found.
 */
export const qualitySettings = {
  rules: async ({ auth, tx }: TRequestContext) => (await repo.rules(tx, auth.tenantId)).map(toRule),

  saveRule: ({ auth, tx }: TRequestContext, { id, ...input }: TIn<'ruleSave'>) =>
    uniquely(errors.ruleNameTaken, async () => {
      await repo.lock(tx, 'call_quality_rules', auth.tenantId);
      if (await repo.ruleNamed(tx, auth.tenantId, input.name, id)) throw errors.ruleNameTaken();
      if (id) {
        const row = await repo.updateRule(tx, auth.tenantId, id, { ...input, updatedAt: new Date() });
        if (!row) throw errors.ruleMissing();
        return toRule(row);
      }
      if ((await repo.ruleCount(tx, auth.tenantId)) >= qualityLimits.rules) throw errors.ruleLimit(qualityLimits.rules);
      return toRule(await repo.insertRule(tx, { tenantId: auth.tenantId, ...input }));
    }),

  deleteRule: async ({ auth, tx }: TRequestContext, { id }: TIn<'ruleDelete'>) => {
    if (!(await repo.deleteRule(tx, auth.tenantId, id))) throw errors.ruleMissing();
    return null;
  },

  fields: async ({ auth, tx }: TRequestContext) => (await repo.fields(tx, auth.tenantId)).map(toField),

  saveField: ({ auth, tx }: TRequestContext, { id, ...input }: TIn<'fieldSave'>) =>
    uniquely(errors.fieldNameTaken, async () => {
      await repo.lock(tx, 'call_extraction_fields', auth.tenantId);
      if (await repo.fieldNamed(tx, auth.tenantId, input.name, id)) throw errors.fieldNameTaken();
      // Options belong to 单选 only.
      const values = { ...input, options: input.type === 'choice' ? input.options : [] };
      if (id) {
        const row = await repo.updateField(tx, auth.tenantId, id, values);
        if (!row) throw errors.fieldMissing();
        return toField(row);
      }
      if ((await repo.fieldCount(tx, auth.tenantId)) >= qualityLimits.fields) {
        throw errors.fieldLimit(qualityLimits.fields);
      }
      return toField(await repo.insertField(tx, { tenantId: auth.tenantId, ...values }));
    }),

  deleteField: async ({ auth, tx }: TRequestContext, { id }: TIn<'fieldDelete'>) => {
    if (!(await repo.deleteField(tx, auth.tenantId, id))) throw errors.fieldMissing();
    return null;
  },

  scope: async ({ auth, tx }: TRequestContext): Promise<TAnalysisScope> => ({
    lineIds: await repo.scope(tx, auth.tenantId),
  }),

  saveScope: async ({ auth, tx }: TRequestContext, { lineIds }: TIn<'scopeSave'>): Promise<TAnalysisScope> => {
    const ids = lineIds && [...new Set(lineIds)];
    await repo.saveScope(tx, auth.tenantId, ids);
    return { lineIds: ids };
  },
};

/** What an analysis applies: the enterprise's enabled rules and its fields, as they stand now. */
export const qualityToApply = async (tx: TDb, tenantId: number) => {
  const rules = await repo.rules(tx, tenantId, true);
  const fields = await repo.fields(tx, tenantId);
  return { rules: rules.map((r) => ({ id: r.id, name: r.name, rule: r.rule })), fields: fields.map(toField) };
};
