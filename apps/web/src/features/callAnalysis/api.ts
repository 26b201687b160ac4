import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callAnalysisRoutes, type TExtractionFieldInput, type TQualityRuleInput } from '@yunhu/contract';
import { call } from '../../shared/http/api';

const r = callAnalysisRoutes;

export const callAnalysisKeys = { one: (id: number) => ['call-analysis', id] as const };

/**
 * One call's analysis (null: none yet); asked again while it waits or runs. `isJustEnded`: the
 * call has just ended, so its analysis may not be queued yet (it is once the recording is): a
 * missing one is asked for again too, for two minutes.
 */
export const useCallAnalysis = (callRecordId: number, opts: { isJustEnded?: boolean } = {}) =>
  useQuery({
    queryKey: callAnalysisKeys.one(callRecordId),
    queryFn: () => call(r.one, { id: callRecordId }),
    refetchInterval: (q) => {
      const state = q.state.data?.state;
      if (state === 'pending' || state === 'running') return 5000;
      return opts.isJustEnded && q.state.data === null && q.state.dataUpdateCount < 24 ? 5000 : false;
    },
  });

/** 重新分析: the call back in the queue; its panel shows 待分析 at once. */
export const useReanalyse = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (callRecordId: number) => call(r.reanalyse, { id: callRecordId }),
    onSuccess: (analysis) => client.setQueryData(callAnalysisKeys.one(analysis.callRecordId), analysis),
  });
};

const qualityKeys = {
  rules: ['call-quality', 'rules'],
  fields: ['call-quality', 'fields'],
  scope: ['call-quality', 'scope'],
};

/** 质检设置's lists: the enterprise's rules, fields and analysed lines. */
export const useQualityRules = () => useQuery({ queryKey: qualityKeys.rules, queryFn: () => call(r.ruleList, {}) });
export const useExtractionFields = () =>
  useQuery({ queryKey: qualityKeys.fields, queryFn: () => call(r.fieldList, {}) });
export const useAnalysisScope = () => useQuery({ queryKey: qualityKeys.scope, queryFn: () => call(r.scopeGet, {}) });

/** Saves and deletes of 质检设置, each refreshing its list. */
export const useQualityActions = () => {
  const client = useQueryClient();
  const after = (key: readonly string[]) => () => client.invalidateQueries({ queryKey: key });
  return {
    saveRule: useMutation({
      mutationFn: (input: TQualityRuleInput) => call(r.ruleSave, input),
      onSuccess: after(qualityKeys.rules),
    }),
    deleteRule: useMutation({
      mutationFn: (id: number) => call(r.ruleDelete, { id }),
      onSuccess: after(qualityKeys.rules),
    }),
    saveField: useMutation({
      mutationFn: (input: TExtractionFieldInput) => call(r.fieldSave, input),
      onSuccess: after(qualityKeys.fields),
    }),
    deleteField: useMutation({
      mutationFn: (id: number) => call(r.fieldDelete, { id }),
      onSuccess: after(qualityKeys.fields),
    }),
    saveScope: useMutation({
      mutationFn: (lineIds: number[] | null) => call(r.scopeSave, { lineIds }),
      onSuccess: after(qualityKeys.scope),
    }),
  };
};
