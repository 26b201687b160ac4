import { useQuery, useQueryClient } from '@tanstack/react-query';
import { agentRoutes, type TRequestOf } from '@yunhu/contract';
import { call } from '../../shared/http/api';
import { agentPageKey } from './api';

const r = agentRoutes;

/** List keys of 代理商结算 (their query keys start with them). */
export const platformSettlementPageKey = 'platformAgentSettlements';
export const agentSettlementPageKey = 'agentSettlements';
export const agentStatementPageKey = 'agentStatement';
const summaryKey = (agentId: number | null) => ['agentSettlement', 'summary', agentId] as const;
const mySummaryKey = ['agentSettlement', 'mySummary'] as const;

/** The platform's view of one agent's margin: earned, taken back, settled, settleable, per month. */
export const useSettlementSummary = (agentId: number | null) =>
  useQuery({
    queryKey: summaryKey(agentId),
    queryFn: () => call(r.platformSettlementSummary, { agentId: agentId! }),
    enabled: agentId !== null,
  });

/** The agent's own summary (its 结算记录 screen). */
export const useMySettlementSummary = () =>
  useQuery({ queryKey: mySummaryKey, queryFn: () => call(r.settlementSummary, {}) });

/** Records a settlement; the summary, the settlement list and the agents' balances refresh. */
export const useSettle = () => {
  const client = useQueryClient();
  return async (input: TRequestOf<typeof r.platformSettle>) => {
    const settled = await call(r.platformSettle, input);
    await Promise.all([
      client.invalidateQueries({ queryKey: ['agentSettlement'] }),
      // The drawer's list is keyed per agent (`platformAgentSettlements-<id>`).
      client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(platformSettlementPageKey) }),
      client.invalidateQueries({ queryKey: [agentPageKey] }),
    ]);
    return settled;
  };
};

/** Closes or reopens an agent; the agents' list refreshes. */
export const useSetAgentStatus = () => {
  const client = useQueryClient();
  return async (input: TRequestOf<typeof r.platformAgentStatus>) => {
    await call(r.platformAgentStatus, input);
    await client.invalidateQueries({ queryKey: [agentPageKey] });
  };
};
