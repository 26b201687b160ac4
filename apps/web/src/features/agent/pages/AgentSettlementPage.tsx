import { agentRoutes, money } from '@yunhu/contract';
import * as t from '../../../locales/zh-CN';
import { ListPage } from '../../../shared/list/ListPage';
import { settlementColumns } from '../components/AgentSettlementDrawer';
import { agentSettlementPageKey, useMySettlementSummary } from '../settlementApi';

const s = t.agentSettlement;

/** 结算记录 (agent/settlements): what the platform paid the agent, with its margin totals above. */
export const AgentSettlementPage = () => {
  const summary = useMySettlementSummary();
  const d = summary.data;
  return (
    <ListPage
      pageKey={agentSettlementPageKey}
      title={s.mySettlements}
      hint={
        d && (
          <span data-testid="agent-settlement-total">
            {s.mySummary(money(d.earned), money(d.reversed), money(d.settled), money(d.balance))}
          </span>
        )
      }
      route={agentRoutes.settlementPage}
      columns={settlementColumns.filter((c) => c.key !== 'createdByName')}
    />
  );
};
