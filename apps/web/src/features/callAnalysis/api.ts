import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callAnalysisRoutes } from '@yunhu/contract';
import { call } from '../../shared/http/api';

const r = callAnalysisRoutes;

export const callAnalysisKeys = { one: (id: number) => ['call-analysis', id] as const };

/** One call's analysis (null: none yet); asked again while it waits or runs. */
export const useCallAnalysis = (callRecordId: number) =>
  useQuery({
    queryKey: callAnalysisKeys.one(callRecordId),
    queryFn: () => call(r.one, { id: callRecordId }),
    refetchInterval: (q) => (q.state.data?.state === 'pending' || q.state.data?.state === 'running' ? 5000 : false),
  });

/** 重新分析: the call back in the queue; its panel shows 待分析 at once. */
export const useReanalyse = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (callRecordId: number) => call(r.reanalyse, { id: callRecordId }),
    onSuccess: (analysis) => client.setQueryData(callAnalysisKeys.one(analysis.callRecordId), analysis),
  });
};
