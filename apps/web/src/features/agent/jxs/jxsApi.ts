import { useQuery } from '@tanstack/react-query';
import { agentRoutes } from '@yunhu/contract';
import { call } from '../../../shared/http/api';

/** The list keys of 经销商管理, 月度使用 and 解锁名单. */
export const jxsPageKey = 'agentJxs';
export const jxsUsePageKey = 'agentJxsUse';
export const jxsUnlockPageKey = 'agentJxsUnlock';

/** The enterprises a lead may move to: the agent's, or a distributor's own. */
export const useJxsEnterprises = (isEnabled: boolean) =>
  useQuery({
    queryKey: ['agent', 'jxsEnterprises'],
    queryFn: () => call(agentRoutes.jxsUnlockEnterprises, {}),
    enabled: isEnabled,
  });

/** The industry dictionary (get-industry), offered by the lead form; free text stays allowed. */
export const useIndustries = (isEnabled: boolean) =>
  useQuery({
    queryKey: ['agent', 'industries'],
    queryFn: () => call(agentRoutes.industry, {}),
    enabled: isEnabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
