import { AgentPerm, agentRoutes, type TAgentStatementEntry } from '@yunhu/contract';
import { Tag } from 'antd';
import * as t from '../../../locales/zh-CN';
import { optionsOf } from '../../../shared/form/options';
import { SelectFilter } from '../../../shared/list/FilterItems';
import { ListPage } from '../../../shared/list/ListPage';
import { moneyColumn } from '../../../shared/list/moneyColumn';
import { timeColumn } from '../../../shared/list/timeColumn';
import type { TListColumn } from '../../../shared/list/types';
import { agentStatementPageKey } from '../settlementApi';

const s = t.agentSettlement;

type TShownKind = 'margin' | 'reversal' | 'settlement';
const kindLabel: Record<TShownKind, string> = {
  margin: s.kindMargin,
  reversal: s.kindReversal,
  settlement: s.kindSettlement,
};
const kindColor: Record<TShownKind, string> = { margin: 'green', reversal: 'orange', settlement: 'blue' };

/** A movement's kind as the agent reads it: a margin, a margin taken back by a refund, or a settlement. */
const shownKindOf = (e: Pick<TAgentStatementEntry, 'kind' | 'amount'>): TShownKind =>
  e.kind === 'settlement' ? 'settlement' : e.amount < 0 ? 'reversal' : 'margin';
export const statementKindOf = (e: Pick<TAgentStatementEntry, 'kind' | 'amount'>) => kindLabel[shownKindOf(e)];

/** The kinds the request filters by (a reversal is filed under its margin). */
const kindOptions = optionsOf(['margin', 'settlement'], kindLabel);

const columns: TListColumn<TAgentStatementEntry>[] = [
  timeColumn(s.time),
  {
    key: 'kind',
    title: s.kind,
    dataIndex: 'kind',
    render: (_v, e) => <Tag color={kindColor[shownKindOf(e)]}>{statementKindOf(e)}</Tag>,
  },
  moneyColumn(s.entryAmount, 'amount'),
  moneyColumn(s.balanceAfter, 'balanceAfter'),
  { key: 'bizKey', title: s.bizKey, dataIndex: 'bizKey' },
  { key: 'remark', title: s.entryRemark, dataIndex: 'remark', ellipsis: true },
];

/** 利润明细 (agent/statement): every margin, reversal and settlement of the agent, paged on the server, exportable. */
export const AgentStatementPage = () => (
  <ListPage
    pageKey={agentStatementPageKey}
    title={s.statement}
    hint={s.statementHint}
    route={agentRoutes.statementPage}
    columns={columns}
    export={{ route: agentRoutes.statementExport, permission: AgentPerm.orderList }}
    filters={
      <SelectFilter name="kind" label={s.kind} placeholder={s.kindPlaceholder} width={140} options={kindOptions} />
    }
  />
);
