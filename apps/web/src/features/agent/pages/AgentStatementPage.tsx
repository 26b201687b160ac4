import { AgentPerm, agentRoutes, type TAgentStatementEntry } from '@yunhu/contract';
import { Tag } from 'antd';
import * as t from '../../../locales/zh-CN';
import { SelectFilter } from '../../../shared/list/FilterItems';
import { ListPage } from '../../../shared/list/ListPage';
import { moneyColumn } from '../../../shared/list/moneyColumn';
import { timeColumn } from '../../../shared/list/timeColumn';
import type { TListColumn } from '../../../shared/list/types';
import { agentStatementPageKey } from '../settlementApi';

const s = t.agentSettlement;

/** A movement's kind as the agent reads it: a margin, a margin taken back by a refund, or a settlement. */
export const statementKindOf = (e: Pick<TAgentStatementEntry, 'kind' | 'amount'>) =>
  e.kind === 'settlement' ? s.kindSettlement : e.amount < 0 ? s.kindReversal : s.kindMargin;

const columns: TListColumn<TAgentStatementEntry>[] = [
  timeColumn(s.time),
  {
    key: 'kind',
    title: s.kind,
    dataIndex: 'kind',
    render: (_v, e) => (
      <Tag color={e.kind === 'settlement' ? 'blue' : e.amount < 0 ? 'orange' : 'green'}>{statementKindOf(e)}</Tag>
    ),
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
      <SelectFilter
        name="kind"
        label={s.kind}
        placeholder={s.kindPlaceholder}
        width={140}
        options={[
          { value: 'margin', label: s.kindMargin },
          { value: 'settlement', label: s.kindSettlement },
        ]}
      />
    }
  />
);
