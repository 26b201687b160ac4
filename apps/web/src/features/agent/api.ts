import { useQuery, useQueryClient } from '@tanstack/react-query';
import { agentRoutes, type TRequestOf, type TResponseOf } from '@yunhu/contract';
import { call } from '../../shared/http/api';

const r = agentRoutes;

/** Page keys of the lists (their query keys start with them). */
export const agentPageKey = 'platformAgents';
export const agentEnterprisePageKey = 'agentEnterprises';
export const agentOrderPageKey = 'agentOrders';
const infoKey = ['agent', 'info'] as const;
const pricesKey = ['agent', 'prices'] as const;

export type TAgentRow = TResponseOf<typeof r.platformAgentPage>['records'][number];
export type TPriceRow = TResponseOf<typeof r.myPrice>[number];
export type TAgentCreate = TRequestOf<typeof r.platformAgentCreate>;

/** The agent's own name, invitation code, enterprise count and margin balance. */
export const useAgentInfo = () => useQuery({ queryKey: infoKey, queryFn: () => call(r.info, {}) });

/** 价格设置: base price and the agent's own, per item; saving refreshes it. */
export const useMyPrices = () => {
  const client = useQueryClient();
  const query = useQuery({ queryKey: pricesKey, queryFn: () => call(r.myPrice, {}) });
  const save = async (input: TRequestOf<typeof r.setMyPrice>) => {
    await call(r.setMyPrice, input);
    await client.invalidateQueries({ queryKey: pricesKey });
  };
  return { ...query, save };
};

/** The platform's view of one agent's prices (beside the base prices). */
export const useAgentPrices = (agentId: number | null) =>
  useQuery({
    queryKey: ['agent', 'platformPrices', agentId],
    queryFn: () => call(r.platformAgentPrices, { agentId: agentId! }),
    enabled: agentId !== null,
  });

/** The platform creates an agent; the list refreshes. */
/** 数据审核 for the agent's enterprises, allowed or withdrawn by the platform. */
export const useAgentReportReview = () => {
  const client = useQueryClient();
  return async (id: number, isAllowed: boolean) => {
    await call(r.platformAgentReportReview, { id, isAllowed });
    await client.invalidateQueries({ queryKey: [agentPageKey] });
  };
};

export const useCreateAgent = () => {
  const client = useQueryClient();
  return async (input: TAgentCreate) => {
    const created = await call(r.platformAgentCreate, input);
    await client.invalidateQueries({ queryKey: [agentPageKey] });
    return created;
  };
};
